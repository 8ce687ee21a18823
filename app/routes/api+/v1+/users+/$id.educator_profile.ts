import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { educatorProfile } from "~/accounts/educators.server";
import { serialize, toResource } from "~/api/document";
import { apiResponse, handleApi, methodNotAllowed, notFound, parseId } from "~/api/handler.server";
import { courseResource } from "~/api/resources/catalog";
import { educatorProfileResource, publicOnlineCourseResource } from "~/api/resources/educators";

const ROUTE = "routes/api+/v1+/users+/$id.educator_profile";

/**
 * GET /api/v1/users/{id}/educator_profile (public): name, bio, roles, tutor profile, with the
 * tutored courses and published online courses they teach included. 404 for anyone who is not
 * an active educator, so the endpoint does not reveal other accounts.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireRouteAccess(request, ROUTE);
    const id = parseId(params.id, "educator");
    const profile = await educatorProfile(id);
    if (!profile) notFound("educator", params.id);
    const row = {
      ...profile.educator,
      tutor_profile: profile.tutorProfile,
      tutored_course_ids: profile.tutoredCourses.map((course) => course.id),
      online_course_ids: profile.onlineCourses.map((course) => course.id),
    };
    return apiResponse(
      serialize(educatorProfileResource, row, {
        included: [
          ...profile.tutoredCourses.map((course) => toResource(courseResource, course)),
          ...profile.onlineCourses.map((course) => toResource(publicOnlineCourseResource, course)),
        ],
      }),
    );
  });
}

export async function action({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireRouteAccess(request, ROUTE);
    return methodNotAllowed(["GET"]);
  });
}
