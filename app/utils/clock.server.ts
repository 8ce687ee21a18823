import { config } from "~/config/env.server";

const MAX_SKEW_MS = 400 * 24 * 60 * 60 * 1000;

/**
 * The time a request is handled at: now, or with TEST_CLOCK=on the time its X-Test-Clock header
 * names (an ISO date within about a year of now), so a browser test can come back "tomorrow".
 */
export function requestNow(request: Request): Date {
  const now = new Date();
  if (!config().TEST_CLOCK) return now;
  const header = request.headers.get("x-test-clock");
  if (!header || header.length > 40) return now;
  const named = new Date(header);
  return Number.isNaN(named.getTime()) || Math.abs(named.getTime() - now.getTime()) > MAX_SKEW_MS ? now : named;
}
