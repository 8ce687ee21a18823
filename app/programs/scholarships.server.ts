import { sql } from "kysely";
import { db } from "~/db/db.server";

const SCHOLARSHIP_COLUMNS = [
  "id",
  "slug",
  "name",
  "amount_cents",
  "currency",
  "summary",
  "eligibility",
  "how_to_apply",
  "winners_count",
  sql<string>`to_char(deadline, 'YYYY-MM-DD')`.as("deadline"),
] as const;

/** Scholarships, soonest deadline first. */
export async function listScholarships() {
  return db().selectFrom("scholarships").select(SCHOLARSHIP_COLUMNS).orderBy("scholarships.deadline").orderBy("id").execute();
}

export async function findScholarship(slug: string) {
  return db().selectFrom("scholarships").where("slug", "=", slug).select(SCHOLARSHIP_COLUMNS).executeTakeFirst();
}
