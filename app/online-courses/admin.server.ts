import { sql } from "kysely";
import { recordAuditEvent, type AuditedRequest } from "~/accounts/audit.server";
import { INSTRUCTOR_ROLES } from "~/accounts/roles";
import { db } from "~/db/db.server";
import type { OnlineCourseStatus } from "~/db/schema";

/**
 * The back office's list of online courses (SPEC §2 /admin/*): every course by status, and its
 * instructor set or cleared. Status changes go through editor.server.ts `changeStatus`, the
 * course manager's own rule (one step forward at a time).
 */

export function listOnlineCoursesForAdmin(status: OnlineCourseStatus | null) {
  let query = db()
    .selectFrom("online_courses")
    .leftJoin("users", "users.id", "online_courses.instructor_id")
    .select((eb) => [
      "online_courses.id",
      "online_courses.name",
      "online_courses.course_code",
      "online_courses.status",
      "online_courses.instructor_id",
      sql<string | null>`nullif(trim(users.first_name || ' ' || users.last_name), '')`.as("instructor_name"),
      eb
        .selectFrom("online_course_users")
        .select(sql<number>`count(*)::int`.as("n"))
        .whereRef("online_course_users.online_course_id", "=", "online_courses.id")
        .as("enrolments"),
    ]);
  if (status) query = query.where("online_courses.status", "=", status);
  return query.orderBy("online_courses.name").orderBy("online_courses.id").limit(300).execute();
}

/** Everyone who may be given a course or a session to teach: active users holding an instructor role. */
export function instructorChoices() {
  return db()
    .selectFrom("users")
    .select(["id", "email", sql<string>`trim(first_name || ' ' || last_name)`.as("name")])
    .where(sql<boolean>`users.roles && ${sql.val([...INSTRUCTOR_ROLES])}::text[]`)
    .where("deactivated_at", "is", null)
    .orderBy("first_name")
    .orderBy("id")
    .execute();
}

export type InstructorChange = "changed" | "not-found" | "not-an-instructor";

/** Whether the user may teach: active and holding an instructor role (the policy's managesOnlineCourse and manage_study_session ask the same). */
export async function isEligibleInstructor(userId: number): Promise<boolean> {
  const row = await db()
    .selectFrom("users")
    .select("id")
    .where("id", "=", userId)
    .where("deactivated_at", "is", null)
    .where(sql<boolean>`users.roles && ${sql.val([...INSTRUCTOR_ROLES])}::text[]`)
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets (or, with null, clears) the course's instructor. */
export async function setOnlineCourseInstructor(courseId: number, instructorId: number | null, actor: { actorId: number; request?: AuditedRequest }): Promise<InstructorChange> {
  if (instructorId !== null && !(await isEligibleInstructor(instructorId))) return "not-an-instructor";
  return db()
    .transaction()
    .execute(async (trx) => {
      const result = await trx.updateTable("online_courses").set({ instructor_id: instructorId, updated_at: new Date() }).where("id", "=", courseId).executeTakeFirst();
      if (result.numUpdatedRows === 0n) return "not-found";
      await recordAuditEvent({ action: "online_course.change", actorId: actor.actorId, request: actor.request, details: { online_course_id: courseId, instructor_id: instructorId } }, trx);
      return "changed";
    });
}

/** The course a back-office form names, with what the policy asks (its instructor); undefined when gone. */
export function findOnlineCourseForStaff(courseId: number) {
  return db().selectFrom("online_courses").select(["id", "name", "instructor_id"]).where("id", "=", courseId).executeTakeFirst();
}
