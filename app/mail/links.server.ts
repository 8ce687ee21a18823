import { config } from "~/config/env.server";

/**
 * The origin that links in mail point at. APP_ORIGIN when set: the Host header of the request
 * that triggered a mail is chosen by the requester, so trusting it would let anyone ask for a
 * reset mail whose link leads to their own host ("reset poisoning"). Without APP_ORIGIN the
 * request's origin, which the server sets to the configured origin in production (so a Host
 * header reaches it only in development and tests), else the address the server listens on.
 */
export function mailLinkOrigin(request?: Request): string {
  const { APP_ORIGIN, appOrigin } = config();
  if (APP_ORIGIN) return appOrigin;
  if (request) return new URL(request.url).origin;
  return appOrigin;
}

/** An absolute link for a mail: path plus query parameters (encoded here). */
export function mailLink(pathname: string, query: Record<string, string>, request?: Request): string {
  const url = new URL(pathname, mailLinkOrigin(request));
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}
