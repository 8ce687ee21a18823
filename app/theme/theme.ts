import { z } from "zod";

/** Appearance is stored per browser in a cookie and rendered on the server, so pages never flash. */
export const THEME_COOKIE = "theme";
export type Appearance = "light" | "dark";

export function parseAppearance(value: string | undefined | null): Appearance {
  return value === "dark" ? "dark" : "light";
}

/** The dark-mode toggle's form: any appearance other than "dark" means light. */
export const themeFormSchema = z.object({ appearance: z.string().optional(), redirectTo: z.string().optional() });
