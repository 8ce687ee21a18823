import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMutationAccess } from "~/accounts/authorize.server";
import { apiResponse, handleApi, methodNotAllowed } from "~/api/handler.server";
import { completePurchase } from "~/routes/api+/v1+/subscriptions+/subscription-calls.server";

const ROUTE = "routes/api+/v1+/subscriptions+/complete_purchase";

/** POST /api/v1/subscriptions/complete_purchase (product_id, interval, discount_code_id, apply_credits, is_premed_plus, …). */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const session = await requireMutationAccess(request, ROUTE);
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    return apiResponse(await completePurchase(session!, request, false), { status: 201 });
  });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
