import { sql } from "kysely";
import { db } from "~/db/db.server";
import { likePattern } from "~/db/like-pattern";
import { prefixTsQuery, searchWords } from "./search";

/**
 * Site search (/search). Full-text search with prefix matching on the same expressions as the
 * GIN indexes of migration 0006 (core PostgreSQL, so it runs on the embedded database too), ranked
 * by ts_rank; a plain substring match on the code or name catches what word stemming misses
 * (e.g. "137" inside "MATH 137"). Two queries per page: the rows and the total.
 */
const courseDocument = sql`to_tsvector('english', courses.code || ' ' || courses.name || ' ' || courses.subject)`;
const schoolDocument = sql`to_tsvector('english', schools.name || ' ' || coalesce(schools.short_name, '') || ' ' || schools.city)`;

export async function searchCourses({ query, page, perPage }: { query: string; page: number; perPage: number }) {
  const tsquery = prefixTsQuery(query);
  if (!tsquery) return { results: [], total: 0 };
  const tsq = sql`to_tsquery('english', ${tsquery})`;
  const pattern = likePattern(query.trim());
  const base = db()
    .selectFrom("courses")
    .innerJoin("schools", "schools.id", "courses.school_id")
    .where((eb) => eb.or([sql<boolean>`${courseDocument} @@ ${tsq}`, eb(sql`lower(courses.code)`, "like", pattern), eb(sql`lower(courses.name)`, "like", pattern)]));
  const [results, total] = await Promise.all([
    base
      .select([
        "courses.id",
        "courses.slug",
        "courses.code",
        "courses.name",
        "courses.subject",
        "schools.name as school_name",
        sql<number>`ts_rank(${courseDocument}, ${tsq})`.as("rank"),
      ])
      .orderBy("rank", "desc")
      .orderBy("courses.high_priority", "desc")
      .orderBy("courses.code")
      .orderBy("courses.id")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow(),
  ]);
  return { results, total: total.n };
}

export async function searchSchools({ query, page, perPage }: { query: string; page: number; perPage: number }) {
  const tsquery = prefixTsQuery(query);
  if (!tsquery) return { results: [], total: 0 };
  const tsq = sql`to_tsquery('english', ${tsquery})`;
  const pattern = likePattern(query.trim());
  const base = db()
    .selectFrom("schools")
    .where((eb) => eb.or([sql<boolean>`${schoolDocument} @@ ${tsq}`, eb(sql`lower(schools.name)`, "like", pattern), eb(sql`lower(coalesce(schools.short_name, ''))`, "like", pattern)]));
  const [results, total] = await Promise.all([
    base
      .select([
        "schools.id",
        "schools.slug",
        "schools.name",
        "schools.school_type",
        "schools.city",
        "schools.region_code",
        sql<number>`ts_rank(${schoolDocument}, ${tsq})`.as("rank"),
      ])
      .orderBy("rank", "desc")
      .orderBy("schools.name")
      .orderBy("schools.id")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow(),
  ]);
  return { results, total: total.n };
}

/**
 * Published online courses anyone may open whose code or name holds every word typed ("mcat",
 * "lsat prep", "137"), by name: a short list shown above the courses, so it is not paged.
 */
export async function searchOnlineCourses({ query, limit }: { query: string; limit: number }) {
  const words = searchWords(query);
  if (words.length === 0) return [];
  return db()
    .selectFrom("online_courses")
    .where("status", "=", "published")
    .where("read_access", "=", "public")
    .where((eb) => eb.and(words.map((word) => eb(sql`lower(online_courses.course_code || ' ' || online_courses.name)`, "like", likePattern(word)))))
    .select(["id", "name", "course_code", "course_type"])
    .orderBy("name")
    .orderBy("id")
    .limit(limit)
    .execute();
}
