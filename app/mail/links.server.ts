import { config } from "~/config/env.server";

/**
 * The origin that links in mail point at. APP_ORIGIN when set: the Host header of the request
 * that triggered a mail is chosen by the requester, so trusting it would let anyone ask for a
 * reset mail whose link leads to their own host ("reset poisoning"). Without APP_ORIGIN
 * (development, tests) the request's own origin, else the address the server listens on.
 */
export function mailLinkOrigin(request?: Request): string {
  const { APP_ORIGIN, HOST, PORT } = config();
  if (APP_ORIGIN) return new URL(APP_ORIGIN).origin;
  if (request) return new URL(request.url).origin;
  return `http://${HOST === "0.0.0.0" || HOST === "::" ? "localhost" : HOST}:${PORT}`;
}

/** An absolute link for a mail: path plus query parameters (encoded here). */
export function mailLink(pathname: string, query: Record<string, string>, request?: Request): string {
  const url = new URL(pathname, mailLinkOrigin(request));
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}
