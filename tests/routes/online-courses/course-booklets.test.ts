import { sql } from "kysely";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inflateSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { createJobRunner, useJobBackEnd } from "~/jobs/queue.server";
import { tableJobs } from "~/jobs/table-jobs.server";
import { BOOKLET_QUEUE, BOOKLET_READY_NOTIFICATION, bookletJobHandler, requestBooklet } from "~/online-courses/booklets.server";
import { readBookletFile } from "~/online-courses/booklets.server";
import { action as bookletAction, loader as bookletLoader } from "~/routes/courses+/$idOrSlug_.booklet";
import { loader as coursePageLoader } from "~/routes/courses+/$idOrSlug";
import { loader as downloadLoader } from "~/routes/online-courses+/$id_.student-booklets.$bookletId";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";

/**
 * /courses/{idOrSlug}/booklet: the booklets of a course's online courses (the students' edition,
 * made by the booklet job on request, without answers) and of its live sessions, for those who
 * have them; and the students' booklet download, which asks about access every time.
 */
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "course-booklets-test-"));

const database = useTestDatabase();
const db = () => database().db;
beforeAll(() => useJobBackEnd(tableJobs({ db, retryDelaySeconds: 0 })));
const runner = () => createJobRunner({ handlers: { [BOOKLET_QUEUE]: bookletJobHandler({ db }) } });

const CS_135 = "waterloo-cs-135";
const PROBE = { prompt: "Booklet probe: which number is prime?", choices: ["Fourteen", "Seventeen"], explanation: "Seventeen has no divisor but one and itself, unlike fourteen." };
const FPD = "functional-program-design";

const userId = async (email: string) => (await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
const onlineCourseId = async (slug: string) => (await db().selectFrom("online_courses").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;
async function newUser(prefix: string) {
  const { id } = await db()
    .insertInto("users")
    .values({ email: `${prefix}-${randomBytes(5).toString("hex")}@example.test`, first_name: "Test", last_name: prefix })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}
async function enrol(user: number, courseId: number) {
  await db()
    .insertInto("online_course_users")
    .values({ user_id: user, online_course_id: courseId, status: "active", package_type: "learn", elite_payment_status: null, course_schedule_id: null, expires_at: null, extended_access_date: null })
    .execute();
}
const visitorOf = async (user: number) => routeVisitor({ session: await sessionCookieFor(user) });
const pageOf = (slug: string) => ({ path: `/courses/${slug}/booklet`, options: { params: { idOrSlug: slug } } });
type Item = { id: number; name: string; state: { kind: string; bookletId?: number; slow?: boolean }; downloadPath: string | null };
const itemOf = (data: { onlineCourses: Item[] }, id: number) => data.onlineCourses.find((item) => item.id === id);

/** The text a PDF shows (pdfkit writes it as hex strings in TJ arrays of deflated content streams). */
function pdfText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString("latin1");
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, "latin1")).toString("latin1");
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      lines.push([...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1]!, "hex").toString("latin1")).join(""));
    }
  }
  return lines.join("\n");
}

describe("/courses/{idOrSlug}/booklet", () => {
  it("sends a guest to sign in, and answers 404 for a course that does not exist", async () => {
    const guest = await routeVisitor().get(bookletLoader, "/courses/waterloo-math-137/booklet", { params: { idOrSlug: "waterloo-math-137" } });
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toMatch(/^\/users\/sign_in\?redirect_to=/);
    const student = await visitorOf(await userId("student@demo.test"));
    expect((await student.get(bookletLoader, "/courses/no-such-course/booklet", { params: { idOrSlug: "no-such-course" } })).status).toBe(404);
  });

  it("shows the demo student MATH 137's booklet ready, CS 135's not made yet, and CS 135's live session booklets", async () => {
    const maya = await userId("student@demo.test");
    const student = await visitorOf(maya);
    const math = pageOf("waterloo-math-137");
    const mathPage = await student.get(bookletLoader, math.path, math.options);
    expect(mathPage.status).toBe(200);
    const examPrep = await onlineCourseId("waterloo-math-137-exam-prep");
    expect(itemOf(mathPage.data, examPrep)).toMatchObject({ state: { kind: "ready" }, downloadPath: expect.stringMatching(new RegExp(`^/online-courses/${examPrep}/student-booklets/\\d+$`)) });

    const cs = pageOf(CS_135);
    const csPage = await student.get(bookletLoader, cs.path, cs.options);
    expect(itemOf(csPage.data, await onlineCourseId(FPD))).toMatchObject({ state: { kind: "missing" }, downloadPath: null });
    // The live sessions' booklets: those of CS 135's sessions the student is enrolled in, none excluded.
    const expected = await db()
      .selectFrom("study_session_attachments as a")
      .innerJoin("study_session_courses as ssc", "ssc.study_session_id", "a.study_session_id")
      .innerJoin("study_session_users as ssu", "ssu.study_session_id", "a.study_session_id")
      .innerJoin("study_sessions as s", "s.id", "a.study_session_id")
      .innerJoin("courses as c", "c.id", "ssc.course_id")
      .where("c.slug", "=", CS_135)
      .where("ssu.user_id", "=", maya)
      .where("ssu.status", "=", "active")
      .where("a.kind", "=", "booklet")
      .where("s.booklet_excluded", "=", false)
      .select(["a.id", "a.study_session_id"])
      .execute();
    expect(expected.length).toBeGreaterThan(0);
    const listed = csPage.data.sessions.flatMap((session: { booklets: { id: number; href: string }[] }) => session.booklets);
    expect(listed.map((booklet: { id: number }) => booklet.id).sort()).toEqual(expected.map((row) => row.id).sort());
    for (const booklet of listed) expect(booklet.href).toMatch(/^\/study-sessions\/\d+\/attachments\/\d+$/);

    // The course page links to it for them, not for a guest.
    const coursePage = await student.get(coursePageLoader, "/courses/waterloo-math-137", { params: { idOrSlug: "waterloo-math-137" } });
    expect(coursePage.data.booklets).toBe(true);
    const guestCoursePage = await routeVisitor().get(coursePageLoader, "/courses/waterloo-math-137", { params: { idOrSlug: "waterloo-math-137" } });
    expect(guestCoursePage.data.booklets).toBe(false);
  });

  it("shows a student without any of it what to buy, and refuses to generate for them", async () => {
    const stranger = await visitorOf(await newUser("nobooklets"));
    const cs = pageOf(CS_135);
    const page = await stranger.get(bookletLoader, cs.path, cs.options);
    expect(page.status).toBe(200);
    expect(page.data.onlineCourses).toEqual([]);
    expect(page.data.sessions).toEqual([]);
    expect(page.data.offers.onlineCourses.map((offer: { slug: string }) => offer.slug)).toContain(FPD);
    expect((await stranger.get(coursePageLoader, `/courses/${CS_135}`, { params: { idOrSlug: CS_135 } })).data.booklets).toBe(false);

    const before = await db().selectFrom("online_course_booklets").select("id").execute();
    const refused = await stranger.form(bookletAction, cs.path, { online_course_id: String(await onlineCourseId(FPD)) }, cs.options);
    expect(refused.status).toBe(404);
    expect((await stranger.form(bookletAction, cs.path, { online_course_id: "nope" }, cs.options)).status).toBe(400);
    expect(await db().selectFrom("online_course_booklets").select("id").execute()).toHaveLength(before.length);
  });

  it("makes one booklet and one job when two students ask at once, tells each once, and serves it without answers", async () => {
    // A course of its own (from the seed's CS 135 course), so other tests' booklets do not count.
    const courseId = await onlineCourseId("ap-calculus-ab-review");
    const slug = "jefferson-high-ap-calc-ab";
    const [ann, ben, stranger] = [await newUser("ann"), await newUser("ben"), await newUser("stranger")];
    await enrol(ann, courseId);
    await enrol(ben, courseId);
    const [annVisitor, benVisitor] = [await visitorOf(ann), await visitorOf(ben)];
    // A question of our own, whose explanation of the right answer appears nowhere else in the course.
    const quiz = await db()
      .selectFrom("activities")
      .innerJoin("sections", "sections.id", "activities.section_id")
      .innerJoin("chapters", "chapters.id", "sections.chapter_id")
      .where("chapters.online_course_id", "=", courseId)
      .where("activities.activity_type", "=", "checkpoint_quiz")
      .select("activities.id")
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("quiz_questions")
      .values({ activity_id: quiz.id, position: 99, prompt: PROBE.prompt, choices: JSON.stringify(PROBE.choices), answer_index: 1, explanation: PROBE.explanation })
      .execute();
    const page = pageOf(slug);
    expect(itemOf((await annVisitor.get(bookletLoader, page.path, page.options)).data, courseId)?.state.kind).toBe("missing");

    const fields = { online_course_id: String(courseId) };
    const answers = await Promise.all([
      annVisitor.form(bookletAction, page.path, fields, page.options),
      annVisitor.form(bookletAction, page.path, fields, page.options),
      benVisitor.form(bookletAction, page.path, fields, page.options),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe(page.path);
    }
    const booklets = await db().selectFrom("online_course_booklets").selectAll().where("online_course_id", "=", courseId).where("edition", "=", "student").execute();
    expect(booklets).toHaveLength(1);
    const booklet = booklets[0]!;
    const jobs = await db().selectFrom("background_jobs").select(["id", "data"]).where("queue", "=", BOOKLET_QUEUE).execute();
    expect(jobs.filter((job) => Number((job.data as { bookletId: unknown }).bookletId) === booklet.id)).toHaveLength(1);

    // Generating: the banner's state, late after 90 s.
    expect(itemOf((await benVisitor.get(bookletLoader, page.path, page.options)).data, courseId)?.state).toEqual({ kind: "generating", bookletId: booklet.id, slow: false });
    await sql`update online_course_booklets set created_at = ${new Date(Date.now() - 120_000)} where id = ${booklet.id}`.execute(db());
    expect(itemOf((await benVisitor.get(bookletLoader, page.path, page.options)).data, courseId)?.state).toEqual({ kind: "generating", bookletId: booklet.id, slow: true });

    // The job makes it; each student who asked hears once, even if the job ran again.
    const jobs_ = runner();
    while (await jobs_.runOnce());
    await bookletJobHandler({ db }).run({ bookletId: booklet.id }, { id: "again", attempt: 1, maxAttempts: 1 });
    const notifications = await db().selectFrom("notifications").select(["user_id", "data"]).where("type", "=", BOOKLET_READY_NOTIFICATION).where("user_id", "in", [ann, ben]).execute();
    expect(notifications.map((row) => row.user_id).sort()).toEqual([ann, ben].sort());
    const ready = itemOf((await annVisitor.get(bookletLoader, page.path, page.options)).data, courseId)!;
    expect(ready).toMatchObject({ state: { kind: "ready", bookletId: booklet.id }, downloadPath: `/online-courses/${courseId}/student-booklets/${booklet.id}` });
    for (const row of notifications) expect(row.data).toMatchObject({ download_path: ready.downloadPath });

    // Asking again once it is ready makes nothing new.
    expect((await annVisitor.form(bookletAction, page.path, fields, page.options)).status).toBe(303);
    expect(await db().selectFrom("online_course_booklets").select("id").where("online_course_id", "=", courseId).where("edition", "=", "student").execute()).toHaveLength(1);

    // The download: a PDF to the students, 404 to anyone else.
    const params = { params: { id: String(courseId), bookletId: String(booklet.id) } };
    const pdfAnswer = await annVisitor.raw(downloadLoader, ready.downloadPath!, params);
    expect(pdfAnswer.status).toBe(200);
    expect(pdfAnswer.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdfAnswer.headers.get("Cache-Control")).toBe("private, no-store");
    const pdf = new Uint8Array(await pdfAnswer.arrayBuffer());
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    expect((await (await visitorOf(stranger)).raw(downloadLoader, ready.downloadPath!, params)).status).toBe(404);
    expect((await routeVisitor().get(downloadLoader, ready.downloadPath!, params)).status).toBe(302);
    // A student whose access ended loses the download too.
    await db().updateTable("online_course_users").set({ status: "refunded" }).where("user_id", "=", ben).where("online_course_id", "=", courseId).execute();
    expect((await benVisitor.raw(downloadLoader, ready.downloadPath!, params)).status).toBe(404);

    // No answers in the students' edition: the question is there with its choices, the answer key
    // and the explanation of the right answer are not; the managers' edition has the key.
    const text = pdfText(pdf).replace(/\s+/g, " ");
    expect(text).toContain(PROBE.prompt);
    for (const choice of PROBE.choices) expect(text).toContain(choice);
    expect(text).not.toContain("Answer key");
    expect(text).not.toContain(PROBE.explanation.slice(0, 24));

    const instructor = (await db().selectFrom("online_courses").select("instructor_id").where("id", "=", courseId).executeTakeFirstOrThrow()).instructor_id!;
    const managers = await requestBooklet(db(), courseId, instructor);
    while (await jobs_.runOnce());
    const managersPdf = await readBookletFile(db(), courseId, managers.id);
    expect(pdfText(managersPdf!)).toContain("Answer key");
    // The managers' booklet is not served as a students' one.
    expect((await annVisitor.raw(downloadLoader, `/online-courses/${courseId}/student-booklets/${managers.id}`, { params: { id: String(courseId), bookletId: String(managers.id) } })).status).toBe(404);
  });

  it("offers the booklet again once the course's content changed", async () => {
    const courseId = await onlineCourseId("waterloo-math-137-exam-prep");
    const student = await visitorOf(await userId("student@demo.test"));
    const page = pageOf("waterloo-math-137");
    expect(itemOf((await student.get(bookletLoader, page.path, page.options)).data, courseId)?.state.kind).toBe("ready");
    await db().updateTable("online_courses").set((eb) => ({ content_version: eb("content_version", "+", 1) })).where("id", "=", courseId).execute();
    expect(itemOf((await student.get(bookletLoader, page.path, page.options)).data, courseId)?.state.kind).toBe("outdated");
  });
});
