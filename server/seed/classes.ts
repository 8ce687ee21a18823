import type { Transaction } from "kysely";
import { isoDateOf, termDays } from "../../app/classes/planner";
import { termOf } from "../../app/classes/terms";
import type { Database } from "../../app/db/schema";
import { saveFile } from "../../app/files/storage.server";
import { DEMO_EMAIL_DOMAIN } from "./demo-accounts";
import { onePagePdf } from "./study-session-files";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The demo handed-in file's stored name (fixed: the same file whenever the demo data is loaded). */
const DEMO_WORK_FILE = "demo-problem-set-3.pdf";

/** The demo class's code, fixed so the demo can be tried by typing it. */
export const DEMO_CLASS_CODE = "MATH7K2";

/**
 * The demo teacher's class (Teachers' classes): MATH 137 this term with the demo student and two
 * other demo students, a reading that was due last week (two handed in and graded, one missing),
 * the exam-prep course's quiz due next week, and a midterm in the grade book with two grades.
 * An upload assignment (a problem set handed in as a file) is due in four days; one demo student
 * (the class rep) has handed in a PDF, not graded yet.
 * Its planner has three lessons and two events around today (kept inside the term). There is
 * one demo teacher account, so the class has no co-teacher.
 */
export async function seedClasses(
  trx: Transaction<Database>,
  ids: { user: (email: string) => number },
  now: Date
): Promise<{
  course_sections: number;
  course_section_users: number;
  course_assignments: number;
  course_assignment_users: number;
  course_assessments: number;
  course_assessment_grades: number;
  course_lessons: number;
  course_schedules: number;
  course_schedule_events: number;
}> {
  const user = (name: string) => ids.user(`${name}@${DEMO_EMAIL_DOMAIN}`);
  const demoWork = onePagePdf("Problem set 3: limits", ["1. lim x->2 of (x^2 - 4)/(x - 2) = 4", "2. The limit from the left is -1, from the right 1: no limit."]);
  await saveFile("assignment-uploads", DEMO_WORK_FILE, demoWork);
  const course = await trx.selectFrom("courses").select("id").where("slug", "=", "waterloo-math-137").executeTakeFirstOrThrow();
  const quiz = await trx
    .selectFrom("activities")
    .innerJoin("sections", "sections.id", "activities.section_id")
    .innerJoin("chapters", "chapters.id", "sections.chapter_id")
    .innerJoin("online_course_courses as occ", "occ.online_course_id", "chapters.online_course_id")
    .where("occ.course_id", "=", course.id)
    .where("activities.activity_type", "=", "quiz")
    .where((eb) => eb.exists(eb.selectFrom("quiz_questions").whereRef("quiz_questions.activity_id", "=", "activities.id").select("quiz_questions.id")))
    .select(["activities.id", "activities.title"])
    .orderBy("chapters.position")
    .orderBy("sections.position")
    .orderBy("activities.position")
    .executeTakeFirstOrThrow();
  const teacher = user("teacher");
  const [maya, rep, ambassador] = [user("student"), user("class_rep"), user("brand_ambassador")];

  const klass = await trx
    .insertInto("course_sections")
    .values({ course_id: course.id, ...termOf(now), class_code: DEMO_CLASS_CODE, created_by: teacher, created_at: new Date(now.getTime() - 30 * DAY_MS) })
    .returning("id")
    .executeTakeFirstOrThrow();
  const members = [
    { user_id: teacher, role: "teacher" as const },
    { user_id: maya, role: "student" as const },
    { user_id: rep, role: "student" as const },
    { user_id: ambassador, role: "student" as const },
  ];
  await trx
    .insertInto("course_section_users")
    .values(members.map((member) => ({ course_section_id: klass.id, ...member })))
    .execute();

  const reading = await trx
    .insertInto("course_assignments")
    .values({
      course_section_id: klass.id,
      kind: "reading",
      title: "Read: limits and continuity",
      instructions: "Read sections 1.5 and 1.6 of the textbook and write down one question to bring to class.",
      activity_id: null,
      due_at: new Date(now.getTime() - 7 * DAY_MS),
      created_by: teacher,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const quizAssignment = await trx
    .insertInto("course_assignments")
    .values({
      course_section_id: klass.id,
      kind: "quiz",
      title: quiz.title,
      instructions: "Take the quiz once, on your own. Your score is your grade.",
      activity_id: quiz.id,
      due_at: new Date(now.getTime() + 7 * DAY_MS),
      created_by: teacher,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const upload = await trx
    .insertInto("course_assignments")
    .values({
      course_section_id: klass.id,
      kind: "upload",
      title: "Problem set 3: limits",
      instructions: "Solve problems 1–8 of section 1.6, show your working, and hand in a PDF, a Word document or a clear photo of your pages.",
      activity_id: null,
      due_at: new Date(now.getTime() + 4 * DAY_MS),
      created_by: teacher,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const [readingColumn, , midterm] = await trx
    .insertInto("course_assessments")
    .values([
      { course_section_id: klass.id, title: "Read: limits and continuity", category: "Homework", weight: 10, course_assignment_id: reading.id },
      { course_section_id: klass.id, title: quiz.title, category: "Quizzes", weight: 20, course_assignment_id: quizAssignment.id },
      { course_section_id: klass.id, title: "Midterm", category: "Tests", weight: 40, course_assignment_id: null },
      { course_section_id: klass.id, title: "Problem set 3: limits", category: "Homework", weight: 10, course_assignment_id: upload.id },
    ])
    .returning("id")
    .execute();
  await trx
    .insertInto("course_assignment_users")
    .values([
      { course_assignment_id: reading.id, user_id: maya, submitted_at: new Date(now.getTime() - 8 * DAY_MS), feedback: "Good question about one-sided limits; we will take it in class." },
      { course_assignment_id: reading.id, user_id: rep, submitted_at: new Date(now.getTime() - 6 * DAY_MS), feedback: "A day late — keep an eye on the due dates." },
      {
        course_assignment_id: upload.id,
        user_id: rep,
        submitted_at: new Date(now.getTime() - 1 * DAY_MS),
        file_storage_key: DEMO_WORK_FILE,
        file_name: "Problem set 3.pdf",
        file_content_type: "application/pdf",
        file_size_bytes: demoWork.byteLength,
      },
    ])
    .execute();
  const grades = [
    { course_assessment_id: readingColumn!.id, user_id: maya, grade: 92 },
    { course_assessment_id: readingColumn!.id, user_id: rep, grade: 78 },
    { course_assessment_id: midterm!.id, user_id: maya, grade: 84 },
    { course_assessment_id: midterm!.id, user_id: rep, grade: 71 },
  ];
  await trx
    .insertInto("course_assessment_grades")
    .values(grades.map((grade) => ({ ...grade, updated_by: teacher, updated_at: now })))
    .execute();

  // The planner: days around today, never outside the term.
  const { first, last } = termDays(termOf(now));
  const day = (offset: number) => {
    const date = isoDateOf(new Date(now.getTime() + offset * DAY_MS));
    return date < first ? first : date > last ? last : date;
  };
  const lessons = [
    { title: "Limits: one-sided limits", notes: "Go over the reading's questions first.", on_date: day(-2) },
    { title: "Continuity and the intermediate value theorem", notes: "Worked examples 2.4–2.6.", on_date: day(1) },
    { title: "Review before the quiz", notes: "", on_date: day(5) },
  ];
  await trx
    .insertInto("course_lessons")
    .values(lessons.map((lesson) => ({ course_section_id: klass.id, ...lesson, created_by: teacher })))
    .execute();
  const schedule = await trx.insertInto("course_schedules").values({ course_section_id: klass.id }).returning("id").executeTakeFirstOrThrow();
  const events = [
    { title: "Unit test: limits", kind: "test" as const, on_date: day(12), at_time: "09:30" },
    { title: "School holiday", kind: "holiday" as const, on_date: day(8), at_time: null },
  ];
  await trx
    .insertInto("course_schedule_events")
    .values(events.map((event) => ({ course_schedule_id: schedule.id, ...event, created_by: teacher })))
    .execute();

  return {
    course_sections: 1,
    course_section_users: members.length,
    course_assignments: 3,
    course_assignment_users: 3,
    course_assessments: 4,
    course_assessment_grades: grades.length,
    course_lessons: lessons.length,
    course_schedules: 1,
    course_schedule_events: events.length,
  };
}
