/**
 * The in-course page fixture of `npm run bench`: a 30-chapter online course with the demo
 * student enrolled part-way through, and a session for that student, written straight into the
 * benchmark's database (PostgreSQL while the server runs; the embedded data folder while it is
 * stopped, since only one process may open it).
 */
import { createHash, randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import { EMBEDDED_OPTIONS } from "../app/db/dialect.server";
import pg from "pg";
import type { Database } from "../app/db/schema";
import { insertLargeCourse } from "../server/seed/large-course";

export const BENCH_COURSE_SLUG = "bench-thirty-chapters";

export async function prepareInCourseFixture(target: { databaseUrl: string } | { dataDir: string }): Promise<{ cookie: string; chapterPath: string }> {
  const db =
    "databaseUrl" in target
      ? new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: target.databaseUrl, max: 2 }) }) })
      : new Kysely<Database>({ dialect: new PGliteDialect(await PGlite.create({ dataDir: target.dataDir, ...EMBEDDED_OPTIONS })) });
  try {
    const existing = await db.selectFrom("online_courses").select("id").where("slug", "=", BENCH_COURSE_SLUG).executeTakeFirst();
    if (!existing) await insertLargeCourse(db, { slug: BENCH_COURSE_SLUG, chapters: 30, studentEmail: "student@demo.test", instructorEmail: "instructor@demo.test" });
    const student = await db.selectFrom("users").select("id").where("email", "=", "student@demo.test").executeTakeFirstOrThrow();
    const id = randomBytes(32).toString("base64url");
    await db
      .insertInto("sessions")
      .values({
        id_hash: createHash("sha256").update(id).digest("base64url"),
        user_id: student.id,
        impersonator_id: null,
        remember_me: false,
        expires_at: new Date(Date.now() + 60 * 60 * 1000),
        ip: null,
        user_agent: "benchmark",
      })
      .execute();
    return { cookie: `__session=${id}`, chapterPath: `/in-course-experience/${BENCH_COURSE_SLUG}/chapter/15` };
  } finally {
    await db.destroy();
  }
}
