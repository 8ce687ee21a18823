import { db } from "~/db/db.server";
import { parseRecordId } from "~/utils/record-id";

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
