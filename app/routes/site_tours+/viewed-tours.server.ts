import { z } from "zod";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { ApiError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed, readJsonBody } from "~/api/handler.server";
import { markToursViewed } from "~/site-tours/tours.server";

const tourId = z.number().int().positive().max(2_147_483_647);

/** PUT /site_tours/viewed_tour takes one id, /viewed_tours a list: both mark tours seen (SPEC §7). */
const BODIES = {
  "routes/site_tours+/viewed_tour": z.object({ site_tour_id: tourId }).transform((body) => [body.site_tour_id]),
  "routes/site_tours+/viewed_tours": z.object({ site_tour_ids: z.array(tourId).min(1).max(100) }).transform((body) => body.site_tour_ids),
} as const;

type ViewedRoute = keyof typeof BODIES;

export async function markViewedAction(request: Request, route: ViewedRoute): Promise<Response> {
  const session = await requireMutationAccess(request, route);
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  return handleApi(async () => {
    const ids = await readJsonBody(request, BODIES[route]);
    const result = await markToursViewed(session.user.id, ids);
    if (!result.ok) {
      throw new ApiError(404, "not_found", `No site tour with id ${result.unknownIds.join(", ")}.`, { meta: { unknown_site_tour_ids: result.unknownIds } });
    }
    return apiResponse({ data: null, meta: { viewed_site_tour_ids: result.viewedTourIds } });
  });
}

export async function markViewedLoader(request: Request, route: ViewedRoute): Promise<Response> {
  await requireRouteAccess(request, route);
  return methodNotAllowed(["PUT"]);
}
