import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireMutationAccess } from "~/accounts/authorize.server";
import { serialize } from "~/api/document";
import { ApiError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed, readJsonBody } from "~/api/handler.server";
import { studySessionUserResource } from "~/api/resources/study-sessions";
import { rosterActionRefusal } from "~/study-sessions/roster";
import { db } from "~/db/db.server";
import { sendStudySessionConfirmation } from "~/study-sessions/confirmation.server";
import { findRosterEntry } from "~/study-sessions/roster.server";
import { siteOrigin } from "~/utils/site-origin.server";
import { enrolmentFor, onlyManagers } from "./enrolment-access.server";

const ROUTE = "routes/api+/v1+/study_session_users+/$id.resend_email";

const resendBody = z.object({ email: z.string().trim().toLowerCase().email("email must be an email address").max(254).optional() }).strict();

/**
 * POST /api/v1/study_session_users/{id}/resend_email body `{email?}` (SPEC §7): sends the
 * enrolment's confirmation again. The student gets it at their account's address; the session's
 * instructor and admins may name another address (a student who mistyped theirs at checkout),
 * which nobody else may, so the call cannot be used to mail strangers. 409 unless active.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const session = (await requireMutationAccess(request, ROUTE))!;
    const { entry, manager } = await enrolmentFor(session, params.id);
    const body = await readJsonBody(request, resendBody);
    if (body.email && body.email !== entry.email.toLowerCase() && !manager) throw onlyManagers();
    const refusal = rosterActionRefusal("resend", entry.status);
    if (refusal) throw new ApiError(409, refusal.code, refusal.message);
    await sendStudySessionConfirmation(db(), { enrolmentId: entry.id, origin: siteOrigin(request), ...(body.email ? { to: body.email } : {}) });
    return apiResponse(serialize(studySessionUserResource, (await findRosterEntry(entry.id))!));
  });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
