import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { ApiError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed } from "~/api/handler.server";
import { subscriptionCall, upgradePreview, type SubscriptionCall } from "~/routes/api+/v1+/subscriptions+/subscription-calls.server";

const ROUTE = "routes/api+/v1+/subscriptions+/$id.$call";

/** Each call of SPEC §7 and its method. */
const CALLS: Record<string, { method: "PATCH" | "PUT"; call: SubscriptionCall }> = {
  cancel: { method: "PATCH", call: "cancel" },
  uncancel: { method: "PATCH", call: "uncancel" },
  pause: { method: "PATCH", call: "pause" },
  unpause: { method: "PATCH", call: "unpause" },
  apply_cancel_discount: { method: "PATCH", call: "apply_cancel_discount" },
  premed_upgrade: { method: "PUT", call: "premed_upgrade" },
};

/** GET /api/v1/subscriptions/{id}/premed_upgrade_preview: the prorated charge of moving to Pre-Med Plus (meta). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = (await requireRouteAccess(request, ROUTE))!;
    if (params.call === "premed_upgrade_preview") return apiResponse(await upgradePreview(session, params.id));
    if (Object.hasOwn(CALLS, params.call ?? "")) return methodNotAllowed([CALLS[params.call!]!.method]);
    throw new ApiError(404, "not_found", `No subscription call named ${params.call}.`);
  });
}

/** PATCH …/{id}/cancel (reason_key, reason_extra), uncancel, pause (pause_duration), unpause, apply_cancel_discount; PUT …/{id}/premed_upgrade. */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    const session = (await requireMutationAccess(request, ROUTE))!;
    const spec = Object.hasOwn(CALLS, params.call ?? "") ? CALLS[params.call!] : undefined;
    if (!spec) throw new ApiError(404, "not_found", `No subscription call named ${params.call}.`);
    if (request.method !== spec.method) return methodNotAllowed([spec.method]);
    return apiResponse(await subscriptionCall(session, spec.call, params.id, request));
  });
}
