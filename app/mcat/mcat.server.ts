import { sql } from "kysely";
import { db } from "~/db/db.server";
import type { McatEventType } from "~/db/schema";
export { isMcatEventType, MCAT_EVENT_TYPES } from "./mcat";

/** Upcoming MCAT events, optionally of one type, soonest first. */
export async function listMcatEvents({ type, now = new Date() }: { type?: McatEventType; now?: Date }) {
  let query = db()
    .selectFrom("mcat_events")
    .where("ends_at", ">", now)
    .select(["id", "event_type", "title", "description", "host_name", "starts_at", "ends_at"]);
  if (type) query = query.where("event_type", "=", type);
  return query.orderBy("starts_at").orderBy("id").execute();
}

/** MCAT test dates from today on, with their scheduling and score release dates (yyyy-mm-dd). */
export async function listMcatExamDates(now = new Date()) {
  return db()
    .selectFrom("mcat_exam_dates")
    .where("exam_date", ">=", now.toISOString().slice(0, 10))
    .select([
      "id",
      sql<string>`to_char(exam_date, 'YYYY-MM-DD')`.as("exam_date"),
      sql<string>`to_char(scheduling_closes_on, 'YYYY-MM-DD')`.as("scheduling_closes_on"),
      sql<string>`to_char(scores_released_on, 'YYYY-MM-DD')`.as("scores_released_on"),
    ])
    .orderBy("mcat_exam_dates.exam_date")
    .execute();
}

/** Free MCAT resources: blog posts in the free-resources or MCAT categories, and free MCAT sessions. */
export async function listMcatFreeResources(now = new Date()) {
  const [posts, sessions] = await Promise.all([
    db()
      .selectFrom("blog_posts")
      .where("status", "=", "published")
      .where("published_at", "<=", now)
      .where((eb) => eb.or([eb("category", "=", "mcat"), eb.and([eb("category", "=", "free_resources"), eb("title", "ilike", "%mcat%")])]))
      .select(["id", "slug", "title", "excerpt", "category"])
      .orderBy("published_at", "desc")
      .execute(),
    db()
      .selectFrom("study_sessions")
      .innerJoin("study_session_dates", "study_session_dates.study_session_id", "study_sessions.id")
      .where("study_sessions.mcat_type", "is not", null)
      .where("study_session_dates.end_time", ">", now)
      .groupBy("study_sessions.id")
      .select(["study_sessions.id", "study_sessions.title", "study_sessions.description", "study_sessions.price_cents", "study_sessions.currency", sql<Date>`min(study_session_dates.start_time)`.as("next_start")])
      .orderBy("next_start")
      .execute(),
  ]);
  return { posts, sessions };
}

export async function listMedSchools() {
  return db()
    .selectFrom("med_schools")
    .select(["id", "name", "city", "region_code", "country_code", "median_gpa", "median_mcat", "class_size"])
    .orderBy("name")
    .execute();
}
