import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { auditedRequest } from "~/accounts/audit.server";
import { requireRecentAuthentication } from "~/accounts/reauthentication.server";
import { sensitiveChanges } from "~/accounts/reauthentication";
import { userUpdateApiSchema } from "~/accounts/profile-forms";
import { findPublicUser, ProfileInputError, updateProfile } from "~/accounts/profile.server";
import { authorizeAccountAccessChange, authorizeUserCall, profileInputApiError } from "~/accounts/user-api.server";
import { serialize } from "~/api/document";
import { apiResponse, handleApi, methodNotAllowed, notFound, readJsonBody } from "~/api/handler.server";
import { userResource } from "~/api/resources/users";
import { siteOrigin } from "~/utils/site-origin.server";

const ROUTE = "routes/api+/v1+/users+/$id";

/** GET /api/v1/users/{id} (SPEC §7 Users): the user themself or an admin. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const { targetId } = await authorizeUserCall(request, ROUTE, params.id, "view");
    const user = await findPublicUser(targetId);
    if (!user) notFound("user", params.id);
    return apiResponse(serialize(userResource, user));
  });
}

/**
 * PUT /api/v1/users/{id} body `{user: {…, user_courses_attributes: [{id?, course_id?, _destroy?}]}}`:
 * the fields and the course changes in one transaction. A new email or password needs a recent
 * sign-in of whoever is asking (401 reauthentication_required); a new password ends the user's
 * other sessions, keeping this one when it is theirs. Another admin's email and password are
 * refused (403); an admin's change to someone else's account is recorded in audit_events.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "PUT" && request.method !== "PATCH") {
      await authorizeUserCall(request, ROUTE, params.id, "edit");
      return methodNotAllowed(["GET", "PUT", "PATCH"]);
    }
    const { session, targetId } = await authorizeUserCall(request, ROUTE, params.id, "edit");
    const { user: changes } = await readJsonBody(request, userUpdateApiSchema);
    const current = await findPublicUser(targetId);
    if (!current) notFound("user", params.id);
    const sensitive = sensitiveChanges(current, changes);
    authorizeAccountAccessChange(session, current, sensitive);
    requireRecentAuthentication(session, sensitive);
    try {
      const user = await updateProfile(targetId, changes, {
        keepSessionIdHash: session.user.id === targetId ? session.idHash : undefined,
        origin: siteOrigin(request),
        request: auditedRequest(request.method, request.url),
        actorId: session.user.id,
      });
      return apiResponse(serialize(userResource, user));
    } catch (error) {
      if (error instanceof ProfileInputError) throw profileInputApiError(error);
      throw error;
    }
  });
}
