import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { apiResponse, handleApi } from "~/api/handler.server";
import { showSubscription } from "~/routes/api+/v1+/subscriptions+/subscription-calls.server";

const ROUTE = "routes/api+/v1+/subscriptions+/$id";

/** GET /api/v1/subscriptions/{id}?fields=status,cancel_at&include=user: the owner's (or an admin's) view. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = (await requireRouteAccess(request, ROUTE))!;
    return apiResponse(await showSubscription(session, params.id, new URL(request.url)));
  });
}
