import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { findUsers, parseUserListFilters, userListItem } from "~/accounts/admin-users.server";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { signUpSchema } from "~/accounts/forms";
import { startFreshSession } from "~/accounts/session.server";
import { EMAIL_TAKEN_MESSAGE, signUp } from "~/accounts/sign-up.server";
import { serialize } from "~/api/document";
import { ApiError, tooManyRequestsError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed, readJsonBody } from "~/api/handler.server";
import { userResource } from "~/api/resources/users";
import { REFERRAL_COOKIE } from "~/programs/referrals";
import { readCookies } from "~/utils/cookies.server";
import { siteOrigin } from "~/utils/site-origin.server";

const body = z.object({ user: signUpSchema.omit({ signup_role: true }), signup_role: signUpSchema.shape.signup_role });

/**
 * GET /users?query&role&page&per_page (SPEC §7 Users): the admin's user listing,
 * `{ items, total }`. Guests are sent to sign-in, other users get 403, bad filters 400
 * `invalid_parameter`.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireRouteAccess(request, "routes/users+/_index");
    const { items, total } = await findUsers(parseUserListFilters(new URL(request.url)));
    return Response.json({ items: items.map(userListItem), total }, { headers: { "Cache-Control": "no-store" } });
  });
}

/** POST /users {user, signup_role} (SPEC §7 Auth): sign-up for JSON clients; the page posts to /sign-up. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireRouteAccess(request, "routes/users+/_index");
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return handleApi(async () => {
    const { user, signup_role } = await readJsonBody(request, body);
    const outcome = await signUp(
      { ...user, signup_role },
      { origin: siteOrigin(request), clientIp: context.clientIp, referralCode: readCookies(request)[REFERRAL_COOKIE] },
    );
    if (outcome.kind === "rate-limited") throw tooManyRequestsError(outcome.retryAfterSeconds);
    if (outcome.kind === "email-taken") {
      throw new ApiError(422, "taken", EMAIL_TAKEN_MESSAGE, { source: { pointer: "/user/email" } });
    }
    const cookie = await startFreshSession(request, { userId: outcome.user.id, rememberMe: false, clientIp: context.clientIp });
    return apiResponse(serialize(userResource, outcome.user, { meta: { redirect_to: outcome.redirectTo } }), {
      status: 201,
      headers: { "Set-Cookie": cookie },
    });
  });
}
