import { requireRouteAccess } from "~/accounts/authorize.server";
import type { ActionFunctionArgs } from "@remix-run/node";
import { authorizeAccountCall } from "~/accounts/account-api.server";
import { accountMailRateLimits, checkLimits } from "~/accounts/account-mail-limits.server";
import { sendPasswordResetEmail } from "~/accounts/password-reset.server";
import { serialize } from "~/api/document";
import { ApiError, tooManyRequestsError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed } from "~/api/handler.server";
import { userResource } from "~/api/resources/users";
import { siteOrigin } from "~/utils/site-origin.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

/**
 * POST /api/v1/users/{id}/resend_password_reset (SPEC §7 Users): mails the user a new reset
 * link; for admins and the user themself. Counted against the same per-address limit as the
 * public form, so the endpoint cannot flood an inbox.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/api+/v1+/users+/$id.resend_password_reset");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const { user } = await authorizeAccountCall(session, params.id, "resend_password_reset");
    if (user.deactivated_at) throw new ApiError(422, "account_deactivated", "This account is deactivated; it cannot reset its password.");
    const limits = await checkLimits([[accountMailRateLimits.resetPerEmail, user.email]]);
    if (!limits.allowed) throw tooManyRequestsError(limits.retryAfterSeconds);
    await sendPasswordResetEmail(user, siteOrigin(request));
    return apiResponse(serialize(userResource, user, { meta: { message: `Password reset instructions were sent to ${user.email}.` } }));
  });
}
