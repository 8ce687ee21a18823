import { Form, useLocation } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import type { Appearance } from "~/theme/theme";

/** The dark-mode switch: a form posting to /theme, so it works without JavaScript. */
export function ThemeToggle({ appearance }: { appearance: Appearance }) {
  const location = useLocation();
  const next: Appearance = appearance === "dark" ? "light" : "dark";
  return (
    <Form method="post" action="/theme" className="shell-inline-form" preventScrollReset>
      <CsrfInput />
      <input type="hidden" name="appearance" value={next} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button type="submit" className="shell-icon-button" aria-label={next === "dark" ? "Switch to dark mode" : "Switch to light mode"} data-shell="theme-toggle" data-tour="theme-toggle">
        <span aria-hidden="true">{next === "dark" ? "☾" : "☀"}</span>
      </button>
    </Form>
  );
}
