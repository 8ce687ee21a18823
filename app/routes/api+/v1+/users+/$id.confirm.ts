import { requireRouteAccess } from "~/accounts/authorize.server";
import type { ActionFunctionArgs } from "@remix-run/node";
import { authorizeAccountCall } from "~/accounts/account-api.server";
import { confirmUser } from "~/accounts/confirmation.server";
import { serialize } from "~/api/document";
import { apiResponse, handleApi, methodNotAllowed, notFound } from "~/api/handler.server";
import { userResource } from "~/api/resources/users";
import { db } from "~/db/db.server";

/**
 * PATCH /api/v1/users/{id}/confirm (SPEC §7 Users): an admin confirms a user's email address by
 * hand, recorded in audit_events. Allowed on another admin's account too: it changes no sign-in
 * detail, only trusts the address that admin gave.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireRouteAccess(request, "routes/api+/v1+/users+/$id.confirm");
  if (request.method !== "PATCH" && request.method !== "PUT") return methodNotAllowed(["PATCH"]);
  return handleApi(async () => {
    const { session, user } = await authorizeAccountCall(request, params.id, "confirm");
    if (!(await confirmUser(user.id, { actorId: session.user.id, request }))) notFound("user", params.id);
    const { password_hash: _hash, ...confirmed } = await db().selectFrom("users").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
    return apiResponse(serialize(userResource, confirmed));
  });
}

export async function loader() {
  return methodNotAllowed(["PATCH"]);
}
