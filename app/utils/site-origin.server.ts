import { config } from "~/config/env.server";

/**
 * The site's own origin, for links in mail and for judging redirect targets. APP_ORIGIN when
 * set: the Host header is chosen by the requester, so trusting it would let anyone ask for a
 * reset mail whose link leads to their own host ("reset poisoning"). Without APP_ORIGIN
 * (development and tests) the origin the request was sent to. Routes call this once and hand
 * the domain the string; domain functions never see the request.
 */
export function siteOrigin(request: Request): string {
  const { APP_ORIGIN, appOrigin } = config();
  return APP_ORIGIN ? appOrigin : new URL(request.url).origin;
}
