import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { educatorProfile } from "~/accounts/educators.server";
import { apiResponse, handleApi, methodNotAllowed, notFound, parseId } from "~/api/handler.server";
import { educatorProfileDocument } from "~/api/resources/educators";

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
    return apiResponse(educatorProfileDocument(profile));
  });
}

export async function action({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireRouteAccess(request, ROUTE);
    return methodNotAllowed(["GET"]);
  });
}
