import { describe, expect, it } from "vitest";
import type { Viewer } from "~/accounts/roles";
import { questionFiltersSchema } from "~/online-courses/editor-forms";
import { likePattern } from "~/db/like-pattern";
import { QUESTIONS_PER_PAGE, searchQuestions } from "~/online-courses/question-bank.server";
import { useTestDatabase } from "../../support/database";

const database = useTestDatabase();

async function viewer(email: string): Promise<Viewer> {
  const user = await database().db.selectFrom("users").select(["id", "roles", "user_type"]).where("email", "=", email).executeTakeFirstOrThrow();
  return { id: user.id, roles: user.roles, userType: user.user_type };
}

const filters = (input: Record<string, string>) => questionFiltersSchema.parse(input);

describe("the question bank", () => {
  it("shows an instructor only the questions of the courses they teach", async () => {
    const instructor = await viewer("instructor@demo.test");
    const result = await searchQuestions(database().db, instructor, filters({}));
    const taught = await database().db.selectFrom("online_courses").select("id").where("instructor_id", "=", instructor.id).execute();
    expect(result.courses.map((course) => course.id).sort()).toEqual(taught.map((course) => course.id).sort());
    expect(result.questions.every((question) => taught.some((course) => course.id === question.course_id))).toBe(true);
  });

  it("lets an admin filter by course, activity type and text, paged", async () => {
    const admin = await viewer("admin@demo.test");
    const all = await searchQuestions(database().db, admin, filters({}));
    expect(all.total).toBeGreaterThan(0);
    expect(all.questions.length).toBeLessThanOrEqual(QUESTIONS_PER_PAGE);
    const first = all.questions[0]!;
    const byCourse = await searchQuestions(database().db, admin, filters({ course: String(first.course_id) }));
    expect(byCourse.questions.every((question) => question.course_id === first.course_id)).toBe(true);
    const byType = await searchQuestions(database().db, admin, filters({ type: "checkpoint_quiz" }));
    expect(byType.questions.every((question) => question.activity_type === "checkpoint_quiz")).toBe(true);
    const word = first.prompt.split(/\s+/).find((part) => part.length > 4) ?? first.prompt;
    const byText = await searchQuestions(database().db, admin, filters({ query: word.toUpperCase() }));
    expect(byText.questions.length).toBeGreaterThan(0);
    expect(byText.questions.every((question) => `${question.prompt} ${question.activity_title}`.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    if (all.pages > 1) {
      const second = await searchQuestions(database().db, admin, filters({ page: "2" }));
      expect(second.questions[0]!.id).not.toBe(first.id);
    }
  });

  it("drops filters that make no sense rather than failing", () => {
    expect(filters({ course: "abc", type: "nope", page: "-3", query: "  " })).toEqual({ course: undefined, type: undefined, query: undefined, page: 1 });
    expect(likePattern("100%_sure")).toBe("%100\\%\\_sure%");
  });
});
