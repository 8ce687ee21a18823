import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { apiResponse, handleApi, methodNotAllowed } from "~/api/handler.server";
import { serialize } from "~/api/document";
import { subscriptionResource } from "~/api/resources/subscriptions";
import { completePurchase } from "~/routes/api+/v1+/subscriptions+/subscription-calls.server";
import { listSubscriptions } from "~/subscriptions/subscriptions.server";

const ROUTE = "routes/api+/v1+/subscriptions+/_index";

/** GET /api/v1/subscriptions: the signed-in user's subscriptions, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = (await requireRouteAccess(request, ROUTE))!;
    return apiResponse(serialize(subscriptionResource(), await listSubscriptions(session.user.id)));
  });
}

/** POST /api/v1/subscriptions body {subscription}: starts the plan's checkout (meta.checkout_url). */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const session = await requireMutationAccess(request, ROUTE);
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    return apiResponse(await completePurchase(session!, request, true), { status: 201 });
  });
}
