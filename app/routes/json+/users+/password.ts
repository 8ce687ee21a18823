import { requireRouteAccess } from "~/accounts/authorize.server";
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import {
  INVALID_RESET_TOKEN_MESSAGE,
  newPasswordSchema,
  passwordResetRequestSchema,
  RESET_REQUESTED_MESSAGE,
} from "~/accounts/password-reset-forms";
import { requestPasswordReset, resetPasswordWithToken } from "~/accounts/password-reset.server";
import { findPublicUser } from "~/accounts/profile.server";
import { startFreshSession } from "~/accounts/session.server";
import { serialize } from "~/api/document";
import { ApiError, tooManyRequestsError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed, readJsonBody } from "~/api/handler.server";
import { userResource } from "~/api/resources/users";
import { siteOrigin } from "~/utils/site-origin.server";

/**
 * JSON bodies sent to /users/password (SPEC §7 Auth), routed here by the server
 * (app/api/json-twins.ts): POST { user: { email } } asks for a reset link; PUT
 * { user: { reset_password_token, password, password_confirmation } } sets the new password.
 * The HTML forms are served by routes/users+/password.
 */
const requestBody = z.object({ user: passwordResetRequestSchema });
const newPasswordBody = z.object({ user: newPasswordSchema });

export async function loader() {
  return methodNotAllowed(["POST", "PUT"]);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireRouteAccess(request, "routes/json+/users+/password");
  const flow = { request, clientIp: context.clientIp };
  if (request.method === "POST") return handleApi(() => requestReset(flow));
  if (request.method === "PUT" || request.method === "PATCH") return handleApi(() => setPassword(flow));
  return methodNotAllowed(["POST", "PUT"]);
}

/** The same 200 for every address: never reveal which have accounts. */
async function requestReset(flow: { request: Request; clientIp: string }) {
  const { user } = await readJsonBody(flow.request, requestBody);
  const outcome = await requestPasswordReset(user.email, { origin: siteOrigin(flow.request), clientIp: flow.clientIp });
  if (outcome.kind === "rate-limited") throw tooManyRequestsError(outcome.retryAfterSeconds);
  return apiResponse({ data: null, meta: { message: RESET_REQUESTED_MESSAGE } });
}

/** The signed-in user's document with the new session cookie; the client goes on to meta.redirect_to. */
async function setPassword(flow: { request: Request; clientIp: string }) {
  const { user } = await readJsonBody(flow.request, newPasswordBody);
  const outcome = await resetPasswordWithToken({ token: user.reset_password_token, password: user.password }, flow.clientIp);
  if (outcome.kind === "rate-limited") throw tooManyRequestsError(outcome.retryAfterSeconds);
  if (outcome.kind === "invalid-token") {
    throw new ApiError(422, "invalid_token", INVALID_RESET_TOKEN_MESSAGE, {
      source: { pointer: "/user/reset_password_token" },
      meta: { new_link_path: "/users/password/new" },
    });
  }
  const cookie = await startFreshSession(flow.request, { userId: outcome.userId, rememberMe: false, clientIp: flow.clientIp });
  const signedIn = (await findPublicUser(outcome.userId))!;
  return apiResponse(serialize(userResource, signedIn, { meta: { redirect_to: "/" } }), { headers: { "Set-Cookie": cookie } });
}
