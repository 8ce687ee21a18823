import { accountMenu, signOut, signUp, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";

/**
 * Issue 3 "done when": reset a password, with JavaScript on and off. Each run signs up an
 * account of its own, so no other test's demo account changes password underneath it.
 */

test("a user resets a forgotten password through the mailed link and lands signed in", async ({ page, consoleWatch }) => {
  // Without JavaScript the refused submission is a 400 document, which Chromium reports.
  consoleWatch.allow(/status of 400/);
  const account = { email: uniqueEmail("forgetful", test.info().project.name), home: "/dashboard" };
  const newPassword = `new-password-${test.info().project.name}-${Date.now()}`;
  await signUp(page, { firstName: "Forgetful", lastName: "Student", email: account.email, password: "the-first-password" });
  await signOut(page);

  await page.goto("/users/password/new");
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send me a reset link" }).click();
  await expect(page).toHaveURL(/\/users\/password\/new\?sent=1$/);
  await expect(page.getByRole("status")).toContainText("If an account exists for that email address");

  // The development mailbox, newest mail first.
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(account.email)}`);
  await page.getByRole("link", { name: "Reset your Marketplace password" }).first().click();
  await expect(page.getByRole("heading", { name: "Reset your Marketplace password" })).toBeVisible();
  const resetLink = page.getByRole("link", { name: /\/users\/password\/edit\?reset_password_token=/ });
  const resetUrl = await resetLink.getAttribute("href");
  await resetLink.click();
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();

  // Two different passwords: refused next to the field, nothing saved, the link still works.
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(`${newPassword}-typo`);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("The two passwords don't match")).toBeVisible();

  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Save new password" }).click();
  // Success goes to / (SPEC §4), which sends a signed-in user on to their home path (SPEC §2).
  await expect(page).toHaveURL(new RegExp(`${account.home}$`));
  await expect(accountMenu(page)).toBeVisible();

  // The link is used up: opening it again offers a new one instead of the form.
  consoleWatch.allow(/status of 422/);
  await page.goto(resetUrl!);
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Request a new link" })).toBeVisible();
});
