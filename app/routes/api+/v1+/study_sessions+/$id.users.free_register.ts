import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMutationAccess } from "~/accounts/authorize.server";
import { serialize } from "~/api/document";
import { studySessionUserResource } from "~/api/resources/study-sessions";
import { ApiError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed, notFound, parseId, readJsonBody } from "~/api/handler.server";
import { db } from "~/db/db.server";
import { sendStudySessionConfirmation } from "~/study-sessions/confirmation.server";
import { findEnrolment, registerFree } from "~/study-sessions/enrolments.server";
import { registrationApiSchema, registrationRefusal } from "~/study-sessions/registration";
import { logger } from "~/utils/logger.server";
import { siteOrigin } from "~/utils/site-origin.server";

const ROUTE = "routes/api+/v1+/study_sessions+/$id.users.free_register";

const CODES = { "already-registered": "already_registered", paid: "paid_session", past: "session_past" } as const;

/**
 * POST /api/v1/study_sessions/{id}/users/free_register body `{course_id?, phone_number?}` (SPEC §7):
 * the signed-in caller registers for a free session, as the session page's form does (the same
 * domain function, registerFree) and gets the confirmation mail. 201 with the `studySessionUser`
 * document; 404 unknown session; 409 already registered (nothing changes), a paid session (bought
 * at checkout) or a past one; 422 bad fields or a course the session is not offered for.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    const session = (await requireMutationAccess(request, ROUTE))!;
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const sessionId = parseId(params.id, "study session");
    const body = await readJsonBody(request, registrationApiSchema);
    const outcome = await registerFree({ sessionId, userId: session.user.id, courseId: body.course_id, phoneNumber: body.phone_number });
    if (outcome.kind === "not-found") notFound("study session", params.id);
    if (outcome.kind === "unknown-course") {
      const refusal = registrationRefusal({ enrolment: null, price: { free: true }, timing: "upcoming" }, "unknown-course")!;
      throw new ApiError(422, "invalid_attribute", `course_id: ${refusal.message}`, { source: { pointer: "/course_id" } });
    }
    if (outcome.kind !== "registered") {
      const refusal = registrationRefusal({ enrolment: null, price: { free: true }, timing: "upcoming" }, outcome.kind)!;
      throw new ApiError(409, CODES[outcome.kind], refusal.message);
    }
    try {
      await sendStudySessionConfirmation(db(), { enrolmentId: outcome.enrolmentId, origin: siteOrigin(request) });
    } catch (error) {
      logger().error({ err: error, enrolmentId: outcome.enrolmentId }, "study session confirmation could not be sent");
    }
    const enrolment = (await findEnrolment(sessionId, session.user.id))!;
    return apiResponse(serialize(studySessionUserResource, enrolment), { status: 201 });
  });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
