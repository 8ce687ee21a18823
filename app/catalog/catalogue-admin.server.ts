import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { recordAuditEvent, type AuditedRequest } from "~/accounts/audit.server";
import { slugFrom, type CourseFields, type SchoolFields } from "~/catalog/catalogue-forms";
import { db } from "~/db/db.server";
import { likePattern } from "~/db/like-pattern";

/** The admin's schools and catalogue courses (SPEC §3): lists, creation and edits; merging is in merge.server.ts. */

const LIST_LIMIT = 200;

export function listSchoolsForAdmin(query: string | undefined) {
  let q = db()
    .selectFrom("schools")
    .select((eb) => [
      "schools.id",
      "schools.name",
      "schools.short_name",
      "schools.slug",
      "schools.school_type",
      "schools.country_code",
      "schools.region_code",
      "schools.city",
      eb
        .selectFrom("users")
        .select(sql<number>`count(*)::int`.as("n"))
        .whereRef("users.school_id", "=", "schools.id")
        .as("user_count"),
      eb
        .selectFrom("courses")
        .select(sql<number>`count(*)::int`.as("n"))
        .whereRef("courses.school_id", "=", "schools.id")
        .as("course_count"),
    ]);
  if (query) q = q.where((eb) => eb.or([eb(sql`lower(schools.name)`, "like", likePattern(query)), eb(sql`lower(coalesce(schools.short_name, ''))`, "like", likePattern(query))]));
  return q.orderBy("schools.name").orderBy("schools.id").limit(LIST_LIMIT).execute();
}

export function schoolChoices() {
  return db().selectFrom("schools").select(["id", "name", "city"]).orderBy("name").orderBy("id").execute();
}

export function listCoursesForAdmin(query: string | undefined, schoolId: number | null) {
  let q = db()
    .selectFrom("courses")
    .innerJoin("schools", "schools.id", "courses.school_id")
    .select((eb) => [
      "courses.id",
      "courses.code",
      "courses.name",
      "courses.slug",
      "courses.subject",
      "courses.price_cents",
      "courses.school_id",
      "schools.name as school_name",
      eb
        .selectFrom("user_courses")
        .select(sql<number>`count(*)::int`.as("n"))
        .whereRef("user_courses.course_id", "=", "courses.id")
        .as("student_count"),
    ]);
  if (query) q = q.where((eb) => eb.or([eb(sql`lower(courses.code)`, "like", likePattern(query)), eb(sql`lower(courses.name)`, "like", likePattern(query))]));
  if (schoolId !== null) q = q.where("courses.school_id", "=", schoolId);
  return q.orderBy("schools.name").orderBy("courses.code").orderBy("courses.id").limit(LIST_LIMIT).execute();
}

export function courseChoices() {
  return db()
    .selectFrom("courses")
    .innerJoin("schools", "schools.id", "courses.school_id")
    .select(["courses.id", "courses.code", "courses.name", "schools.name as school_name"])
    .orderBy("schools.name")
    .orderBy("courses.code")
    .execute();
}

/** A slug free at the time of asking; the unique index settles a race (the loser's insert fails and is retried once with a random suffix). */
async function freeSlug(table: "schools" | "courses", base: string): Promise<string> {
  const taken = await db().selectFrom(table).select("slug").where("slug", "like", `${base}%`).execute();
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; n < 1000; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
  return `${base}-${randomBytes(3).toString("hex")}`;
}

function isUniqueViolation(error: unknown, constraint?: string) {
  const e = error as { code?: string; constraint?: string };
  return e?.code === "23505" && (constraint === undefined || e.constraint === constraint);
}

interface Actor {
  actorId: number;
  request?: AuditedRequest;
}

export async function createSchool(fields: SchoolFields, actor: Actor): Promise<number> {
  const base = slugFrom(fields.name, "school");
  for (const slug of [await freeSlug("schools", base), `${base}-${randomBytes(3).toString("hex")}`]) {
    try {
      const row = await db()
        .insertInto("schools")
        .values({ ...fields, short_name: fields.short_name || null, slug })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAuditEvent({ action: "catalogue.change", actorId: actor.actorId, request: actor.request, details: { table: "schools", id: row.id, change: "create" } });
      return row.id;
    } catch (error) {
      if (!isUniqueViolation(error, "schools_slug_key")) throw error;
    }
  }
  throw new Error("No free slug for the school.");
}

export async function updateSchool(id: number, fields: SchoolFields, actor: Actor): Promise<boolean> {
  const result = await db()
    .updateTable("schools")
    .set({ ...fields, short_name: fields.short_name || null })
    .where("id", "=", id)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await recordAuditEvent({ action: "catalogue.change", actorId: actor.actorId, request: actor.request, details: { table: "schools", id, change: "update" } });
  return true;
}

export type CourseSave = { kind: "saved"; id: number } | { kind: "code-taken" } | { kind: "not-found" };

export async function createCourse(fields: CourseFields, actor: Actor): Promise<CourseSave> {
  const school = await db().selectFrom("schools").select("slug").where("id", "=", fields.school_id).executeTakeFirst();
  if (!school) return { kind: "not-found" };
  const base = slugFrom(`${school.slug}-${fields.code}`, "course");
  for (const slug of [await freeSlug("courses", base), `${base}-${randomBytes(3).toString("hex")}`]) {
    try {
      const row = await db()
        .insertInto("courses")
        .values({ ...fields, slug })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAuditEvent({ action: "catalogue.change", actorId: actor.actorId, request: actor.request, details: { table: "courses", id: row.id, change: "create" } });
      return { kind: "saved", id: row.id };
    } catch (error) {
      if (isUniqueViolation(error, "courses_school_id_code_key")) return { kind: "code-taken" };
      if (!isUniqueViolation(error, "courses_slug_key")) throw error;
    }
  }
  throw new Error("No free slug for the course.");
}

export async function updateCourse(id: number, fields: CourseFields, actor: Actor): Promise<CourseSave> {
  try {
    const result = await db().updateTable("courses").set(fields).where("id", "=", id).executeTakeFirst();
    if (result.numUpdatedRows === 0n) return { kind: "not-found" };
  } catch (error) {
    if (isUniqueViolation(error, "courses_school_id_code_key")) return { kind: "code-taken" };
    // The school chosen was deleted (merged) meanwhile.
    if ((error as { code?: string }).code === "23503") return { kind: "not-found" };
    throw error;
  }
  await recordAuditEvent({ action: "catalogue.change", actorId: actor.actorId, request: actor.request, details: { table: "courses", id, change: "update" } });
  return { kind: "saved", id };
}
