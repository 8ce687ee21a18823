import { can } from "~/accounts/policy/permissions";
import { publicUser } from "~/accounts/public-user";
import { viewerOf, type CurrentSession } from "~/accounts/session.server";
import { ApiError } from "~/api/errors";
import { notFound, parseId } from "~/api/handler.server";
import { db } from "~/db/db.server";
import { unauthorizedMessage } from "~/errors/messages";

/**
 * The shared first steps of the account-mail API endpoints, given the session the route's
 * access check found: who is asking, may they (the rule is the policy module's), which user.
 * The permission is decided on the id before the user is looked up, so a student cannot learn
 * which ids exist by telling 403 from 404.
 */
export async function authorizeAccountCall(
  session: CurrentSession | null,
  rawId: string | undefined,
  action: "confirm" | "resend_password_reset" | "resend_confirmation",
) {
  if (!session) throw new ApiError(401, "unauthenticated", "Sign in to continue.");
  const targetId = parseId(rawId, "user");
  if (!can(viewerOf(session.user), action, { id: targetId })) throw new ApiError(403, "forbidden", unauthorizedMessage);
  const user = await db().selectFrom("users").selectAll().where("id", "=", targetId).executeTakeFirst();
  if (!user) notFound("user", rawId);
  return { session, user: publicUser(user) };
}
