import { serialize } from "cookie";
import { config } from "~/config/env.server";
import { SITE_BANNER_COOKIE } from "~/shell/site-banner";

/** Remembers a dismissed banner for a year (a new banner has a new id, so it shows again). */
export function dismissBannerCookie(bannerId: string): string {
  return serialize(SITE_BANNER_COOKIE, bannerId, { path: "/", sameSite: "lax", maxAge: 60 * 60 * 24 * 365, secure: config().servedOverHttps });
}
