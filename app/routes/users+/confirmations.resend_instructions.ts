import { requireRouteAccess } from "~/accounts/authorize.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { resendConfirmationInstructions } from "~/accounts/confirmation.server";
import { confirmationResendSchema, RESEND_CONFIRMATION_MESSAGE } from "~/accounts/password-reset-forms";
import { ApiError, tooManyRequestsError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed } from "~/api/handler.server";
import { siteOrigin } from "~/utils/site-origin.server";

/**
 * GET /users/confirmations/resend_instructions?email= (SPEC §7 Auth): mails a new confirmation
 * link when the address has an unconfirmed account. The answer is the same for every address;
 * the number of asks is limited per client and per address.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/users+/confirmations.resend_instructions");
  return handleApi(async () => {
    const parsed = confirmationResendSchema.safeParse({ email: new URL(request.url).searchParams.get("email") ?? "" });
    if (!parsed.success) {
      throw new ApiError(400, "invalid_parameter", parsed.error.issues[0]?.message ?? "Enter a valid email address", {
        source: { parameter: "email" },
      });
    }
    const outcome = await resendConfirmationInstructions(parsed.data.email, { origin: siteOrigin(request), clientIp: context.clientIp });
    if (outcome.kind === "rate-limited") throw tooManyRequestsError(outcome.retryAfterSeconds);
    return apiResponse({ data: null, meta: { message: RESEND_CONFIRMATION_MESSAGE } });
  });
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
