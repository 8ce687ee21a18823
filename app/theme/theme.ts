/** Appearance is stored per browser in a cookie and rendered on the server, so pages never flash. */
export const THEME_COOKIE = "theme";
export type Appearance = "light" | "dark";

export function parseAppearance(value: string | undefined | null): Appearance {
  return value === "dark" ? "dark" : "light";
}
