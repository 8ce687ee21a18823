import { requireRouteAccess } from "~/accounts/authorize.server";
import { can, OTHER_ADMIN_ACCESS_MESSAGE, type AccountAccessChange, type Permissions, type UserSubject } from "~/accounts/policy/permissions";
import { ProfileInputError } from "~/accounts/profile.server";
import type { RouteId } from "~/accounts/policy/route-rules";
import { viewerOf, type CurrentSession } from "~/accounts/session.server";
import { ApiError } from "~/api/errors";
import { parseId } from "~/api/handler.server";
import { unauthorizedMessage } from "~/errors/messages";

/**
 * The shared first steps of the /api/v1/users/{id}… endpoints: the route rule, then the policy
 * on the id alone (before any lookup, so a student cannot tell which ids exist by 403 vs 404).
 */
export async function authorizeUserCall(
  request: Request,
  routeId: RouteId,
  rawId: string | undefined,
  action: keyof Pick<Permissions, "view" | "edit" | "deactivate">,
): Promise<{ session: CurrentSession; targetId: number }> {
  const session = await requireRouteAccess(request, routeId);
  if (!session) throw new ApiError(401, "unauthenticated", "Sign in to continue.");
  const targetId = parseId(rawId, "user");
  if (!can(viewerOf(session.user), action, { id: targetId })) throw new ApiError(403, "forbidden", unauthorizedMessage);
  return { session, targetId };
}

/**
 * Once the user is looked up: refuses (403, changing nothing) the changes to who can sign in to
 * the account that the policy keeps from the caller, another admin's sign-in details, roles and
 * status. Asked before the recent sign-in, so nobody types their password for a change that is
 * refused anyway.
 */
export function authorizeAccountAccessChange(session: CurrentSession, user: UserSubject, changes: readonly AccountAccessChange[]): void {
  if (!can(viewerOf(session.user), "change_account_access", { user, changes })) throw new ApiError(403, "forbidden", OTHER_ADMIN_ACCESS_MESSAGE);
}

/** A refused change as the API's 422 document, pointing at the offending part of the body. */
export function profileInputApiError(error: ProfileInputError): ApiError {
  return new ApiError(422, "invalid_attribute", error.message, { source: { pointer: error.pointer } });
}
