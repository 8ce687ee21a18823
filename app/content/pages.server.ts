import { db } from "~/db/db.server";
import type { SitePageKind, SitePageSection } from "~/db/schema";

export interface SitePage {
  slug: string;
  kind: SitePageKind;
  title: string;
  description: string;
  headline: string;
  intro: string;
  sections: SitePageSection[];
  cta_label: string | null;
  cta_href: string | null;
  updated_at: Date;
}

/** A published content page (info, landing or plan page) by slug, or undefined. */
export async function findSitePage(slug: string, kind: SitePageKind = "info"): Promise<SitePage | undefined> {
  return db()
    .selectFrom("site_pages")
    .where("slug", "=", slug)
    .where("kind", "=", kind)
    .where("published", "=", true)
    .select(["slug", "kind", "title", "description", "headline", "intro", "sections", "cta_label", "cta_href", "updated_at"])
    .executeTakeFirst();
}

/** The published landing pages (/lp), newest first. */
export async function listLandingPages() {
  return db()
    .selectFrom("site_pages")
    .where("kind", "=", "landing")
    .where("published", "=", true)
    .select(["slug", "title", "description"])
    .orderBy("updated_at", "desc")
    .orderBy("slug")
    .execute();
}
