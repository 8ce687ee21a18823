import { serialize } from "cookie";
import { config } from "~/config/env.server";
import { THEME_COOKIE, type Appearance } from "~/theme/theme";

/** Dark mode is remembered per browser for a year. */
export function themeCookie(appearance: Appearance): string {
  return serialize(THEME_COOKIE, appearance, { path: "/", sameSite: "lax", maxAge: 60 * 60 * 24 * 365, secure: config().servedOverHttps });
}
