import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMutationAccess } from "~/accounts/authorize.server";
import { apiResponse, handleApi, methodNotAllowed, parseId, readJsonBody } from "~/api/handler.server";
import { confirmPurchaseSchema, confirmStudySessionPurchase } from "~/routes/api+/v1+/study_sessions+/confirm-purchase.server";

const ROUTE = "routes/api+/v1+/study_sessions+/$id.users.confirm_purchase";

/**
 * POST /api/v1/study_sessions/{id}/users/confirm_purchase body `{payment_intent_id, discount_code_id?, course_id?}`
 * (SPEC §7 Study session users): a client that paid for a seat (checkout at
 * /checkout?study_session_id={id}, whose payment intent carries the purchase in its metadata)
 * asks for its enrolment without waiting for Stripe's webhook. Semantics:
 * - the payment intent is read from Stripe, never trusted from the body: it must have succeeded
 *   (else 409 payment_incomplete, nothing changes) and name a purchase of the caller, else 404
 *   (someone else's payment intent answers exactly like an unknown one, so ids cannot be probed);
 * - that purchase must be for this session (else 422 on /payment_intent_id); discount_code_id,
 *   when given, must be the code the purchase was priced with (422) — the price was fixed at
 *   checkout, so the code is checked, not applied again; course_id, when given, must be one of
 *   the session's courses (422) and is recorded on the enrolment;
 * - the purchase is fulfilled exactly as the webhook does it (fulfilPurchase under the purchase's
 *   row lock), so the webhook, this call and any repeat of either make one enrolment, one
 *   confirmation mail: a second call answers 200 with the same enrolment. A refunded purchase is 409.
 * Unknown session: 404. Bad fields: 422 with a pointer. Answer: the `studySessionUser` document.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    const session = (await requireMutationAccess(request, ROUTE))!;
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const sessionId = parseId(params.id, "study session");
    const body = await readJsonBody(request, confirmPurchaseSchema);
    return apiResponse(await confirmStudySessionPurchase(session.user.id, params.id, sessionId, body));
  });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
