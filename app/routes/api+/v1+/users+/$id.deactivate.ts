import type { ActionFunctionArgs } from "@remix-run/node";
import { auditedRequest } from "~/accounts/audit.server";
import { requireRecentAuthentication } from "~/accounts/reauthentication.server";
import { deactivateUser, findPublicUser } from "~/accounts/profile.server";
import { authorizeAccountAccessChange, authorizeUserCall } from "~/accounts/user-api.server";
import { serialize } from "~/api/document";
import { apiResponse, handleApi, methodNotAllowed, notFound } from "~/api/handler.server";
import { userResource } from "~/api/resources/users";
import { requireRouteAccess } from "~/accounts/authorize.server";

const ROUTE = "routes/api+/v1+/users+/$id.deactivate";

export async function loader() {
  return methodNotAllowed(["DELETE"]);
}

/**
 * DELETE /api/v1/users/{id}/deactivate: the user themself (after a recent sign-in) or an admin
 * (a moderation step, no password asked, recorded in audit_events), but not another admin (403).
 * Every session of the user ends at once.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "DELETE") {
      await requireRouteAccess(request, ROUTE);
      return methodNotAllowed(["DELETE"]);
    }
    const { session, targetId } = await authorizeUserCall(request, ROUTE, params.id, "deactivate");
    const target = await findPublicUser(targetId);
    if (!target) notFound("user", params.id);
    authorizeAccountAccessChange(session, target, ["deactivate"]);
    if (session.user.id === targetId) requireRecentAuthentication(session, ["deactivate"]);
    if (!(await deactivateUser(targetId, { actorId: session.user.id, request: auditedRequest(request.method, request.url) }))) notFound("user", params.id);
    return apiResponse(serialize(userResource, (await findPublicUser(targetId))!));
  });
}
