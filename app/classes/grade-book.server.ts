import { upsertGrade } from "~/classes/assignments.server";
import { studentName } from "~/classes/classes.server";
import { weightedAverage } from "~/classes/grade-averages";
import type { GradeChange } from "~/classes/grades-csv";
import { db } from "~/db/db.server";

/** A class's grade book: its assessments (assignments among them), its students, their grades and weighted averages. */
export async function gradeBook(classId: number) {
  const [assessments, students, grades] = await Promise.all([
    db().selectFrom("course_assessments").select(["id", "title", "category", "weight", "course_assignment_id"]).where("course_section_id", "=", classId).orderBy("created_at").orderBy("id").execute(),
    db()
      .selectFrom("course_section_users")
      .innerJoin("users", "users.id", "course_section_users.user_id")
      .where("course_section_id", "=", classId)
      .where("role", "=", "student")
      .select(["users.id", "users.email", "users.first_name", "users.last_name", "users.display_name"])
      .orderBy("users.last_name")
      .orderBy("users.first_name")
      .orderBy("users.id")
      .execute(),
    db()
      .selectFrom("course_assessment_grades")
      .innerJoin("course_assessments", "course_assessments.id", "course_assessment_grades.course_assessment_id")
      .where("course_assessments.course_section_id", "=", classId)
      .select(["course_assessment_grades.course_assessment_id", "course_assessment_grades.user_id", "course_assessment_grades.grade"])
      .execute(),
  ]);
  return {
    assessments,
    students: students.map((student) => {
      const own = new Map(grades.filter((grade) => grade.user_id === student.id).map((grade) => [grade.course_assessment_id, Number(grade.grade)]));
      return { id: student.id, name: studentName(student), email: student.email, grades: own, average: weightedAverage(assessments, own) };
    }),
  };
}

export async function addAssessment(input: { classId: number; title: string; category: string; weight: number }) {
  await db().insertInto("course_assessments").values({ course_section_id: input.classId, title: input.title, category: input.category, weight: input.weight }).execute();
}

/**
 * One cell of the grade book. False when the assessment is not the class's or the student not in
 * it. Each cell is its own row, so teachers editing different cells at once never overwrite each
 * other; two edits of one cell end with the later one.
 */
export async function setGrade(input: { classId: number; assessmentId: number; userId: number; grade: number | null; by: number; now: Date }): Promise<boolean> {
  const [assessment, member] = await Promise.all([
    db().selectFrom("course_assessments").select("id").where("id", "=", input.assessmentId).where("course_section_id", "=", input.classId).executeTakeFirst(),
    db().selectFrom("course_section_users").select("user_id").where("course_section_id", "=", input.classId).where("user_id", "=", input.userId).where("role", "=", "student").executeTakeFirst(),
  ]);
  if (!assessment || !member) return false;
  await upsertGrade(db(), { assessmentId: input.assessmentId, userId: input.userId, grade: input.grade, by: input.by, now: input.now });
  return true;
}

/** An imported file's grades, all or nothing. */
export async function importGrades(input: { changes: readonly GradeChange[]; by: number; now: Date }) {
  await db()
    .transaction()
    .execute(async (trx) => {
      for (const change of input.changes) await upsertGrade(trx, { ...change, by: input.by, now: input.now });
    });
}
