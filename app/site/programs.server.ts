import { sql } from "kysely";
import { db } from "~/db/db.server";
import { parseRecordId } from "~/utils/record-id";

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

export async function listPartners() {
  return db().selectFrom("partners").select(["id", "slug", "name", "partner_type", "summary", "member_benefit"]).orderBy("name").execute();
}

/** A partner by numeric id or slug, with its school's name. */
export async function findPartner(idOrSlug: string) {
  const id = parseRecordId(idOrSlug);
  return db()
    .selectFrom("partners")
    .leftJoin("schools", "schools.id", "partners.school_id")
    .where(id !== null ? "partners.id" : "partners.slug", "=", id ?? idOrSlug)
    .select([
      "partners.id",
      "partners.slug",
      "partners.name",
      "partners.partner_type",
      "partners.summary",
      "partners.description",
      "partners.member_benefit",
      "partners.website_url",
      "schools.name as school_name",
      "schools.id as school_id",
    ])
    .executeTakeFirst();
}
