import { requireRouteAccess } from "~/accounts/authorize.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useOutlet } from "@remix-run/react";
import {
  flattenUserFields,
  INVALID_RESET_TOKEN_MESSAGE,
  newPasswordSchema,
  passwordResetRequestSchema,
  passwordRouteIntent,
} from "~/accounts/password-reset-forms";
import { requestPasswordReset, resetPasswordWithToken } from "~/accounts/password-reset.server";
import { InvalidResetLink, NewPasswordForm, RequestResetForm } from "~/accounts/password-reset-views";
import { startFreshSession } from "~/accounts/session.server";
import { tooManyRequestsMessage } from "~/errors/messages";
import { passRetryAfter, tooManyRequests } from "~/security/retry-after";
import { siteOrigin } from "~/utils/site-origin.server";

/**
 * /users/password (SPEC §7 Auth) for HTML forms: POST asks for a reset link, POST with
 * `_method=put` (or a real PUT) sets the new password with the mailed token. A failed
 * submission is answered with its form again, here, with the errors and the input kept.
 * JSON bodies to this path are served by routes/json+/users+/password (app/api/json-twins.ts).
 * /users/password/new and /edit render in this route's outlet.
 */
const PASSWORD_FIELDS = ["password", "password_confirmation"];

export async function action({ request, context }: ActionFunctionArgs) {
  await requireRouteAccess(request, "routes/users+/password");
  const form = flattenUserFields(await request.formData().catch(() => new FormData()));
  const intent = passwordRouteIntent(request.method, form.get("_method"));
  // A page route answers in HTML: a thrown response reaches the error page with its status.
  if (intent === "unsupported") throw new Response("Use POST or PUT on this path.", { status: 405, headers: { Allow: "POST, PUT" } });
  if (intent === "request-reset") {
    const submission = parseWithZod(form, { schema: passwordResetRequestSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply(), tokenInvalid: false }, { status: 400 });
    const outcome = await requestPasswordReset(submission.value.email, { origin: siteOrigin(request), clientIp: context.clientIp });
    if (outcome.kind === "rate-limited") {
      return tooManyRequests({ intent, result: submission.reply({ formErrors: [tooManyRequestsMessage] }), tokenInvalid: false }, outcome.retryAfterSeconds);
    }
    // Post/redirect/get: every address gets this same answer, and a reload sends no second mail.
    throw redirect("/users/password/new?sent=1");
  }

  const submission = parseWithZod(form, { schema: newPasswordSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply({ hideFields: PASSWORD_FIELDS }), tokenInvalid: false }, { status: 400 });
  }
  const { reset_password_token: token, password } = submission.value;
  const outcome = await resetPasswordWithToken({ token, password }, context.clientIp);
  if (outcome.kind === "rate-limited") {
    return tooManyRequests(
      { intent, result: submission.reply({ formErrors: [tooManyRequestsMessage], hideFields: PASSWORD_FIELDS }), tokenInvalid: false },
      outcome.retryAfterSeconds,
    );
  }
  if (outcome.kind === "invalid-token") {
    return data(
      { intent, result: submission.reply({ formErrors: [INVALID_RESET_TOKEN_MESSAGE], hideFields: PASSWORD_FIELDS }), tokenInvalid: true },
      { status: 422 },
    );
  }
  // Someone else may be signed in in this browser: their session ends, the cookie is replaced.
  const cookie = await startFreshSession(request, { userId: outcome.userId, rememberMe: false, clientIp: context.clientIp });
  // SPEC §4: the reset-password flow returns to /.
  throw redirect("/", { headers: { "Set-Cookie": cookie } });
}

export const headers = passRetryAfter;

/**
 * GET /users/password shows the request form, as /users/password/new does. It cannot redirect
 * there: after a failed post this page is rendered again, loaders included, to show the errors.
 */
export default function PasswordPage() {
  const outlet = useOutlet();
  const actionData = useActionData<typeof action>();
  if (outlet) return outlet;
  if (actionData && "intent" in actionData && actionData.intent === "set-password") {
    if (actionData.tokenInvalid) return <InvalidResetLink />;
    const token = actionData.result.initialValue?.reset_password_token;
    return <NewPasswordForm token={typeof token === "string" ? token : ""} lastResult={actionData.result} />;
  }
  return <RequestResetForm lastResult={actionData && "intent" in actionData ? actionData.result : undefined} />;
}

export const meta: MetaFunction = () => [{ title: "Reset your password — Marketplace" }, { name: "robots", content: "noindex" }];
