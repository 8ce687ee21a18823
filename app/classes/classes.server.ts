import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { CLASS_CODE_LENGTH, newClassCode } from "~/classes/class-codes";
import { submissionStatus, type SubmissionStatus } from "~/classes/lateness";
import { termLabel } from "~/classes/terms";
import { db } from "~/db/db.server";
import type { ClassTerm } from "~/db/schema";
import { sendMail } from "~/mail/mailer.server";
import { classInvitationMail } from "~/mail/templates";

const UNIQUE_VIOLATION = "23505";

export interface ClassRecord {
  id: number;
  course_id: number;
  course_code: string;
  course_name: string;
  term: ClassTerm;
  year: number;
  class_code: string;
  label: string;
  members: { user_id: number; role: "teacher" | "student" }[];
}

/** A class with its course and everyone in it (the policy's `teach_class` and `attend_class` decide on its members). */
export async function findClass(classId: number): Promise<ClassRecord | undefined> {
  const row = await db()
    .selectFrom("course_sections")
    .innerJoin("courses", "courses.id", "course_sections.course_id")
    .where("course_sections.id", "=", classId)
    .select([
      "course_sections.id",
      "course_sections.course_id",
      "courses.code as course_code",
      "courses.name as course_name",
      "course_sections.term",
      "course_sections.year",
      "course_sections.class_code",
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  const members = await db().selectFrom("course_section_users").select(["user_id", "role"]).where("course_section_id", "=", classId).execute();
  return { ...row, label: `${row.course_code} — ${termLabel(row)}`, members };
}

/** The catalogue courses a teacher may add a class for. */
export function catalogueCourses() {
  return db().selectFrom("courses").select(["id", "code", "name"]).orderBy("code").orderBy("id").execute();
}

/**
 * A new class taught by the teacher. The code is drawn at random; the unique index settles the
 * rare clash and another code is drawn. Undefined when the course does not exist.
 */
export async function createClass(input: { teacherId: number; courseId: number; term: ClassTerm; year: number }): Promise<number | undefined> {
  const course = await db().selectFrom("courses").select("id").where("id", "=", input.courseId).executeTakeFirst();
  if (!course) return undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      return await db()
        .transaction()
        .execute(async (trx) => {
          const created = await trx
            .insertInto("course_sections")
            .values({ course_id: input.courseId, term: input.term, year: input.year, class_code: newClassCode(randomBytes), created_by: input.teacherId })
            .returning("id")
            .executeTakeFirstOrThrow();
          await trx.insertInto("course_section_users").values({ course_section_id: created.id, user_id: input.teacherId, role: "teacher" }).execute();
          return created.id;
        });
    } catch (error) {
      if (attempt < 5 && (error as { code?: string }).code === UNIQUE_VIOLATION) continue;
      throw error;
    }
  }
}

/** The teacher's classes, newest term first, with how many students each has. */
export function classesTaught(teacherId: number) {
  return db()
    .selectFrom("course_section_users as mine")
    .innerJoin("course_sections", "course_sections.id", "mine.course_section_id")
    .innerJoin("courses", "courses.id", "course_sections.course_id")
    .where("mine.user_id", "=", teacherId)
    .where("mine.role", "=", "teacher")
    .select((eb) => [
      "course_sections.id",
      "course_sections.term",
      "course_sections.year",
      "course_sections.class_code",
      "courses.code as course_code",
      "courses.name as course_name",
      eb
        .selectFrom("course_section_users as students")
        .whereRef("students.course_section_id", "=", "course_sections.id")
        .where("students.role", "=", "student")
        .select(sql<number>`count(*)::int`.as("n"))
        .as("student_count"),
    ])
    .orderBy("course_sections.year", "desc")
    .orderBy(sql`case course_sections.term when 'fall' then 0 when 'summer' then 1 else 2 end`)
    .orderBy("courses.code")
    .execute();
}

export type JoinOutcome = { kind: "joined" | "already"; classId: number; label: string } | { kind: "unknown-code" } | { kind: "teaches-it"; classId: number };

/** A student joins the class whose code they have; joining twice is harmless (the primary key keeps one row). */
export async function joinClass(input: { userId: number; code: string }): Promise<JoinOutcome> {
  if (input.code.length !== CLASS_CODE_LENGTH) return { kind: "unknown-code" };
  const found = await db().selectFrom("course_sections").select("id").where("class_code", "=", input.code).executeTakeFirst();
  if (!found) return { kind: "unknown-code" };
  const klass = (await findClass(found.id))!;
  const member = klass.members.find((m) => m.user_id === input.userId);
  if (member?.role === "teacher") return { kind: "teaches-it", classId: klass.id };
  const inserted = await db()
    .insertInto("course_section_users")
    .values({ course_section_id: klass.id, user_id: input.userId, role: "student" })
    .onConflict((conflict) => conflict.columns(["course_section_id", "user_id"]).doNothing())
    .returning("user_id")
    .executeTakeFirst();
  return { kind: inserted ? "joined" : "already", classId: klass.id, label: klass.label };
}

/** Invites someone by email: a mail with the class code and a link that fills it in. */
export async function inviteToClass(input: { klass: ClassRecord; email: string; teacherName: string; joinUrl: string }) {
  const mail = classInvitationMail({
    teacherName: input.teacherName,
    className: `${input.klass.course_code} ${input.klass.course_name} (${termLabel(input.klass)})`,
    code: input.klass.class_code,
    url: input.joinUrl,
  });
  await sendMail({ to: input.email, ...mail, kind: "class_invitation" }, { waitForDelivery: false });
}

/** The classes a student is in, each with its assignments and where the student stands on them. */
export async function classesJoined(userId: number, now: Date) {
  const rows = await db()
    .selectFrom("course_section_users as mine")
    .innerJoin("course_sections", "course_sections.id", "mine.course_section_id")
    .innerJoin("courses", "courses.id", "course_sections.course_id")
    .leftJoin("course_assignments", "course_assignments.course_section_id", "course_sections.id")
    .leftJoin("course_assignment_users as submission", (join) => join.onRef("submission.course_assignment_id", "=", "course_assignments.id").on("submission.user_id", "=", userId))
    .where("mine.user_id", "=", userId)
    .where("mine.role", "=", "student")
    .select([
      "course_sections.id",
      "course_sections.term",
      "course_sections.year",
      "courses.code as course_code",
      "courses.name as course_name",
      "course_assignments.id as assignment_id",
      "course_assignments.title",
      "course_assignments.due_at",
      "submission.submitted_at",
    ])
    .orderBy("course_sections.year", "desc")
    .orderBy("course_sections.id")
    .orderBy("course_assignments.due_at")
    .execute();
  const classes = new Map<number, { id: number; label: string; name: string; assignments: { id: number; title: string; dueAt: Date; status: SubmissionStatus }[] }>();
  for (const row of rows) {
    const klass = classes.get(row.id) ?? { id: row.id, label: `${row.course_code} — ${termLabel(row)}`, name: row.course_name, assignments: [] };
    classes.set(row.id, klass);
    if (row.assignment_id !== null && row.due_at) {
      klass.assignments.push({ id: row.assignment_id, title: row.title!, dueAt: row.due_at, status: submissionStatus({ dueAt: row.due_at, submittedAt: row.submitted_at, now }) });
    }
  }
  return [...classes.values()];
}

/**
 * The class's students with their progress in the class's online courses (those the catalogue
 * course is linked to) and where each stands on every assignment.
 */
export async function classRoster(classId: number, courseId: number, now: Date) {
  const [students, progress, assignments, submissions] = await Promise.all([
    db()
      .selectFrom("course_section_users")
      .innerJoin("users", "users.id", "course_section_users.user_id")
      .where("course_section_id", "=", classId)
      .where("role", "=", "student")
      .select(["users.id", "users.email", "users.first_name", "users.last_name", "users.display_name", "course_section_users.joined_at"])
      .orderBy("users.last_name")
      .orderBy("users.first_name")
      .orderBy("users.id")
      .execute(),
    db()
      .selectFrom("course_section_users as member")
      .innerJoin("online_course_users as ocu", "ocu.user_id", "member.user_id")
      .innerJoin("online_course_courses as occ", (join) => join.onRef("occ.online_course_id", "=", "ocu.online_course_id").on("occ.course_id", "=", courseId))
      .innerJoin("online_courses", "online_courses.id", "ocu.online_course_id")
      .where("member.course_section_id", "=", classId)
      .where("member.role", "=", "student")
      .select((eb) => [
        "ocu.user_id",
        "online_courses.name",
        eb
          .selectFrom("activity_completions")
          .whereRef("activity_completions.online_course_user_id", "=", "ocu.id")
          .select(sql<number>`count(distinct activity_id)::int`.as("n"))
          .as("completed"),
        eb
          .selectFrom("activities")
          .innerJoin("sections", "sections.id", "activities.section_id")
          .innerJoin("chapters", "chapters.id", "sections.chapter_id")
          .whereRef("chapters.online_course_id", "=", "ocu.online_course_id")
          .select(sql<number>`count(*)::int`.as("n"))
          .as("total"),
      ])
      .orderBy("online_courses.name")
      .execute(),
    db().selectFrom("course_assignments").select(["id", "title", "due_at"]).where("course_section_id", "=", classId).orderBy("due_at").orderBy("id").execute(),
    db()
      .selectFrom("course_assignment_users as submission")
      .innerJoin("course_assignments", "course_assignments.id", "submission.course_assignment_id")
      .innerJoin("course_assessments", "course_assessments.course_assignment_id", "course_assignments.id")
      .leftJoin("course_assessment_grades as grade", (join) => join.onRef("grade.course_assessment_id", "=", "course_assessments.id").onRef("grade.user_id", "=", "submission.user_id"))
      .where("course_assignments.course_section_id", "=", classId)
      .select(["submission.course_assignment_id", "submission.user_id", "submission.submitted_at", "grade.grade"])
      .execute(),
  ]);
  const submitted = new Map(submissions.map((row) => [`${row.course_assignment_id}:${row.user_id}`, row]));
  return {
    assignments,
    students: students.map((student) => ({
      id: student.id,
      name: studentName(student),
      email: student.email,
      onlineCourses: progress
        .filter((row) => row.user_id === student.id)
        .map((row) => ({ name: row.name, completed: row.completed ?? 0, total: row.total ?? 0, percent: row.total ? Math.round(((row.completed ?? 0) / row.total) * 100) : 0 })),
      assignments: assignments.map((assignment) => {
        const submission = submitted.get(`${assignment.id}:${student.id}`);
        return {
          id: assignment.id,
          status: submissionStatus({ dueAt: assignment.due_at, submittedAt: submission?.submitted_at ?? null, now }),
          grade: submission?.grade == null ? null : Number(submission.grade),
        };
      }),
    })),
  };
}

export function studentName(user: { first_name: string | null; last_name: string | null; display_name: string | null; email: string }) {
  return [user.first_name, user.last_name].filter(Boolean).join(" ") || user.display_name || user.email;
}
