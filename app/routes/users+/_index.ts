import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listUsersForAdmin } from "~/accounts/admin-users.server";
import { z } from "zod";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { signUpSchema } from "~/accounts/forms";
import { EMAIL_TAKEN_MESSAGE, signUp } from "~/accounts/sign-up.server";
import { serialize } from "~/api/document";
import { ApiError, tooManyRequestsError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed, readJsonBody } from "~/api/handler.server";
import { userResource } from "~/api/resources/users";
import { db } from "~/db/db.server";

const body = z.object({ user: signUpSchema.omit({ signup_role: true }), signup_role: signUpSchema.shape.signup_role });

/** POST /users {user, signup_role} (SPEC §7 Auth): sign-up for JSON clients; the page posts to /sign-up. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireRouteAccess(request, "routes/users+/_index");
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return handleApi(async () => {
    const { user, signup_role } = await readJsonBody(request, body);
    const outcome = await signUp(request, { ...user, signup_role }, context.clientIp);
    if (outcome.kind === "rate-limited") throw tooManyRequestsError(outcome.retryAfterSeconds);
    if (outcome.kind === "email-taken") {
      throw new ApiError(422, "taken", EMAIL_TAKEN_MESSAGE, { source: { pointer: "/user/email" } });
    }
    const created = await db().selectFrom("users").selectAll().where("id", "=", outcome.userId).executeTakeFirstOrThrow();
    const { password_hash: _hash, ...publicUser } = created;
    return apiResponse(serialize(userResource, publicUser, { meta: { redirect_to: outcome.redirectTo } }), {
      status: 201,
      headers: { "Set-Cookie": outcome.cookie },
    });
  });
}

/** GET /users (SPEC §7 Users): the admin's user listing, `{ items, total }`. */
export async function loader({ request }: LoaderFunctionArgs) {
  return listUsersForAdmin(request);
}
