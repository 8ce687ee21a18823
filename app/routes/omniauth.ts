import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { InvalidProviderTokenError, ProviderUnavailableError } from "~/accounts/omniauth/errors";
import {
  ProviderAccountError,
  ProviderNotEnabledError,
  signInWithProvider,
  type ProviderCredentials,
  type ProviderSignInOutcome,
} from "~/accounts/omniauth/provider-sign-in.server";
import { startFreshSession } from "~/accounts/session.server";
import { serialize } from "~/api/document";
import { ApiError, tooManyRequestsError } from "~/api/errors";
import { apiResponse, handleApi, isJsonRequest, methodNotAllowed, readJsonBody } from "~/api/handler.server";
import { userResource } from "~/api/resources/users";
import { REFERRAL_COOKIE } from "~/programs/referrals";
import { readCookies } from "~/utils/cookies.server";
import { logger } from "~/utils/logger.server";
import { siteOrigin } from "~/utils/site-origin.server";

/**
 * POST /omniauth (SPEC §7 Auth): sign in with Google or Facebook.
 *   JSON `{provider: "google", token, signup_role}` or
 *        `{provider: "facebook", token, signed_request, fb_uid, signup_role}`
 *     → 200 `{data: user, meta: {is_new, redirect_to}}` with the session cookie.
 *   Form `credential` (what Google's button and one-tap hand over) with our `csrf_token`
 *     → a redirect to where the person goes next. This is the path without our JavaScript.
 * The CSRF token is checked by the server before any route runs (header or `csrf_token` field).
 */

const token = z.string().trim().min(1, "is required").max(8192, "is too long");
const signupRole = z.enum(["student", "teacher"]).optional().default("student");
const redirectTo = z.string().max(2048).optional();

/** Provider is checked separately, so an unknown one is 400 `invalid_provider`, not a 422 shape error. */
const envelope = z.object({ provider: z.unknown() }).loose();
const googleBody = z.object({ provider: z.literal("google"), token, signup_role: signupRole, redirect_to: redirectTo });
const facebookBody = z.object({
  provider: z.literal("facebook"),
  token,
  signed_request: z.string().trim().min(1, "is required").max(4096, "is too long"),
  // Facebook ids are numeric strings; some SDKs hand them over as numbers.
  fb_uid: z.union([z.string(), z.number().int().nonnegative()]).transform(String).pipe(z.string().regex(/^\d{1,30}$/, "must be a Facebook user id")),
  signup_role: signupRole,
  redirect_to: redirectTo,
  // An `email` field is accepted and ignored: the email comes from Facebook, never from the client.
});

/** What Google's button and one-tap post: the ID token as `credential`, its own `g_csrf_token`. */
const googleForm = z.object({
  credential: token,
  g_csrf_token: z.string().optional(),
  // An unknown role signs up a student, as the JSON body's default does.
  signup_role: signupRole.catch("student"),
  redirect_to: z.string().optional(),
});

const PROVIDER_NAMES = { google: "Google", facebook: "Facebook" } as const;
const INVALID_PROVIDER = "Sign in with Google or Facebook.";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/omniauth");
  return methodNotAllowed(["POST"]);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireRouteAccess(request, "routes/omniauth");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  if (isJsonRequest(request)) return handleApi(() => jsonSignIn(request, context.clientIp));
  return formSignIn(request, context.clientIp);
}

async function jsonSignIn(request: Request, clientIp: string) {
  const { provider } = await readJsonBody(request.clone(), envelope);
  if (provider !== "google" && provider !== "facebook") throw new ApiError(400, "invalid_provider", INVALID_PROVIDER);
  const body = provider === "google" ? await readJsonBody(request, googleBody) : await readJsonBody(request, facebookBody);
  const credentials: ProviderCredentials =
    body.provider === "google"
      ? { provider: "google", token: body.token }
      : { provider: "facebook", token: body.token, signed_request: body.signed_request, fb_uid: body.fb_uid };
  const outcome = await answerErrorsAsApi(provider, () =>
    signInWithProvider({ credentials, signupRole: body.signup_role, redirectTo: body.redirect_to }, signInContext(request, clientIp)),
  );
  const cookie = await startFreshSession(request, { userId: outcome.user.id, rememberMe: false, clientIp });
  return apiResponse(serialize(userResource, outcome.user, { meta: { is_new: outcome.isNew, redirect_to: outcome.redirectTo } }), {
    headers: { "Set-Cookie": cookie },
  });
}

/** What the sign-in needs from the request: the site's origin, the client and the invite code this browser remembers. */
function signInContext(request: Request, clientIp: string) {
  return { origin: siteOrigin(request), clientIp, referralCode: readCookies(request)[REFERRAL_COOKIE] };
}

/** Runs the sign-in and turns each way it can fail into its API error; never a 500 for a token. */
async function answerErrorsAsApi(provider: "google" | "facebook", run: () => Promise<ProviderSignInOutcome>) {
  let outcome: ProviderSignInOutcome;
  try {
    outcome = await run();
  } catch (error) {
    throw toApiError(provider, error);
  }
  if (outcome.kind === "rate-limited") throw tooManyRequestsError(outcome.retryAfterSeconds);
  return outcome;
}

function toApiError(provider: "google" | "facebook", error: unknown): unknown {
  const name = PROVIDER_NAMES[provider];
  if (error instanceof ProviderNotEnabledError) return new ApiError(400, "invalid_provider", `Sign-in with ${name} is not available here.`);
  if (error instanceof InvalidProviderTokenError) {
    // The reason helps whoever reads the logs; the token itself is never logged.
    logger().info({ provider, reason: error.reason }, "provider sign-in refused");
    return new ApiError(401, "invalid_token", `We couldn't verify your ${name} sign-in. Please try again.`);
  }
  if (error instanceof ProviderUnavailableError) {
    // Only the kind of failure: a Graph API request URL carries the user's token, so no full error objects.
    logger().warn({ provider, cause: error.cause instanceof Error ? error.cause.name : undefined }, "provider unreachable during sign-in");
    return new ApiError(502, "provider_unavailable", error.message);
  }
  if (error instanceof ProviderAccountError) {
    return new ApiError(error.code === "account_deactivated" ? 403 : 422, error.code, error.message);
  }
  return error;
}

/**
 * Google's button and one-tap prompt, posted as a form: `credential` is the ID token. Our own
 * CSRF field has already been checked; when Google's double-submit `g_csrf_token` is sent, its
 * cookie must match as well. Success redirects; a failure answers a short page with its status.
 */
async function formSignIn(request: Request, clientIp: string) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return failurePage(400, "The sign-in form could not be read.");
  }
  const submission = parseWithZod(form, { schema: googleForm });
  if (submission.status !== "success") {
    return submission.error?.credential
      ? failurePage(400, "Google didn't send a sign-in credential. Please try again.")
      : failurePage(400, "The sign-in form could not be read.");
  }
  const { credential, g_csrf_token: googleCsrf, signup_role: role, redirect_to: target } = submission.value;
  if (googleCsrf !== undefined && googleCsrf !== readCookies(request).g_csrf_token) {
    return failurePage(400, "Your security token is missing or out of date. Reload the page and try again.");
  }
  try {
    const outcome = await answerErrorsAsApi("google", () =>
      signInWithProvider(
        {
          credentials: { provider: "google", token: credential },
          signupRole: role,
          redirectTo: target,
        },
        signInContext(request, clientIp),
      ),
    );
    const cookie = await startFreshSession(request, { userId: outcome.user.id, rememberMe: false, clientIp });
    throw redirect(outcome.redirectTo, { status: 303, headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof ApiError) return failurePage(error.status, error.message, error.headers());
    throw error;
  }
}

function failurePage(status: number, message: string, headers: Record<string, string> = {}) {
  const escaped = message.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign-in didn't work</title></head>` +
      `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>Sign-in didn't work</h1><p>${escaped}</p><p><a href="/users/sign_in">Back to log in</a></p></body></html>`,
    { status, headers: { ...headers, "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } },
  );
}
