import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loader as dashboardLoader } from "~/routes/dashboard";
import { loader as printLoader } from "~/routes/online-courses+/$id_.print";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";

/**
 * /dashboard?view_sheets=true: the booklets and solutions of the student's live sessions, and the
 * printable summary of each online course whose full content they have (without the answers).
 */
const database = useTestDatabase();
const db = () => database().db;
const userId = async (email: string) => (await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

describe("/dashboard?view_sheets=true", () => {
  it("lists the booklets of the demo student's live sessions they may still open, each linked to its file", async () => {
    const maya = await userId("student@demo.test");
    const answer = await routeVisitor({ session: await sessionCookieFor(maya) }).get(dashboardLoader, "/dashboard?view_sheets=true");
    expect(answer.status).toBe(200);
    expect(answer.data.view).toBe("sheets");
    const expected = await db()
      .selectFrom("study_session_attachments as a")
      .innerJoin("study_session_users as ssu", "ssu.study_session_id", "a.study_session_id")
      .innerJoin("study_sessions as s", "s.id", "a.study_session_id")
      .where("ssu.user_id", "=", maya)
      .where("a.kind", "=", "booklet")
      .where("s.booklet_excluded", "=", false)
      .select(["a.id", "a.study_session_id"])
      .execute();
    expect(expected.length).toBeGreaterThan(0);
    const booklets = answer.data.sheets.filter((sheet: { kind: string }) => sheet.kind === "booklet");
    // Only their own sessions' booklets, and not those of a session whose access has ended.
    expect(booklets.length).toBeGreaterThan(0);
    expect(expected.map((row) => row.id)).toEqual(expect.arrayContaining(booklets.map((sheet: { id: number }) => sheet.id)));
    for (const sheet of answer.data.sheets) expect(sheet.href).toBe(`/study-sessions/${sheet.sessionId}/attachments/${sheet.id}`);
  });

  it("is empty for a student without live sessions", async () => {
    const { id } = await db()
      .insertInto("users")
      .values({ email: `sheets-${randomBytes(5).toString("hex")}@example.test`, first_name: "No", last_name: "Sheets" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const answer = await routeVisitor({ session: await sessionCookieFor(id) }).get(dashboardLoader, "/dashboard?view_sheets=true");
    expect(answer.data).toEqual({ view: "sheets", sheets: [], summaries: [] });
  });

  it("lists the demo student's online courses on paper; the summary hides the quizzes' answers, which the instructor's print view shows", async () => {
    const maya = await userId("student@demo.test");
    const student = routeVisitor({ session: await sessionCookieFor(maya) });
    const { data } = await student.get(dashboardLoader, "/dashboard?view_sheets=true");
    expect(data.summaries.length).toBeGreaterThan(0);
    for (const summary of data.summaries) expect(summary.href).toBe(`/online-courses/${summary.id}/print`);

    // The course with the most quiz questions among the student's, so there are answers to hide.
    const ids = data.summaries.map((summary: { id: number }) => summary.id);
    const withQuiz = await db()
      .selectFrom("quiz_questions")
      .innerJoin("activities", "activities.id", "quiz_questions.activity_id")
      .innerJoin("sections", "sections.id", "activities.section_id")
      .innerJoin("chapters", "chapters.id", "sections.chapter_id")
      .where("chapters.online_course_id", "in", ids)
      .select(["chapters.online_course_id as id", (eb) => eb.fn.countAll<number>().as("questions")])
      .groupBy("chapters.online_course_id")
      .orderBy("questions", "desc")
      .executeTakeFirstOrThrow();
    const path = `/online-courses/${withQuiz.id}/print`;
    const params = { params: { id: String(withQuiz.id) } };
    type Printed = { edition: string; chapters: { sections: { activities: { questions: { answerIndex: number | null }[] }[] }[] }[] };
    const questionsOf = (printed: Printed) => printed.chapters.flatMap((chapter) => chapter.sections.flatMap((section) => section.activities.flatMap((activity) => activity.questions)));

    const studentCopy = await student.get(printLoader, path, params);
    expect(studentCopy.status).toBe(200);
    expect(studentCopy.data.edition).toBe("student");
    expect(questionsOf(studentCopy.data).length).toBeGreaterThan(0);
    expect(questionsOf(studentCopy.data).every((question) => question.answerIndex === null)).toBe(true);

    const course = await db().selectFrom("online_courses").select("instructor_id").where("id", "=", withQuiz.id).executeTakeFirstOrThrow();
    const instructorCopy = await routeVisitor({ session: await sessionCookieFor(course.instructor_id!) }).get(printLoader, path, params);
    expect(instructorCopy.data.edition).toBe("manager");
    expect(questionsOf(instructorCopy.data).every((question) => typeof question.answerIndex === "number")).toBe(true);

    // Someone without the course gets nothing, as if there were no course.
    const { id: stranger } = await db()
      .insertInto("users")
      .values({ email: `print-${randomBytes(5).toString("hex")}@example.test`, first_name: "No", last_name: "Course" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await routeVisitor({ session: await sessionCookieFor(stranger) }).get(printLoader, path, params)).status).toBe(404);
  });
});
