import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { serialize } from "~/api/document";
import { ApiError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed, readJsonBody } from "~/api/handler.server";
import { studySessionUserResource } from "~/api/resources/study-sessions";
import { rosterActionRefusal } from "~/study-sessions/roster";
import { findRosterEntry, NOT_OFFERED_MESSAGE, offersCourse, removeEnrolment, updateEnrolment } from "~/study-sessions/roster.server";
import { enrolmentFor, onlyManagers } from "./enrolment-access.server";

const ROUTE = "routes/api+/v1+/study_session_users+/$id";

const changesBody = z
  .object({
    course_id: z.number().int().positive().max(2_147_483_647).nullable().optional(),
    phone_number: z.string().trim().max(40, "phone_number is too long (at most 40 characters)").nullable().optional(),
    extended_access_date: z.iso.datetime({ offset: true, error: "extended_access_date must be an ISO 8601 date and time" }).nullable().optional(),
  })
  .strict();

/** GET /api/v1/study_session_users/{id}: the enrolment, to its student and to whoever runs its session (404 to anyone else). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = (await requireRouteAccess(request, ROUTE))!;
    const { entry } = await enrolmentFor(session, params.id);
    return apiResponse(serialize(studySessionUserResource, entry));
  });
}

/**
 * PATCH/PUT /api/v1/study_session_users/{id} body `{course_id?, phone_number?, extended_access_date?}`
 * (SPEC §7): the student may change their course and phone number; the session's instructor and
 * admins also the extended access date. DELETE: the instructor or an admin removes the student
 * (the row stays, as removed; access ends), 409 when it has already ended.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (!["PATCH", "PUT", "DELETE"].includes(request.method)) return methodNotAllowed(["GET", "PATCH", "PUT", "DELETE"]);
    const session = (await requireMutationAccess(request, ROUTE))!;
    const { entry, manager } = await enrolmentFor(session, params.id);
    if (request.method === "DELETE") {
      if (!manager) throw onlyManagers();
      const refusal = rosterActionRefusal("remove", entry.status);
      if (refusal) throw new ApiError(409, refusal.code, refusal.message);
      if (!(await removeEnrolment(entry.id))) throw new ApiError(409, "already_ended", rosterActionRefusal("remove", "removed")!.message);
      return new Response(null, { status: 204 });
    }
    const body = await readJsonBody(request, changesBody);
    if (body.extended_access_date !== undefined && !manager) throw onlyManagers();
    if (body.course_id !== undefined && body.course_id !== null && !(await offersCourse(entry.study_session_id, body.course_id))) {
      throw new ApiError(422, "invalid_attribute", `course_id: ${NOT_OFFERED_MESSAGE}`, { source: { pointer: "/course_id" } });
    }
    await updateEnrolment(entry.id, {
      ...(body.course_id === undefined ? {} : { course_id: body.course_id }),
      ...(body.phone_number === undefined ? {} : { phone_number: body.phone_number || null }),
      ...(body.extended_access_date === undefined ? {} : { extended_access_date: body.extended_access_date === null ? null : new Date(body.extended_access_date) }),
    });
    return apiResponse(serialize(studySessionUserResource, (await findRosterEntry(entry.id))!));
  });
}
