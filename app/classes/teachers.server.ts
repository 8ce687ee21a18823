import { sql } from "kysely";
import { studentName } from "~/classes/classes.server";
import { db } from "~/db/db.server";

/**
 * A class's teachers (SPEC §3 courseInstructors: rows of course_section_users with the role
 * teacher). A co-teacher is added by the email of an account with the teacher role; a class
 * always keeps one teacher: removals run under the class's row lock, so two teachers removing
 * each other at once leave one.
 */

export async function classTeachers(classId: number) {
  const rows = await db()
    .selectFrom("course_section_users")
    .innerJoin("users", "users.id", "course_section_users.user_id")
    .where("course_section_id", "=", classId)
    .where("role", "=", "teacher")
    .select(["users.id", "users.email", "users.first_name", "users.last_name", "users.display_name"])
    .orderBy("course_section_users.joined_at")
    .orderBy("users.id")
    .execute();
  return rows.map((row) => ({ id: row.id, name: studentName(row), email: row.email }));
}

export type AddTeacherOutcome = { kind: "added"; name: string } | { kind: "no-teacher-account" | "already-teaches" | "is-student" };

/** Adds the teacher with this email to the class. */
export async function addTeacher(input: { classId: number; email: string }): Promise<AddTeacherOutcome> {
  const user = await db()
    .selectFrom("users")
    .select(["id", "email", "first_name", "last_name", "display_name"])
    .where(sql`lower(email)`, "=", input.email.trim().toLowerCase())
    .where(sql<boolean>`'teacher' = any(roles)`)
    .executeTakeFirst();
  if (!user) return { kind: "no-teacher-account" };
  const inserted = await db()
    .insertInto("course_section_users")
    .values({ course_section_id: input.classId, user_id: user.id, role: "teacher" })
    .onConflict((conflict) => conflict.columns(["course_section_id", "user_id"]).doNothing())
    .returning("user_id")
    .executeTakeFirst();
  if (inserted) return { kind: "added", name: studentName(user) };
  const member = await db().selectFrom("course_section_users").select("role").where("course_section_id", "=", input.classId).where("user_id", "=", user.id).executeTakeFirstOrThrow();
  return { kind: member.role === "teacher" ? "already-teaches" : "is-student" };
}

/** Removes a teacher from the class, never the last one. */
export async function removeTeacher(input: { classId: number; userId: number }): Promise<"removed" | "last-teacher" | "not-a-teacher"> {
  return db()
    .transaction()
    .execute(async (trx) => {
      await trx.selectFrom("course_sections").select("id").where("id", "=", input.classId).forUpdate().executeTakeFirst();
      const teachers = await trx.selectFrom("course_section_users").select("user_id").where("course_section_id", "=", input.classId).where("role", "=", "teacher").execute();
      if (!teachers.some((teacher) => teacher.user_id === input.userId)) return "not-a-teacher";
      if (teachers.length === 1) return "last-teacher";
      await trx.deleteFrom("course_section_users").where("course_section_id", "=", input.classId).where("user_id", "=", input.userId).execute();
      return "removed";
    });
}

/** Takes a student out of the class; false when they are not one of its students. Their past submissions and grades stay on record. */
export async function removeStudent(input: { classId: number; userId: number }) {
  const result = await db().deleteFrom("course_section_users").where("course_section_id", "=", input.classId).where("user_id", "=", input.userId).where("role", "=", "student").executeTakeFirst();
  return result.numDeletedRows > 0n;
}
