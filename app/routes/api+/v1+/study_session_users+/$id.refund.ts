import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMutationAccess } from "~/accounts/authorize.server";
import { serialize } from "~/api/document";
import { ApiError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed } from "~/api/handler.server";
import { studySessionUserResource } from "~/api/resources/study-sessions";
import { rosterActionRefusal } from "~/study-sessions/roster";
import { refundEnrolment } from "~/study-sessions/purchases.server";
import { findRosterEntry } from "~/study-sessions/roster.server";
import { enrolmentFor, onlyManagers } from "./enrolment-access.server";

const ROUTE = "routes/api+/v1+/study_session_users+/$id.refund";

/**
 * PUT /api/v1/study_session_users/{id}/refund (SPEC §7): the session's instructor or an admin
 * refunds the student through Stripe (a free seat is only taken away); the enrolment becomes
 * refunded and access ends. 409 when it has already ended; 403 for the student; 404 for others.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
    const session = (await requireMutationAccess(request, ROUTE))!;
    const { entry, manager } = await enrolmentFor(session, params.id);
    if (!manager) throw onlyManagers();
    const refusal = rosterActionRefusal("refund", entry.status);
    if (refusal) throw new ApiError(409, refusal.code, refusal.message);
    const refunded = await refundEnrolment(entry.id, { by: session.user.id });
    return apiResponse(serialize(studySessionUserResource, (await findRosterEntry(entry.id))!, { meta: { refunded_cents: refunded?.refundedCents ?? 0 } }));
  });
}

export async function loader() {
  return methodNotAllowed(["PUT"]);
}
