import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

export const DEMO_PASSWORD = "demo-password";

/**
 * How long to wait for the page after a form that hashes a password (sign up, sign in): argon2
 * is deliberately slow, and on a busy two-core machine the redirect can take many seconds.
 */
export const AFTER_PASSWORD_HASH = { timeout: 30_000 } as const;

/** Signs in through the real form, as a person would (with or without JavaScript). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/users/sign_in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(accountMenu(page)).toBeVisible(AFTER_PASSWORD_HASH);
}

/** The app bar's account menu (its summary: the user's name); Sign out lives inside it. */
export function accountMenu(page: Page) {
  return page.locator('[data-shell="account-menu"] > summary');
}

/** A new student is taken to onboarding first (SPEC §5); this skips it, on to where they were going (by default their dashboard). */
export async function skipOnboarding(page: Page, timeout: { timeout: number } = AFTER_PASSWORD_HASH, to = "/dashboard") {
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await expect(page).toHaveURL(new RegExp(`/onboarding\\?redirect_to=${escaped(encodeURIComponent(to))}$`), timeout);
  await page.getByRole("link", { name: "Skip for now" }).click();
  await expect(page).toHaveURL(new RegExp(`${escaped(to)}$`));
}

/** Creates a student account through the sign-up form, skips onboarding and lands on /dashboard. */
export async function signUp(page: Page, person: { firstName: string; lastName: string; email: string; password: string }) {
  await page.goto("/sign-up");
  await page.getByLabel("First name").fill(person.firstName);
  await page.getByLabel("Last name").fill(person.lastName);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await skipOnboarding(page);
}

export async function signOut(page: Page) {
  await accountMenu(page).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
}

/** An address no other test (or project, or run) uses. */
export function uniqueEmail(prefix: string, projectName: string) {
  return `${prefix}-${projectName}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
}
