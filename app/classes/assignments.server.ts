import type { QuizAnswers } from "~/assessments/engine";
import { submissionStatus } from "~/classes/lateness";
import { studentName } from "~/classes/classes.server";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import type { AssignmentKind } from "~/db/schema";
import { quizQuestionsForLearner, recordQuizAttempt } from "~/online-courses/progress.server";

const QUIZ_TYPES = ["quiz", "checkpoint_quiz"] as const;

/** The activities of the class's online courses (those its catalogue course is linked to), for an assignment to point at. */
export function classActivities(courseId: number) {
  return db()
    .selectFrom("online_course_courses as occ")
    .innerJoin("online_courses", "online_courses.id", "occ.online_course_id")
    .innerJoin("chapters", "chapters.online_course_id", "online_courses.id")
    .innerJoin("sections", "sections.chapter_id", "chapters.id")
    .innerJoin("activities", "activities.section_id", "sections.id")
    .where("occ.course_id", "=", courseId)
    .where("activities.activity_type", "not in", ["mock_exam"])
    .select(["activities.id", "activities.title", "activities.activity_type", "online_courses.name as online_course_name"])
    .orderBy("online_courses.name")
    .orderBy("chapters.position")
    .orderBy("sections.position")
    .orderBy("activities.position")
    .execute();
}

export type NewAssignment = {
  classId: number;
  courseId: number;
  teacherId: number;
  kind: AssignmentKind;
  title: string;
  instructions: string;
  activityId: number | null;
  dueAt: Date;
  category: string;
  weight: number;
};

/** An assignment and its grade-book column, together. Refused when the activity is not one of the class's (or not a quiz for a quiz); a reading or an upload has none. */
export async function createAssignment(input: NewAssignment): Promise<{ kind: "created"; id: number } | { kind: "refused"; field: "activity_id"; message: string }> {
  let activityId: number | null = null;
  if (input.kind !== "reading" && input.kind !== "upload") {
    const activity = (await classActivities(input.courseId)).find((row) => row.id === input.activityId);
    if (!activity) return { kind: "refused", field: "activity_id", message: "Choose an activity of this class's online courses." };
    if (input.kind === "quiz" && !(QUIZ_TYPES as readonly string[]).includes(activity.activity_type)) return { kind: "refused", field: "activity_id", message: "Choose a quiz for a quiz assignment." };
    activityId = activity.id;
  }
  const id = await db()
    .transaction()
    .execute(async (trx) => {
      const created = await trx
        .insertInto("course_assignments")
        .values({ course_section_id: input.classId, kind: input.kind, title: input.title, instructions: input.instructions, activity_id: activityId, due_at: input.dueAt, created_by: input.teacherId })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("course_assessments")
        .values({ course_section_id: input.classId, title: input.title, category: input.category, weight: input.weight, course_assignment_id: created.id })
        .execute();
      return created.id;
    });
  return { kind: "created", id };
}

export async function findAssignment(assignmentId: number) {
  return db()
    .selectFrom("course_assignments")
    .innerJoin("course_assessments", "course_assessments.course_assignment_id", "course_assignments.id")
    .leftJoin("activities", "activities.id", "course_assignments.activity_id")
    .where("course_assignments.id", "=", assignmentId)
    .select([
      "course_assignments.id",
      "course_assignments.course_section_id",
      "course_assignments.kind",
      "course_assignments.title",
      "course_assignments.instructions",
      "course_assignments.activity_id",
      "course_assignments.due_at",
      "course_assessments.id as assessment_id",
      "course_assessments.category",
      "course_assessments.weight",
      "activities.title as activity_title",
    ])
    .executeTakeFirst();
}

export type AssignmentRecord = NonNullable<Awaited<ReturnType<typeof findAssignment>>>;

/** Where an activity lives, for a link to it in the online course. */
export function activityLink(activityId: number) {
  return db()
    .selectFrom("activities")
    .innerJoin("sections", "sections.id", "activities.section_id")
    .innerJoin("chapters", "chapters.id", "sections.chapter_id")
    .innerJoin("online_courses", "online_courses.id", "chapters.online_course_id")
    .where("activities.id", "=", activityId)
    .select(["online_courses.slug", "online_courses.name"])
    .executeTakeFirst();
}

/** A student's submission and grade on the assignment, if any. */
export async function submissionOf(assignment: AssignmentRecord, userId: number) {
  const [submission, grade] = await Promise.all([
    db().selectFrom("course_assignment_users").selectAll().where("course_assignment_id", "=", assignment.id).where("user_id", "=", userId).executeTakeFirst(),
    db().selectFrom("course_assessment_grades").select("grade").where("course_assessment_id", "=", assignment.assessment_id).where("user_id", "=", userId).executeTakeFirst(),
  ]);
  // A row holding only the teacher's feedback is no hand-in.
  return { submission: submission?.submitted_at ? submission : null, feedback: submission?.feedback ?? "", grade: grade ? Number(grade.grade) : null };
}

export function quizQuestions(assignment: AssignmentRecord) {
  return assignment.kind === "quiz" && assignment.activity_id !== null ? quizQuestionsForLearner(assignment.activity_id) : Promise.resolve([]);
}

export type SubmitOutcome = { kind: "submitted"; late: boolean; score: number | null } | { kind: "already-submitted" };

/**
 * A student hands in the assignment, once. A quiz is scored on the server, its attempt stored,
 * and the score becomes the grade; the primary key lets only one submission in, so a second
 * (another tab, a double click) changes nothing.
 */
export async function submitAssignment(input: { assignment: AssignmentRecord; userId: number; now: Date; answers: QuizAnswers | null }): Promise<SubmitOutcome> {
  const { assignment } = input;
  return db()
    .transaction()
    .execute(async (trx) => {
      // A row with feedback but no work yet (the teacher wrote first) takes the hand-in; one with work takes nothing.
      const inserted = await trx
        .insertInto("course_assignment_users")
        .values({ course_assignment_id: assignment.id, user_id: input.userId, submitted_at: input.now })
        .onConflict((conflict) =>
          conflict
            .columns(["course_assignment_id", "user_id"])
            .doUpdateSet({ submitted_at: input.now })
            .where("course_assignment_users.submitted_at", "is", null),
        )
        .returning("user_id")
        .executeTakeFirst();
      if (!inserted) return { kind: "already-submitted" } as const;
      let score: number | null = null;
      if (assignment.kind === "quiz" && assignment.activity_id !== null && input.answers) {
        const attempt = await recordQuizAttempt(trx, { userId: input.userId, activityId: assignment.activity_id, answers: input.answers, durationSeconds: 0, enrolment: null });
        score = attempt.score.percent;
        await trx.updateTable("course_assignment_users").set({ quiz_attempt_id: attempt.attemptId }).where("course_assignment_id", "=", assignment.id).where("user_id", "=", input.userId).execute();
        await upsertGrade(trx, { assessmentId: assignment.assessment_id, userId: input.userId, grade: score, by: null, now: input.now });
      }
      return { kind: "submitted", late: submissionStatus({ dueAt: assignment.due_at, submittedAt: input.now, now: input.now }) === "late", score } as const;
    });
}

/** One grade-book cell: the later write wins, and no other cell is touched. */
export async function upsertGrade(executor: Executor, cell: { assessmentId: number; userId: number; grade: number | null; by: number | null; now: Date }) {
  if (cell.grade === null) {
    await executor.deleteFrom("course_assessment_grades").where("course_assessment_id", "=", cell.assessmentId).where("user_id", "=", cell.userId).execute();
    return;
  }
  await executor
    .insertInto("course_assessment_grades")
    .values({ course_assessment_id: cell.assessmentId, user_id: cell.userId, grade: cell.grade, updated_by: cell.by, updated_at: cell.now })
    .onConflict((conflict) => conflict.columns(["course_assessment_id", "user_id"]).doUpdateSet({ grade: cell.grade!, updated_by: cell.by, updated_at: cell.now }))
    .execute();
}

/** Every student of the class with their submission, grade and feedback on the assignment, for the teacher. */
export async function assignmentSubmissions(assignment: AssignmentRecord, now: Date) {
  const rows = await db()
    .selectFrom("course_section_users as member")
    .innerJoin("users", "users.id", "member.user_id")
    .leftJoin("course_assignment_users as submission", (join) => join.onRef("submission.user_id", "=", "member.user_id").on("submission.course_assignment_id", "=", assignment.id))
    .leftJoin("course_assessment_grades as grade", (join) => join.onRef("grade.user_id", "=", "member.user_id").on("grade.course_assessment_id", "=", assignment.assessment_id))
    .where("member.course_section_id", "=", assignment.course_section_id)
    .where("member.role", "=", "student")
    .select(["users.id", "users.email", "users.first_name", "users.last_name", "users.display_name", "submission.submitted_at", "submission.feedback", "submission.file_name", "submission.file_size_bytes", "grade.grade"])
    .orderBy("users.last_name")
    .orderBy("users.first_name")
    .orderBy("users.id")
    .execute();
  return rows.map((row) => ({
    userId: row.id,
    name: studentName(row),
    submittedAt: row.submitted_at,
    status: submissionStatus({ dueAt: assignment.due_at, submittedAt: row.submitted_at, now }),
    feedback: row.feedback ?? "",
    grade: row.grade === null ? null : Number(row.grade),
    file: row.file_name && row.file_size_bytes !== null ? { name: row.file_name, size: row.file_size_bytes } : null,
  }));
}

/** The teacher's grade and feedback on one student's work. False when the student is not in the class. */
export async function gradeSubmission(input: { assignment: AssignmentRecord; userId: number; grade: number | null; feedback: string; teacherId: number; now: Date }): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const member = await trx
        .selectFrom("course_section_users")
        .select("user_id")
        .where("course_section_id", "=", input.assignment.course_section_id)
        .where("user_id", "=", input.userId)
        .where("role", "=", "student")
        .executeTakeFirst();
      if (!member) return false;
      // Under the submission's row lock, as an upload's replacement takes it: a file is never replaced between its grade's check and the grade.
      await trx.selectFrom("course_assignment_users").select("user_id").where("course_assignment_id", "=", input.assignment.id).where("user_id", "=", input.userId).forUpdate().executeTakeFirst();
      // Feedback for a student who has handed in nothing yet is kept too, on a row without a hand-in time.
      await trx
        .insertInto("course_assignment_users")
        .values({ course_assignment_id: input.assignment.id, user_id: input.userId, submitted_at: null, feedback: input.feedback })
        .onConflict((conflict) => conflict.columns(["course_assignment_id", "user_id"]).doUpdateSet({ feedback: input.feedback }))
        .execute();
      await upsertGrade(trx, { assessmentId: input.assignment.assessment_id, userId: input.userId, grade: input.grade, by: input.teacherId, now: input.now });
      return true;
    });
}
