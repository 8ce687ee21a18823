import { listPublishedOnlineCourses, listSchoolsOfType } from "~/catalog/listings.server";
import { findSitePage } from "~/content/pages.server";

/**
 * The landing page of one school type (/high-school, /university): its page content, its
 * published online courses and its schools; undefined when its page is missing or unpublished.
 */
export async function loadSchoolTypeLanding(pageSlug: string, schoolType: "university" | "high_school") {
  const [page, schools, onlineCourses] = await Promise.all([
    findSitePage(pageSlug),
    listSchoolsOfType(schoolType),
    listPublishedOnlineCourses({ schoolType, limit: 6 }),
  ]);
  return page ? { page, schools, onlineCourses } : undefined;
}
