import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { educatorProfile } from "~/accounts/educators.server";
import { apiResponse, handleApi, methodNotAllowed, notFound, parseId } from "~/api/handler.server";
import { educatorProfileDocument } from "~/api/resources/educators";
import { educatorReviewTotals } from "~/reviews/reviews.server";
import { averageRating } from "~/reviews/rules";
import { nextOpenSlots } from "~/tutoring/availability.server";

const ROUTE = "routes/users+/$id.instructor_profile";
const OPEN_TIMES = 12;

/**
 * GET /users/{id}/instructor_profile (public, SPEC §7): an educator's public profile document —
 * the educator profile of /api/v1/users/{id}/educator_profile with their rating and, for a tutor,
 * their next open times (instants: the reader shows them in its own time zone). 404 for anyone who
 * is not an active educator.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireRouteAccess(request, ROUTE);
    const id = parseId(params.id, "educator");
    const profile = await educatorProfile(id);
    if (!profile) notFound("educator", params.id);
    const now = new Date();
    const [totals, slots] = await Promise.all([educatorReviewTotals(id), profile.tutorProfile ? nextOpenSlots(id, now, OPEN_TIMES) : []]);
    return apiResponse(
      educatorProfileDocument(profile, {
        rating: averageRating(totals),
        review_count: totals.count,
        next_open_times: slots.map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() })),
        time_zone: profile.tutorProfile?.time_zone ?? null,
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
