import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { signInSchema } from "~/accounts/forms";
import { findPublicUser } from "~/accounts/profile.server";
import { startFreshSession } from "~/accounts/session.server";
import { signInWithPassword } from "~/accounts/sign-in-flow.server";
import { INVALID_CREDENTIALS_MESSAGE } from "~/accounts/sign-in.server";
import { serialize } from "~/api/document";
import { ApiError, tooManyRequestsError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed, readJsonBody } from "~/api/handler.server";
import { userResource } from "~/api/resources/users";
import { siteOrigin } from "~/utils/site-origin.server";

const body = z.object({ user: signInSchema });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/json+/users+/sign_in");
  return methodNotAllowed(["POST"]);
}

/** POST /users/sign_in with a JSON body `{ user: { email, password, remember_me } }` (SPEC §7 Auth). */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireRouteAccess(request, "routes/json+/users+/sign_in");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const { user } = await readJsonBody(request, body);
    const outcome = await signInWithPassword(
      { email: user.email, password: user.password, redirectTo: user.redirect_to },
      { origin: siteOrigin(request), clientIp: context.clientIp },
    );
    if (outcome.kind === "rate-limited") throw tooManyRequestsError(outcome.retryAfterSeconds);
    if (outcome.kind === "invalid") throw new ApiError(401, "invalid_credentials", INVALID_CREDENTIALS_MESSAGE);
    const cookie = await startFreshSession(request, { userId: outcome.userId, rememberMe: user.remember_me, clientIp: context.clientIp });
    const signedIn = (await findPublicUser(outcome.userId))!;
    return apiResponse(serialize(userResource, signedIn, { meta: { redirect_to: outcome.redirectTo } }), {
      headers: { "Set-Cookie": cookie },
    });
  });
}
