import { sql, type Transaction } from "kysely";
import { recordUserChange, type AuditedRequest } from "~/accounts/audit.server";
import { sendConfirmationEmail } from "~/accounts/confirmation.server";
import { hashPassword } from "~/accounts/password.server";
import { missingProfileItems, type MissingProfileItem } from "~/accounts/profile-completeness";
import type { UserCourseChange } from "~/accounts/profile-forms";
import { publicUser, type PublicUser } from "~/accounts/public-user";
import { config } from "~/config/env.server";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import type { CountryCode, Database, SchoolType, User } from "~/db/schema";
import { logger } from "~/utils/logger.server";

/**
 * Reading and changing a user's profile (issue 3 item 6), for the /profile page and
 * PUT /api/v1/users/{id} alike. Who may do it and whether a recent sign-in is needed are
 * decided by the callers (policy, reauthentication); this module keeps the data consistent.
 */

/** A change the data refuses (unknown course or school, someone else's user course, email taken). */
export class ProfileInputError extends Error {
  constructor(
    /** The form field the message belongs to. */
    readonly field: string,
    message: string,
    /** Where in a PUT /api/v1/users/{id} body the problem is (a JSON pointer). */
    readonly pointer: string,
  ) {
    super(message);
    this.name = "ProfileInputError";
  }
}

export const EMAIL_IN_USE_MESSAGE = "That email address is already used by another account.";

export interface ProfileChanges {
  first_name?: string;
  last_name?: string;
  display_name?: string | null;
  email?: string;
  password?: string;
  school_id?: number | null;
  year?: string | null;
  faculty?: string | null;
  degree?: string | null;
  country_code?: CountryCode | null;
  bio?: string | null;
  user_courses_attributes?: UserCourseChange[];
}

export interface UserCourseRow {
  id: number;
  course_id: number;
  relation: "enrolled" | "tutored";
  code: string;
  name: string;
  school_name: string;
}


export async function findPublicUser(userId: number, executor: Executor = db()): Promise<PublicUser | undefined> {
  const row = await executor.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
  return row && publicUser(row);
}

export async function userCourses(userId: number, executor: Executor = db()): Promise<UserCourseRow[]> {
  return executor
    .selectFrom("user_courses")
    .innerJoin("courses", "courses.id", "user_courses.course_id")
    .innerJoin("schools", "schools.id", "courses.school_id")
    .where("user_courses.user_id", "=", userId)
    .select(["user_courses.id", "user_courses.course_id", "user_courses.relation", "courses.code", "courses.name", "schools.name as school_name"])
    .orderBy("courses.code")
    .orderBy("user_courses.id")
    .execute();
}

/** What SPEC §5 says is still missing from this user's profile. */
export async function missingItemsFor(user: Pick<User, "id" | "roles" | "school_id" | "year" | "faculty" | "degree">, courses?: UserCourseRow[]) {
  const school = user.school_id
    ? await db().selectFrom("schools").select("school_type").where("id", "=", user.school_id).executeTakeFirst()
    : undefined;
  const rows = courses ?? (await userCourses(user.id));
  return missingProfileItems({
    roles: user.roles,
    school_id: user.school_id,
    school_type: (school?.school_type as SchoolType | undefined) ?? null,
    year: user.year,
    faculty: user.faculty,
    degree: user.degree,
    tutoredCourseCount: rows.filter((row) => row.relation === "tutored").length,
  });
}

/** The choices the profile form offers: every school, and every course with its school. */
export async function profileChoices() {
  const [schools, courses] = await Promise.all([
    db().selectFrom("schools").select(["id", "name", "school_type"]).orderBy("name").execute(),
    db()
      .selectFrom("courses")
      .innerJoin("schools", "schools.id", "courses.school_id")
      .select(["courses.id", "courses.code", "courses.name", "schools.name as school_name"])
      .orderBy("schools.name")
      .orderBy("courses.code")
      .execute(),
  ]);
  return { schools, courses };
}

export interface ProfileView {
  user: PublicUser;
  courses: UserCourseRow[];
  missing: MissingProfileItem[];
}

export async function loadProfile(userId: number): Promise<ProfileView | undefined> {
  const user = await findPublicUser(userId);
  if (!user) return undefined;
  const courses = await userCourses(userId);
  return { user, courses, missing: await missingItemsFor(user, courses) };
}

/**
 * Applies the changes in one transaction: the user's fields and every user-course entry
 * succeed together or not at all (an unknown course in the third entry undoes the first two).
 * A new password ends every other session of the user; `keepSessionIdHash` is the one kept.
 * When `actorId` is someone else (an admin), the names of the fields changed go to
 * audit_events in the same transaction. A changed email is confirmed through a link to `origin`
 * (the site's origin for the request; the configured one when absent).
 */
export async function updateProfile(
  userId: number,
  changes: ProfileChanges,
  options: { keepSessionIdHash?: string; origin?: string; request?: AuditedRequest; actorId?: number } = {},
): Promise<PublicUser> {
  // Hashing is slow on purpose; do it before holding any row lock.
  const passwordHash = changes.password ? await hashPassword(changes.password) : undefined;
  let emailChanged = false;
  await db()
    .transaction()
    .execute(async (trx) => {
      const current = await trx.selectFrom("users").selectAll().where("id", "=", userId).forUpdate().executeTakeFirst();
      if (!current) throw new ProfileInputError("id", "That user does not exist.", "/user");
      emailChanged = changes.email !== undefined && changes.email.toLowerCase() !== current.email.toLowerCase();

      if (changes.school_id != null) {
        const school = await trx.selectFrom("schools").select("id").where("id", "=", changes.school_id).executeTakeFirst();
        if (!school) throw new ProfileInputError("school_id", "Choose a school from the list.", "/user/school_id");
      }
      if (emailChanged) {
        const taken = await trx
          .selectFrom("users")
          .select("id")
          .where(sql<string>`lower(email)`, "=", changes.email!.toLowerCase())
          .where("id", "!=", userId)
          .executeTakeFirst();
        if (taken) throw new ProfileInputError("email", EMAIL_IN_USE_MESSAGE, "/user/email");
      }

      const { user_courses_attributes: courseChanges, password: _password, email, ...fields } = changes;
      await trx
        .updateTable("users")
        .set({
          ...fields,
          ...(email !== undefined ? { email } : {}),
          // A new address must be confirmed again before we trust it.
          ...(emailChanged ? { confirmed_at: null } : {}),
          ...(passwordHash ? { password_hash: passwordHash } : {}),
          updated_at: new Date(),
        })
        .where("id", "=", userId)
        .execute();

      // Courses a tutor adds are the ones they tutor (SPEC §5); everyone else enrols.
      const relation = current.roles.includes("tutor") ? "tutored" : "enrolled";
      let coursesChanged = false;
      for (const [index, entry] of (courseChanges ?? []).entries()) {
        if (await applyUserCourseChange(trx, userId, relation, entry, index)) coursesChanged = true;
      }

      if (options.actorId !== undefined) {
        const changed = [...changedFields(current, changes), ...(coursesChanged ? ["user_courses"] : [])];
        await recordUserChange({ actorId: options.actorId, targetId: userId, fields: changed, request: options.request }, trx);
      }
    })
    .catch((error: unknown) => {
      // Two requests taking the same address at once: the unique index decides, with the same answer.
      if ((error as { code?: string }).code === "23505") throw new ProfileInputError("email", EMAIL_IN_USE_MESSAGE, "/user/email");
      throw error;
    });

  if (passwordHash) {
    let ending = db().deleteFrom("sessions").where("user_id", "=", userId);
    if (options.keepSessionIdHash) ending = ending.where("id_hash", "!=", options.keepSessionIdHash);
    await ending.execute();
  }
  const user = (await findPublicUser(userId))!;
  if (emailChanged) {
    // Best effort: the change is saved; the user can ask for the mail again.
    await sendConfirmationEmail(user, options.origin ?? config().appOrigin).catch((error: unknown) => logger().warn({ err: error }, "confirmation mail after email change failed"));
  }
  return user;
}

/** The names of the fields the changes alter; a new password always counts (the hash cannot tell). */
function changedFields(current: User, changes: ProfileChanges): string[] {
  const { user_courses_attributes: _courses, password, ...fields } = changes;
  const altered = Object.entries(fields).flatMap(([field, value]) => (value === undefined || value === current[field as keyof User] ? [] : [field]));
  return password ? [...altered, "password"] : altered;
}

/** Applies one user-course entry; returns whether it added or removed one. */
async function applyUserCourseChange(
  trx: Transaction<Database>,
  userId: number,
  relation: "enrolled" | "tutored",
  entry: UserCourseChange,
  index: number,
): Promise<boolean> {
  const pointer = `/user/user_courses_attributes/${index}`;
  if (entry.id !== undefined) {
    // Only the user's own entries: someone else's id is refused the same way as one that does not exist.
    const own = await trx.selectFrom("user_courses").select("id").where("id", "=", entry.id).where("user_id", "=", userId).executeTakeFirst();
    if (!own) throw new ProfileInputError("user_courses_attributes", `This profile has no course entry with id ${entry.id}.`, `${pointer}/id`);
    if (!entry._destroy) return false;
    await trx.deleteFrom("user_courses").where("id", "=", entry.id).execute();
    return true;
  }
  if (entry._destroy || entry.course_id === undefined) return false;
  const course = await trx.selectFrom("courses").select("id").where("id", "=", entry.course_id).executeTakeFirst();
  if (!course) throw new ProfileInputError("user_courses_attributes", `There is no course with id ${entry.course_id}.`, `${pointer}/course_id`);
  // Adding a course already on the profile changes nothing.
  const added = await trx
    .insertInto("user_courses")
    .values({ user_id: userId, course_id: entry.course_id, relation })
    .onConflict((conflict) => conflict.columns(["user_id", "course_id", "relation"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return added !== undefined;
}

/**
 * Deactivates the account and ends all its sessions, together. Returns false for an unknown user.
 * When `actorId` is someone else (an admin), the deactivation goes to audit_events with them.
 */
export async function deactivateUser(userId: number, options: { actorId?: number; request?: AuditedRequest } = {}): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const found = await trx.selectFrom("users").select(["id", "deactivated_at"]).where("id", "=", userId).forUpdate().executeTakeFirst();
      if (!found) return false;
      await trx
        .updateTable("users")
        .set({ deactivated_at: sql<Date>`coalesce(deactivated_at, now())`, updated_at: new Date() })
        .where("id", "=", userId)
        .execute();
      await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
      if (options.actorId !== undefined && !found.deactivated_at) {
        await recordUserChange({ actorId: options.actorId, targetId: userId, fields: ["deactivated_at"], request: options.request }, trx);
      }
      return true;
    });
}

/** Records that the user accepted the contract; the first acceptance is the one kept. */
export async function acceptContract(userId: number): Promise<PublicUser> {
  await db()
    .updateTable("users")
    .set({ contract_accepted_at: sql<Date>`coalesce(contract_accepted_at, now())` })
    .where("id", "=", userId)
    .execute();
  return (await findPublicUser(userId))!;
}
