import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { enrol } from "~/online-courses/enrolments.server";
import type { PackageType } from "~/db/schema";
import { action as inCourseAction, loader as inCourseLoader } from "~/routes/in-course-experience+/$idOrSlug.$";
import { action as setAction, loader as setLoader } from "~/routes/practice-questions+/$id";
import { action as attemptAction, loader as attemptLoader } from "~/routes/practice-questions+/$id_.attempts.$attemptId";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor, type RouteVisitor } from "../../support/route-visitor";
import { expectRedirectWithToast } from "../../support/toast";

/**
 * Practice question sets as a browser without JavaScript uses them: open with the course's
 * Practice package or bought with tokens (once, whatever the races), practised one checked answer
 * at a time or as a timed exam on the server's clock, answers that never leave the server before
 * they are given, accuracy per topic, and attempts that are each student's own.
 */
const database = useTestDatabase();
const db = () => database().db;
const COURSE = "waterloo-math-137-exam-prep";
const SET_TITLE = "Practice problems: Derivatives";

async function student(options: { tokens?: number; packageType?: PackageType } = {}) {
  const user = await db()
    .insertInto("users")
    .values({ email: `set-${randomBytes(5).toString("hex")}@example.test`, first_name: "Sam", last_name: "Set", token_balance: options.tokens ?? 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (options.tokens) await db().insertInto("token_ledger").values({ user_id: user.id, delta: options.tokens, reason: "purchase" }).execute();
  if (options.packageType) {
    const course = await db().selectFrom("online_courses").select("id").where("slug", "=", COURSE).executeTakeFirstOrThrow();
    await enrol(db(), { userId: user.id, onlineCourseId: course.id, packageType: options.packageType, status: "active" });
  }
  return Object.assign(routeVisitor({ session: await sessionCookieFor(user.id) }), { userId: user.id });
}

async function practiceSet() {
  const row = await db()
    .selectFrom("activities")
    .innerJoin("sections", "sections.id", "activities.section_id")
    .innerJoin("chapters", "chapters.id", "sections.chapter_id")
    .innerJoin("online_courses", "online_courses.id", "chapters.online_course_id")
    .select("activities.id")
    .where("online_courses.slug", "=", COURSE)
    .where("activities.title", "=", SET_TITLE)
    .executeTakeFirstOrThrow();
  const questions = await db().selectFrom("quiz_questions").select(["id", "answer_index", "choices", "topic"]).where("activity_id", "=", row.id).orderBy("position").execute();
  return { id: String(row.id), href: `/practice-questions/${row.id}`, questions: questions.map((question) => ({ ...question, choices: question.choices as string[] })) };
}

const openSet = (visitor: RouteVisitor, id: string) => visitor.get(setLoader, `/practice-questions/${id}`, { params: { id } });
const postSet = (visitor: RouteVisitor, id: string, fields: Record<string, string>) => visitor.form(setAction, `/practice-questions/${id}`, fields, { params: { id } });
const attemptPath = (id: string, attemptId: string) => `/practice-questions/${id}/attempts/${attemptId}`;
const openAttempt = (visitor: RouteVisitor, id: string, attemptId: string, query = "") => visitor.get(attemptLoader, `${attemptPath(id, attemptId)}${query}`, { params: { id, attemptId } });
const postAttempt = (visitor: RouteVisitor, id: string, attemptId: string, fields: Record<string, string>) =>
  visitor.form(attemptAction, attemptPath(id, attemptId), fields, { params: { id, attemptId } });

const balanceOf = async (userId: number) => (await db().selectFrom("users").select("token_balance").where("id", "=", userId).executeTakeFirstOrThrow()).token_balance;
const ANSWERS_LEAK = /"(answer_?[iI]ndex|explanation)":/;

/** Starts an attempt and returns its id, from where the start redirected. */
async function start(visitor: RouteVisitor, id: string, mode: "practice" | "exam") {
  const started = await postSet(visitor, id, { intent: "start", mode });
  expect(started.status).toBe(303);
  const match = /\/attempts\/(\d+)$/.exec(started.headers.get("Location") ?? "");
  expect(match).not.toBeNull();
  return match![1]!;
}

describe("a practice question set", () => {
  it("shows a guest what it holds and its price, never an answer", async () => {
    const set = await practiceSet();
    expect(set.questions.length).toBeGreaterThanOrEqual(6);
    const page = await openSet(routeVisitor({}), set.id);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ access: { kind: "sign-in", price: 5 }, progress: null, set: { title: SET_TITLE, questionCount: set.questions.length } });
    expect(page.data.topics.map((entry: { topic: string }) => entry.topic)).toEqual(["The limit definition of the derivative", "Product, quotient and chain rules", "Implicit differentiation"]);
    expect(JSON.stringify(page.data)).not.toMatch(ANSWERS_LEAK);
    expect((await postSet(routeVisitor({}), set.id, { intent: "unlock" })).status).toBeGreaterThanOrEqual(300);
  });

  it("answers 404 for anything but a practice set", async () => {
    const quiz = await db().selectFrom("activities").select("id").where("activity_type", "=", "quiz").executeTakeFirstOrThrow();
    for (const id of [String(quiz.id), "999999999", "abc", "0"]) expect((await openSet(routeVisitor({}), id)).status).toBe(404);
  });

  it("is bought with tokens once: too few tokens buy nothing, and however many requests race, one unlock spends the price once", async () => {
    const set = await practiceSet();
    const poor = await student({ tokens: 4 });
    expect((await openSet(poor, set.id)).data.access).toEqual({ kind: "buy", price: 5, balance: 4, affordable: false });
    const refused = await postSet(poor, set.id, { intent: "unlock" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("This set costs 5 tokens and you have 4.");
    expect(await balanceOf(poor.userId)).toBe(4);
    // Nor may a student start what they have not bought.
    expect((await postSet(poor, set.id, { intent: "start", mode: "practice" })).status).toBe(403);

    const buyer = await student({ tokens: 12 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => postSet(buyer, set.id, { intent: "unlock" })));
    expect(answers.every((answer) => answer.status === 303)).toBe(true);
    expect(await balanceOf(buyer.userId)).toBe(7);
    const ledger = await db().selectFrom("token_ledger").select(["delta", "reason"]).where("user_id", "=", buyer.userId).where("reason", "=", "practice_set").execute();
    expect(ledger).toEqual([{ delta: -5, reason: "practice_set" }]);
    expect((await openSet(buyer, set.id)).data.access).toEqual({ kind: "unlocked" });
    await expectRedirectWithToast(await postSet(buyer, set.id, { intent: "unlock" }), set.href, "This set is already yours.");
    expect(await balanceOf(buyer.userId)).toBe(7);
  });

  it("comes with the Practice package, and then there is nothing to buy", async () => {
    const set = await practiceSet();
    const holder = await student({ tokens: 10, packageType: "practice" });
    expect((await openSet(holder, set.id)).data.access).toEqual({ kind: "included" });
    expect((await postSet(holder, set.id, { intent: "unlock" })).status).toBe(409);
    expect(await balanceOf(holder.userId)).toBe(10);
    // The Learn package alone does not include it.
    const learner = await student({ tokens: 10, packageType: "learn" });
    expect((await openSet(learner, set.id)).data.access).toMatchObject({ kind: "buy" });
  });

  it("in practice mode checks each answer as it is given, once, and finishing records accuracy per topic for the study stats", async () => {
    const set = await practiceSet();
    const pat = await student({ packageType: "learn_practice_bundle" });
    const attemptId = await start(pat, set.id, "practice");
    // A second start (another tab) keeps the open attempt.
    const again = await postSet(pat, set.id, { intent: "start", mode: "exam" });
    expect(again.headers.get("Location")).toBe(attemptPath(set.id, attemptId));

    const first = await openAttempt(pat, set.id, attemptId);
    expect(first.data.attempt).toMatchObject({ state: "practice", position: 1, answered: 0, checked: null, question: { id: set.questions[0]!.id } });
    expect(JSON.stringify(first.data)).not.toMatch(ANSWERS_LEAK);

    // Nothing chosen, or a choice the question does not have: refused, nothing recorded.
    expect((await postAttempt(pat, set.id, attemptId, { intent: "check", question_id: String(set.questions[0]!.id) })).status).toBe(400);
    expect((await postAttempt(pat, set.id, attemptId, { intent: "check", question_id: String(set.questions[0]!.id), [`question_${set.questions[0]!.id}`]: "9" })).status).toBe(400);

    // Every question wrong in the first topic, right elsewhere.
    const firstTopic = set.questions[0]!.topic;
    for (const [index, question] of set.questions.entries()) {
      const choice = question.topic === firstTopic ? (question.answer_index + 1) % question.choices.length : question.answer_index;
      const checked = await postAttempt(pat, set.id, attemptId, { intent: "check", question_id: String(question.id), [`question_${question.id}`]: String(choice) });
      expect(checked.status).toBe(303);
      if (index === 0) {
        expect(checked.headers.get("Location")).toBe(`${attemptPath(set.id, attemptId)}?checked=${question.id}`);
        const feedback = await openAttempt(pat, set.id, attemptId, `?checked=${question.id}`);
        expect(feedback.data.attempt.checked).toMatchObject({ id: question.id, choiceIndex: choice, answerIndex: question.answer_index, correct: false });
        expect(feedback.data.attempt.checked.explanation.length).toBeGreaterThan(0);
        expect(feedback.data.attempt.question.id).toBe(set.questions[1]!.id);
        // Only the question just checked is revealed, never one still to answer.
        expect((await openAttempt(pat, set.id, attemptId, `?checked=${set.questions[1]!.id}`)).data.attempt.checked).toBeNull();
        // Checking it again changes nothing: the first answer stands.
        await postAttempt(pat, set.id, attemptId, { intent: "check", question_id: String(question.id), [`question_${question.id}`]: String(question.answer_index) });
        expect((await openAttempt(pat, set.id, attemptId, `?checked=${question.id}`)).data.attempt.checked.correct).toBe(false);
      }
    }
    const wrong = set.questions.filter((question) => question.topic === firstTopic).length;
    const finished = await openAttempt(pat, set.id, attemptId);
    expect(finished.data.attempt).toMatchObject({ state: "finished", correctCount: set.questions.length - wrong, answeredCount: set.questions.length, timedOut: false });
    expect(finished.data.attempt.accuracy[0]).toMatchObject({ topic: firstTopic, answered: wrong, correct: 0, percent: 0 });

    const page = await openSet(pat, set.id);
    expect(page.data.progress.open).toBeNull();
    expect(page.data.progress.history).toHaveLength(1);
    expect(page.data.progress.history[0]).toMatchObject({ mode: "practice", correct_count: set.questions.length - wrong, question_count: set.questions.length });
    expect(page.data.progress.accuracy.map((entry: { topic: string }) => entry.topic)[0]).toBe(firstTopic);
    // A finished attempt takes no more answers.
    expect((await postAttempt(pat, set.id, attemptId, { intent: "check", question_id: String(set.questions[0]!.id), [`question_${set.questions[0]!.id}`]: "0" })).status).toBe(409);
  });

  it("in exam mode runs on the server's clock: answers are checked at the end, and time cannot be extended by the page", async () => {
    const set = await practiceSet();
    const pat = await student({ packageType: "practice" });
    const attemptId = await start(pat, set.id, "exam");
    const running = await openAttempt(pat, set.id, attemptId);
    expect(running.data.attempt.state).toBe("exam");
    expect(running.data.attempt.remainingSeconds).toBeLessThanOrEqual(Math.ceil(set.questions.length * 1.5) * 60);
    expect(running.data.attempt.remainingSeconds).toBeGreaterThan(Math.ceil(set.questions.length * 1.5) * 60 - 30);
    expect(JSON.stringify(running.data)).not.toMatch(ANSWERS_LEAK);
    const right = Object.fromEntries(set.questions.map((question) => [`question_${question.id}`, String(question.answer_index)]));
    const firstTwo = Object.fromEntries(Object.entries(right).slice(0, 2));
    await expectRedirectWithToast(await postAttempt(pat, set.id, attemptId, { intent: "save", ...firstTwo }), attemptPath(set.id, attemptId), "Your answers are saved. The clock keeps running.");
    // Practice mode's check is refused in exam mode.
    expect((await postAttempt(pat, set.id, attemptId, { intent: "check", question_id: String(set.questions[0]!.id), [`question_${set.questions[0]!.id}`]: "0" })).status).toBe(400);

    // The deadline passes (and the grace after it): answers posted now do not count, the saved ones do.
    await sql`update practice_set_attempts set started_at = started_at - interval '2 hours', deadline_at = deadline_at - interval '2 hours' where id = ${Number(attemptId)}`.execute(db());
    await expectRedirectWithToast(
      await postAttempt(pat, set.id, attemptId, { intent: "submit", ...right }),
      attemptPath(set.id, attemptId),
      "Time was up: the attempt was handed in with the answers saved before the deadline."
    );
    const review = await openAttempt(pat, set.id, attemptId);
    expect(review.data.attempt).toMatchObject({ state: "finished", correctCount: 2, answeredCount: 2, timedOut: true });
    expect(review.data.attempt.questions).toHaveLength(set.questions.length);
  });

  it("hands an exam left to run out in with what was saved, the first time anyone looks", async () => {
    const set = await practiceSet();
    const pat = await student({ packageType: "practice" });
    const attemptId = await start(pat, set.id, "exam");
    await sql`update practice_set_attempts set started_at = started_at - interval '3 hours', deadline_at = deadline_at - interval '3 hours' where id = ${Number(attemptId)}`.execute(db());
    const page = await openSet(pat, set.id);
    expect(page.data.progress.open).toBeNull();
    expect(page.data.progress.history[0]).toMatchObject({ mode: "exam", timed_out: true, correct_count: 0 });
  });

  it("keeps each student's attempts their own", async () => {
    const set = await practiceSet();
    const owner = await student({ packageType: "practice" });
    const attemptId = await start(owner, set.id, "practice");
    const other = await student({ packageType: "practice" });
    expect((await openAttempt(other, set.id, attemptId)).status).toBe(404);
    const question = set.questions[0]!;
    expect((await postAttempt(other, set.id, attemptId, { intent: "check", question_id: String(question.id), [`question_${question.id}`]: "0" })).status).toBe(404);
    expect((await postAttempt(other, set.id, attemptId, { intent: "finish" })).status).toBe(404);
    expect((await openSet(other, set.id)).data.progress.history).toEqual([]);
    // Nor under another set's address.
    const quizSet = await db().selectFrom("activities").select("id").where("activity_type", "=", "practice_question_set").where("id", "!=", Number(set.id)).executeTakeFirstOrThrow();
    expect((await openAttempt(owner, String(quizSet.id), attemptId)).status).toBe(404);
  });

  it("shows on its in-course page, which answers nothing itself", async () => {
    const set = await practiceSet();
    const buyer = await student({ tokens: 5, packageType: "learn" });
    const { inCourseHref } = (await openSet(buyer, set.id)).data.set;
    const params = { idOrSlug: COURSE, "*": inCourseHref.replace(`/in-course-experience/${COURSE}/`, "") };
    const locked = await buyer.get(inCourseLoader, inCourseHref, { params });
    expect(locked.data.detail.selected.practiceSet).toEqual({ href: set.href, questionCount: set.questions.length, open: false, price: 5 });
    expect(locked.data.detail.selected.questions).toEqual([]);
    await postSet(buyer, set.id, { intent: "unlock" });
    const unlocked = await buyer.get(inCourseLoader, inCourseHref, { params });
    expect(unlocked.data.detail.selected.practiceSet.open).toBe(true);

    const holder = await student({ packageType: "practice" });
    const question = set.questions[0]!;
    const posted = await holder.form(inCourseAction, inCourseHref, { intent: "submit-quiz", activity_id: set.id, [`question_${question.id}`]: "0" }, { params });
    expect(posted.status).toBe(400);
    expect(await db().selectFrom("quiz_attempts").select("id").where("user_id", "=", holder.userId).execute()).toEqual([]);
  });
});
