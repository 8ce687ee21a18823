import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { MOCK_EXAM_MESSAGES } from "~/online-courses/in-course-experience.server";
import { enrol } from "~/online-courses/enrolments.server";
import { action as inCourseAction, loader as inCourseLoader } from "~/routes/in-course-experience+/$idOrSlug.$";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor, type RouteVisitor } from "../../support/route-visitor";
import { expectRedirectWithToast } from "../../support/toast";

/**
 * A mock exam sat as a browser without JavaScript sits it: start, save, reload, submit, review;
 * the server's clock ends a sitting nobody submitted, and answers sent too late do not count.
 */
const database = useTestDatabase();
const db = () => database().db;
const COURSE = "waterloo-math-137-exam-prep";

function params(path: string) {
  const [, idOrSlug, rest] = /^\/in-course-experience\/([^/?]+)\/?([^?]*)/.exec(path)!;
  return { idOrSlug: idOrSlug!, "*": rest! };
}
const open = (browser: RouteVisitor, path: string) => browser.get(inCourseLoader, path, { params: params(path) });
const post = (browser: RouteVisitor, path: string, fields: Record<string, string>) => browser.form(inCourseAction, path, fields, { params: params(path) });

/** A new student enrolled in the course, and the path and questions (with answers) of its mock exam. */
async function sitter(slug = COURSE) {
  const course = await db().selectFrom("online_courses").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
  const user = await db().insertInto("users").values({ email: `mock-${randomBytes(5).toString("hex")}@example.test`, first_name: "Mo", last_name: "Exam" }).returning("id").executeTakeFirstOrThrow();
  await enrol(db(), { userId: user.id, onlineCourseId: course.id, packageType: "learn", status: "active" });
  const exam = await db()
    .selectFrom("activities")
    .innerJoin("sections", "sections.id", "activities.section_id")
    .innerJoin("chapters", "chapters.id", "sections.chapter_id")
    .where("chapters.online_course_id", "=", course.id)
    .where("activities.activity_type", "=", "mock_exam")
    .select(["activities.id", "activities.content"])
    .executeTakeFirstOrThrow();
  const questions = await db().selectFrom("quiz_questions").select(["id", "answer_index", "choices"]).where("activity_id", "=", exam.id).orderBy("position").execute();
  const browser = routeVisitor({ session: await sessionCookieFor(user.id) });
  return { userId: user.id, browser, examId: exam.id, content: exam.content, path: `/in-course-experience/${slug}/mocks/${exam.id}`, questions };
}

const right = (questions: { id: number; answer_index: number }[]) => Object.fromEntries(questions.map((question) => [`question_${question.id}`, String(question.answer_index)]));
const wrong = (questions: { id: number; answer_index: number }[]) => Object.fromEntries(questions.map((question) => [`question_${question.id}`, String(question.answer_index === 0 ? 1 : 0)]));
const mockOf = async (browser: RouteVisitor, path: string) => (await open(browser, path)).data.detail.selected;

/** Moves the open sitting's clock back, as if it had started `minutes` earlier. */
async function travel(userId: number, examId: number, minutes: number) {
  await sql`update mock_exam_sittings set started_at = started_at - make_interval(mins => ${minutes}), deadline_at = deadline_at - make_interval(mins => ${minutes}) where user_id = ${userId} and activity_id = ${examId} and submitted_at is null`.execute(db());
}

describe("a mock exam", () => {
  it("is a real timed exam: questions only once started, saved answers and time left survive a reload, and a scored review with explanations", async () => {
    const { userId, browser, examId, path, questions } = await sitter();
    expect(questions.length).toBeGreaterThan(3);

    const before = await mockOf(browser, path);
    expect(before.mock).toMatchObject({ state: "not-started", questionCount: questions.length, timeLimitMinutes: 150, review: null });
    expect(before.questions).toEqual([]);

    expect((await post(browser, path, { intent: "start-mock", activity_id: String(examId) })).headers.get("Location")).toBe(path);
    const sitting = await mockOf(browser, path);
    expect(sitting.mock.state).toBe("in-progress");
    expect(sitting.mock.remainingSeconds).toBeGreaterThan(150 * 60 - 30);
    expect(sitting.questions.map((question: { id: number }) => question.id)).toEqual(questions.map((question) => question.id));
    // The answers never reach the page before submission.
    expect(JSON.stringify(sitting)).not.toMatch(/answer_?index|"explanation"|"correct"/i);

    const firstTwo = Object.fromEntries(Object.entries(right(questions)).slice(0, 2));
    await expectRedirectWithToast(await post(browser, path, { intent: "save-mock", activity_id: String(examId), ...firstTwo }), path, MOCK_EXAM_MESSAGES.saved);
    // An hour later (a reload, another device): the same sitting, an hour less, the saved answers ticked.
    await travel(userId, examId, 60);
    const later = await mockOf(browser, path);
    expect(later.mock.remainingSeconds).toBeGreaterThan(90 * 60 - 30);
    expect(later.mock.remainingSeconds).toBeLessThanOrEqual(90 * 60);
    expect(later.mock.saved).toEqual(Object.fromEntries(questions.slice(0, 2).map((question) => [String(question.id), question.answer_index])));
    // Starting again does not reset the clock.
    await post(browser, path, { intent: "start-mock", activity_id: String(examId) });
    expect((await mockOf(browser, path)).mock.remainingSeconds).toBeLessThanOrEqual(90 * 60);

    const answers = { ...right(questions), ...wrong(questions.slice(0, 1)) };
    await expectRedirectWithToast(await post(browser, path, { intent: "submit-mock", activity_id: String(examId), ...answers }), path, MOCK_EXAM_MESSAGES.submitted);
    const after = await mockOf(browser, path);
    expect(after.mock.state).toBe("submitted");
    expect(after.mock.review).toMatchObject({ correctCount: questions.length - 1, questionCount: questions.length, scaled: null, timedOut: false });
    expect(after.mock.review.questions[0]).toMatchObject({ correct: false, answerIndex: questions[0]!.answer_index, explanation: expect.stringMatching(/^Covered in “/) });
    expect(after.questions).toEqual([]);
    // Submitting counts as completing the activity for the enrolled student.
    const completed = await db().selectFrom("activity_completions").innerJoin("online_course_users", "online_course_users.id", "activity_completions.online_course_user_id").select("activity_completions.id").where("online_course_users.user_id", "=", userId).where("activity_completions.activity_id", "=", examId).execute();
    expect(completed.length).toBeGreaterThan(0);
    // A second submit (a double click, the page's own submit at zero) changes nothing.
    await expectRedirectWithToast(await post(browser, path, { intent: "submit-mock", activity_id: String(examId), ...right(questions) }), path, MOCK_EXAM_MESSAGES.closed);
    expect(await db().selectFrom("quiz_attempts").select("id").where("user_id", "=", userId).where("activity_id", "=", examId).execute()).toHaveLength(1);
  });

  it("is submitted by the server's clock with the answers saved in time, however late anyone looks or posts", async () => {
    const { userId, browser, examId, path, questions } = await sitter();
    await post(browser, path, { intent: "start-mock", activity_id: String(examId) });
    await post(browser, path, { intent: "save-mock", activity_id: String(examId), ...Object.fromEntries(Object.entries(right(questions)).slice(0, 1)) });
    // The tab was closed: the deadline passed an hour ago. The next look submits it.
    await travel(userId, examId, 210);
    const looked = await mockOf(browser, path);
    expect(looked.mock).toMatchObject({ state: "submitted", review: { correctCount: 1, timedOut: true } });

    // Answers sent after the deadline and its grace do not count: the saved ones do.
    await post(browser, path, { intent: "start-mock", activity_id: String(examId) });
    await post(browser, path, { intent: "save-mock", activity_id: String(examId), ...Object.fromEntries(Object.entries(wrong(questions)).slice(0, 2)) });
    await travel(userId, examId, 151);
    await expectRedirectWithToast(await post(browser, path, { intent: "submit-mock", activity_id: String(examId), ...right(questions) }), path, MOCK_EXAM_MESSAGES.timeUp);
    expect((await mockOf(browser, path)).mock.review).toMatchObject({ correctCount: 0, timedOut: true });
  });

  it("keeps one clock when Start is pressed twice at once, and scores one attempt when Submit is", async () => {
    const { userId, browser, examId, path, questions } = await sitter();
    await Promise.all([0, 1, 2].map(() => post(browser, path, { intent: "start-mock", activity_id: String(examId) })));
    const open = await db().selectFrom("mock_exam_sittings").select("id").where("user_id", "=", userId).where("submitted_at", "is", null).execute();
    expect(open).toHaveLength(1);
    await Promise.all([0, 1, 2].map(() => post(browser, path, { intent: "submit-mock", activity_id: String(examId), ...right(questions) })));
    expect(await db().selectFrom("quiz_attempts").select("id").where("user_id", "=", userId).where("activity_id", "=", examId).execute()).toHaveLength(1);
  });

  it("refuses a mock exam's answers sent as a quiz, a sitting of a quiz, and answers that match no choice", async () => {
    const { browser, examId, path, questions } = await sitter();
    expect((await post(browser, path, { intent: "submit-quiz", activity_id: String(examId), ...right(questions) })).status).toBe(400);
    await post(browser, path, { intent: "start-mock", activity_id: String(examId) });
    expect((await post(browser, path, { intent: "submit-mock", activity_id: String(examId), [`question_${questions[0]!.id}`]: "99" })).status).toBe(400);
    expect((await mockOf(browser, path)).mock.state).toBe("in-progress");
  });

  it("gives an MCAT exam's scaled score (472–528)", async () => {
    const admin = await db().selectFrom("users").select("id").where("email", "=", "admin@demo.test").executeTakeFirstOrThrow();
    const course = await db().selectFrom("online_courses").select("slug").where("name", "like", "MCAT Self-Paced%").executeTakeFirstOrThrow();
    const exam = await db()
      .selectFrom("activities")
      .innerJoin("sections", "sections.id", "activities.section_id")
      .innerJoin("chapters", "chapters.id", "sections.chapter_id")
      .innerJoin("online_courses", "online_courses.id", "chapters.online_course_id")
      .where("online_courses.slug", "=", course.slug)
      .where("activities.activity_type", "=", "mock_exam")
      .select("activities.id")
      .executeTakeFirstOrThrow();
    const browser = routeVisitor({ session: await sessionCookieFor(admin.id) });
    const path = `/in-course-experience/${course.slug}/mocks/${exam.id}`;
    await post(browser, path, { intent: "start-mock", activity_id: String(exam.id) });
    await post(browser, path, { intent: "submit-mock", activity_id: String(exam.id) });
    expect((await mockOf(browser, path)).mock.review).toMatchObject({ correctCount: 0, scaled: 472, scaleLabel: "MCAT scaled score (472–528)" });
  });
});
