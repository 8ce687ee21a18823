import { requireRouteAccess } from "~/accounts/authorize.server";
import type { ActionFunctionArgs } from "@remix-run/node";
import { authorizeAccountCall } from "~/accounts/account-api.server";
import { accountMailRateLimits, checkLimits } from "~/accounts/account-mail-limits.server";
import { sendConfirmationEmail } from "~/accounts/confirmation.server";
import { serialize } from "~/api/document";
import { ApiError, tooManyRequestsError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed } from "~/api/handler.server";
import { userResource } from "~/api/resources/users";
import { siteOrigin } from "~/utils/site-origin.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

/**
 * POST /api/v1/users/{id}/resend_confirmation (SPEC §7 Users): mails a new confirmation link;
 * for admins and the user themself. A confirmed user has nothing to confirm (422).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/api+/v1+/users+/$id.resend_confirmation");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const { user } = await authorizeAccountCall(session, params.id, "resend_confirmation");
    if (user.confirmed_at) throw new ApiError(422, "already_confirmed", "This email address is already confirmed.");
    if (user.deactivated_at) throw new ApiError(422, "account_deactivated", "This account is deactivated.");
    const limits = await checkLimits([[accountMailRateLimits.confirmationPerEmail, user.email]]);
    if (!limits.allowed) throw tooManyRequestsError(limits.retryAfterSeconds);
    await sendConfirmationEmail(user, siteOrigin(request));
    return apiResponse(serialize(userResource, user, { meta: { message: `A new confirmation link was sent to ${user.email}.` } }));
  });
}
