import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { loadPracticeTest } from "~/practice-tests/attempts.server";
import { weekStartOf } from "~/practice-tests/progress";
import { PRACTICE_MESSAGES } from "~/practice-tests/test-view.server";
import { action as carsAction, loader as carsLoader } from "~/routes/cars-passages+/$weekSlug";
import { action as lsatAction, loader as lsatLoader } from "~/routes/lsat-practice-tests+/$testId";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor, type RouteVisitor } from "../../support/route-visitor";
import { expectRedirectWithToast } from "../../support/toast";

/**
 * LSAT practice tests and weekly CARS passages as a browser without JavaScript takes them: timed
 * sections on the server's clock, answers that never leave the server before a section is handed
 * in, the scaled score from the test's own table, and attempts that are each student's own.
 */
const database = useTestDatabase();
const db = () => database().db;
const LSAT = "/lsat-practice-tests/lsat-practice-test-1";

async function student() {
  const user = await db()
    .insertInto("users")
    .values({ email: `practice-${randomBytes(5).toString("hex")}@example.test`, first_name: "Pat", last_name: "Test" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Object.assign(routeVisitor({ session: await sessionCookieFor(user.id) }), { userId: user.id });
}

const openLsat = (visitor: RouteVisitor, query = "") => visitor.get(lsatLoader, `${LSAT}${query}`, { params: { testId: "lsat-practice-test-1" } });
const postLsat = (visitor: RouteVisitor, fields: Record<string, string>) => visitor.form(lsatAction, LSAT, fields, { params: { testId: "lsat-practice-test-1" } });

async function answersOf(sectionId: number) {
  return db().selectFrom("practice_test_questions").select(["id", "answer_index"]).where("section_id", "=", sectionId).orderBy("position").execute();
}
const right = (questions: { id: number; answer_index: number }[]) => Object.fromEntries(questions.map((question) => [`question_${question.id}`, String(question.answer_index)]));

/** Moves the student's running section back in time, as if it had started `minutes` earlier. */
async function travel(userId: number, minutes: number) {
  await sql`update practice_section_attempts s set started_at = s.started_at - make_interval(mins => ${minutes}), deadline_at = s.deadline_at - make_interval(mins => ${minutes})
    from practice_test_attempts a where a.id = s.test_attempt_id and a.user_id = ${userId} and s.submitted_at is null`.execute(db());
}

describe("an LSAT practice test", () => {
  it("shows a guest what it holds, and nothing of its questions", async () => {
    const page = await openLsat(routeVisitor({}));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ signedIn: false, running: null, review: null, progress: { kind: "not-started" } });
    expect(page.data.sections.map((section: { timeLimitMinutes: number }) => section.timeLimitMinutes)).toEqual([35, 35]);
    expect(JSON.stringify(page.data)).not.toMatch(/"(answer_?[iI]ndex|explanation)":/);
  });

  it("runs its sections on the server's clock: a reload keeps the time and the saved answers, a section left to run out is handed in, and the scaled score comes from its table", async () => {
    const pat = await student();
    expect((await postLsat(pat, { intent: "start" })).status).toBe(303);
    const first = await openLsat(pat);
    expect(first.data.running).toMatchObject({ title: "Section 1: Logical Reasoning" });
    expect(first.data.running.remainingSeconds).toBeGreaterThan(34 * 60);
    // The questions, never their answers, before the section is handed in.
    expect(JSON.stringify(first.data)).not.toMatch(/"(answer_?[iI]ndex|explanation)":/);
    const section1 = first.data.running.sectionId as number;
    const questions1 = await answersOf(section1);

    const saved = await postLsat(pat, { intent: "save", section_id: String(section1), ...right(questions1) });
    await expectRedirectWithToast(saved, LSAT, PRACTICE_MESSAGES.saved);
    await travel(pat.userId, 10);
    const reloaded = await openLsat(pat);
    expect(reloaded.data.running.remainingSeconds).toBeLessThanOrEqual(25 * 60);
    expect(reloaded.data.running.saved).toEqual(Object.fromEntries(questions1.map((question) => [String(question.id), question.answer_index])));
    // Starting again while it runs (a second tab) keeps the same clock.
    await postLsat(pat, { intent: "start" });
    await postLsat(pat, { intent: "start_section", section_id: String(section1) });
    expect((await openLsat(pat)).data.running.remainingSeconds).toBeLessThanOrEqual(25 * 60);

    await expectRedirectWithToast(await postLsat(pat, { intent: "submit", section_id: String(section1), ...right(questions1) }), LSAT, PRACTICE_MESSAGES.submitted);
    const between = await openLsat(pat);
    expect(between.data.progress.kind).toBe("between");
    const section2 = between.data.progress.nextSectionId as number;
    expect((await postLsat(pat, { intent: "submit", section_id: String(section1), ...right(questions1) })).status).toBe(409);

    await postLsat(pat, { intent: "start_section", section_id: String(section2) });
    const questions2 = await answersOf(section2);
    await postLsat(pat, { intent: "save", section_id: String(section2), ...right(questions2.slice(0, 2)) });
    // Time runs out with nobody there: the next look hands the section in with what was saved.
    await travel(pat.userId, 36);
    const done = await openLsat(pat);
    expect(done.data.progress.kind).toBe("not-started");
    const raw = questions1.length + 2;
    const table = (await db().selectFrom("practice_tests").select("conversion").where("slug", "=", "lsat-practice-test-1").executeTakeFirstOrThrow()).conversion!;
    expect(done.data.review).toMatchObject({ correctCount: raw, questionCount: questions1.length + questions2.length, scaledScore: table[raw] });
    expect(done.data.review.sections[1]).toMatchObject({ timedOut: true, correctCount: 2 });
    expect(done.data.review.sections[0].questions[0].explanation.length).toBeGreaterThan(10);
    expect(done.data.history).toHaveLength(1);
  });

  it("scores the ends of its scale: none right is 120, all right 180", async () => {
    for (const [answers, scaled] of [
      ["none", 120],
      ["all", 180],
    ] as const) {
      const pat = await student();
      await postLsat(pat, { intent: "start" });
      for (let index = 0; index < 2; index++) {
        const page = await openLsat(pat);
        if (page.data.progress.kind === "between") await postLsat(pat, { intent: "start_section", section_id: String(page.data.progress.nextSectionId) });
        const running = (await openLsat(pat)).data.running;
        const questions = await answersOf(running.sectionId);
        const fields = answers === "all" ? right(questions) : Object.fromEntries(questions.map((question) => [`question_${question.id}`, String(question.answer_index === 0 ? 1 : 0)]));
        await postLsat(pat, { intent: "submit", section_id: String(running.sectionId), ...fields });
      }
      expect((await openLsat(pat)).data.review.scaledScore).toBe(scaled);
    }
  });

  it("cannot be given more time by the page: answers sent after the deadline do not count", async () => {
    const pat = await student();
    await postLsat(pat, { intent: "start" });
    const running = (await openLsat(pat)).data.running;
    const questions = await answersOf(running.sectionId);
    await travel(pat.userId, 40);
    const late = await postLsat(pat, { intent: "submit", section_id: String(running.sectionId), ...right(questions), deadline_at: "2099-01-01T00:00:00Z", remaining: "9999" });
    expect(late.status).toBe(303);
    const row = await db()
      .selectFrom("practice_section_attempts as s")
      .innerJoin("practice_test_attempts as a", "a.id", "s.test_attempt_id")
      .select(["s.correct_count", "s.timed_out"])
      .where("a.user_id", "=", pat.userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ correct_count: 0, timed_out: true });
  });

  it("hands a section in once when it is submitted twice at the same moment", async () => {
    const pat = await student();
    await postLsat(pat, { intent: "start" });
    const running = (await openLsat(pat)).data.running;
    const fields = { intent: "submit", section_id: String(running.sectionId), ...right(await answersOf(running.sectionId)) };
    const statuses = (await Promise.all([postLsat(pat, fields), postLsat(pat, fields), postLsat(pat, fields)])).map((response) => response.status).sort();
    expect(statuses).toEqual([303, 409, 409]);
  });

  it("keeps each student's attempts their own", async () => {
    const pat = await student();
    await postLsat(pat, { intent: "start" });
    for (let index = 0; index < 2; index++) {
      const page = await openLsat(pat);
      if (page.data.progress.kind === "between") await postLsat(pat, { intent: "start_section", section_id: String(page.data.progress.nextSectionId) });
      const running = (await openLsat(pat)).data.running;
      await postLsat(pat, { intent: "submit", section_id: String(running.sectionId) });
    }
    const attemptId = (await openLsat(pat)).data.history[0].id;
    const other = await student();
    const peek = await openLsat(other, `?attempt=${attemptId}`);
    expect(peek.data.review).toBeNull();
    expect(peek.data.history).toEqual([]);
  });
});

describe("the weekly CARS passage", () => {
  const thisWeek = weekStartOf(new Date());
  const openCars = (visitor: RouteVisitor, slug: string) => visitor.get(carsLoader, `/cars-passages/${slug}`, { params: { weekSlug: slug } });
  const postCars = (visitor: RouteVisitor, slug: string, fields: Record<string, string>) => visitor.form(carsAction, `/cars-passages/${slug}`, fields, { params: { weekSlug: slug } });

  it("is this week's under its week's address, with the weeks before it; a week to come or a day that is no Monday is not found", async () => {
    const page = await openCars(routeVisitor({}), "this-week");
    expect(page.status).toBe(200);
    expect(page.data.view.test.weekStart).toBe(thisWeek);
    expect(page.data.weeks).toHaveLength(4);
    expect(page.data.weeks[0].weekStart).toBe(thisWeek);
    const next = new Date(`${thisWeek}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 7);
    expect((await openCars(routeVisitor({}), next.toISOString().slice(0, 10))).status).toBe(404);
    expect((await openCars(routeVisitor({}), "2026-11-24")).status).toBe(404);
    expect((await openCars(routeVisitor({}), "not-a-week")).status).toBe(404);
  });

  it("is read and answered against the clock, then scored with explanations and kept in the student's weeks", async () => {
    const pat = await student();
    const started = await postCars(pat, thisWeek, { intent: "start" });
    expect(started.headers.get("Location")).toBe(`/cars-passages/${thisWeek}`);
    const running = (await openCars(pat, thisWeek)).data.view.running;
    expect(running.passage.length).toBeGreaterThan(1500);
    expect(running.remainingSeconds).toBeGreaterThan(9 * 60);
    const questions = await answersOf(running.sectionId);
    const fields = { ...right(questions), [`question_${questions[0]!.id}`]: String((questions[0]!.answer_index + 1) % 4) };
    await expectRedirectWithToast(await postCars(pat, thisWeek, { intent: "submit", section_id: String(running.sectionId), ...fields }), `/cars-passages/${thisWeek}`, PRACTICE_MESSAGES.finished);
    const done = await openCars(pat, thisWeek);
    expect(done.data.view.review).toMatchObject({ correctCount: questions.length - 1, questionCount: questions.length, scaledScore: null });
    expect(done.data.view.review.sections[0].questions[0]).toMatchObject({ correct: false, answerIndex: questions[0]!.answer_index });
    expect(done.data.weeks[0].score).toEqual({ correctCount: questions.length - 1, questionCount: questions.length });

    const bad = await postCars(pat, thisWeek, { intent: "start_section", section_id: "999999" });
    expect(bad.status).toBe(404);
  });

  it("until a week's passage is published, this week's address gives the latest one", async () => {
    const nextWeek = new Date(`${thisWeek}T00:00:00Z`);
    nextWeek.setUTCDate(nextWeek.getUTCDate() + 7);
    const latest = await loadPracticeTest({ kind: "cars", latestBy: nextWeek.toISOString().slice(0, 10) });
    expect(latest?.weekStart).toBe(thisWeek);
    expect(latest?.sections[0]?.questions.length).toBeGreaterThan(0);
    expect(await loadPracticeTest({ kind: "cars", latestBy: "2020-01-06" })).toBeNull();
  });

  it("shows the demo student last week's score", async () => {
    const maya = await db().selectFrom("users").select("id").where("email", "=", "student@demo.test").executeTakeFirstOrThrow();
    const page = await openCars(routeVisitor({ session: await sessionCookieFor(maya.id) }), "this-week");
    expect(page.data.weeks[1].score).not.toBeNull();
  });
});
