import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMutationAccess } from "~/accounts/authorize.server";
import { apiResponse, handleApi, methodNotAllowed } from "~/api/handler.server";
import { subscriptionCall } from "~/routes/api+/v1+/subscriptions+/subscription-calls.server";

const ROUTE = "routes/api+/v1+/subscriptions+/$id.admin_cancel";

/** PUT /api/v1/subscriptions/{id}/admin_cancel: admins end a subscription at once (SPEC §6). */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    const session = (await requireMutationAccess(request, ROUTE))!;
    if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
    return apiResponse(await subscriptionCall(session, "admin_cancel", params.id, request));
  });
}

export async function loader() {
  return methodNotAllowed(["PUT"]);
}
