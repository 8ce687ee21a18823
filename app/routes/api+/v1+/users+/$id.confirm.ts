import { requireRouteAccess } from "~/accounts/authorize.server";
import type { ActionFunctionArgs } from "@remix-run/node";
import { authorizeAccountCall } from "~/accounts/account-api.server";
import { auditedRequest } from "~/accounts/audit.server";
import { confirmUser } from "~/accounts/confirmation.server";
import { findPublicUser } from "~/accounts/profile.server";
import { serialize } from "~/api/document";
import { apiResponse, handleApi, methodNotAllowed, notFound } from "~/api/handler.server";
import { userResource } from "~/api/resources/users";

export async function loader() {
  return methodNotAllowed(["PATCH"]);
}

/**
 * PATCH /api/v1/users/{id}/confirm (SPEC §7 Users): an admin confirms a user's email address by
 * hand, recorded in audit_events. Allowed on another admin's account too: it changes no sign-in
 * detail, only trusts the address that admin gave.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/api+/v1+/users+/$id.confirm");
  if (request.method !== "PATCH" && request.method !== "PUT") return methodNotAllowed(["PATCH"]);
  return handleApi(async () => {
    const { session: admin, user } = await authorizeAccountCall(session, params.id, "confirm");
    if (!(await confirmUser(user.id, { actorId: admin.user.id, request: auditedRequest(request.method, request.url) }))) notFound("user", params.id);
    return apiResponse(serialize(userResource, (await findPublicUser(user.id))!));
  });
}
