import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import type { RouteId } from "~/accounts/policy";
import { requireSitePage } from "~/site/pages.server";
import { listPublishedOnlineCourses, listSchoolsOfType } from "~/site/schools.server";

type SchoolType = Parameters<typeof listSchoolsOfType>[0];

/**
 * The landing page of one school type (/high-school, /university): its page content, its
 * published online courses and its schools.
 */
export function schoolTypeLandingLoader(routeId: RouteId, pageSlug: string, schoolType: SchoolType) {
  return async function loader({ request }: LoaderFunctionArgs) {
    await requireRouteAccess(request, routeId);
    const [page, schools, onlineCourses] = await Promise.all([
      requireSitePage(pageSlug),
      listSchoolsOfType(schoolType),
      listPublishedOnlineCourses({ schoolType, limit: 6 }),
    ]);
    return { page, schools, onlineCourses };
  };
}
