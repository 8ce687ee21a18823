import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { serialize } from "~/api/document";
import { ApiError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed, readJsonBody } from "~/api/handler.server";
import { studySessionUserResource } from "~/api/resources/study-sessions";
import { db } from "~/db/db.server";
import { sendStudySessionConfirmation } from "~/study-sessions/confirmation.server";
import { addUserToSession, findRosterEntry } from "~/study-sessions/roster.server";
import { requireManagedStudySession } from "~/study-sessions/session-access.server";
import { siteOrigin } from "~/utils/site-origin.server";

const ROUTE = "routes/api+/v1+/study_sessions+/$id.users.add_user";

const addUserBody = z.object({
  user_id: z.number({ error: "user_id must be a user id" }).int().positive().max(2_147_483_647),
  course_id: z.number().int().positive().max(2_147_483_647).nullable().optional(),
});

/**
 * POST /api/v1/study_sessions/{id}/users/add_user body `{user_id, course_id?}` (SPEC §7): the
 * session's instructor or an admin enrols a user without payment, who gets the confirmation.
 * 201 with the enrolment; 404 unknown session or user; 409 already enrolled; 422 bad fields.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const { studySession } = await requireManagedStudySession(request, ROUTE, params.id);
    const body = await readJsonBody(request, addUserBody);
    const outcome = await addUserToSession(studySession.id, { id: body.user_id }, body.course_id ?? null);
    if (outcome.kind === "refused") {
      const code = outcome.status === 404 ? "not_found" : outcome.status === 409 ? "already_registered" : "invalid_attribute";
      throw new ApiError(outcome.status, code, outcome.message, outcome.status === 422 ? { source: { pointer: "/course_id" } } : undefined);
    }
    await sendStudySessionConfirmation(db(), { enrolmentId: outcome.enrolmentId, origin: siteOrigin(request) });
    return apiResponse(serialize(studySessionUserResource, (await findRosterEntry(outcome.enrolmentId))!), { status: 201 });
  });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
