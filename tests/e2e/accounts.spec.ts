import { expect, test } from "./support/fixtures";
import { AFTER_PASSWORD_HASH, signIn, signOut, skipOnboarding, uniqueEmail } from "./support/accounts";

test.describe("accounts", () => {
  test("a student signs up, confirms through the mailbox, signs out, signs in and lands on the dashboard", async ({ page }, testInfo) => {
    const email = uniqueEmail("new-student", testInfo.project.name);
    await page.goto("/");
    await page.getByRole("link", { name: "Get Started for Free" }).click();
    await page.getByLabel("First name").fill("Priya");
    await page.getByLabel("Last name").fill("Raman");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("my-study-password");
    await page.getByRole("button", { name: "Create account" }).click();
    await skipOnboarding(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Priya");

    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await page.getByRole("link", { name: /confirm/i }).first().click();
    const confirmLink = page.getByRole("link", { name: /\/users\/confirmation\?confirmation_token=/ });
    await confirmLink.click();
    await expect(page.getByText(/confirmed/i).first()).toBeVisible();

    await signOut(page);
    await signIn(page, email, "my-study-password");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a wrong password keeps the email, never echoes the password and says what is wrong", async ({ page, consoleWatch }, testInfo) => {
    // The refused sign-in answers 400, which Chromium reports on the console.
    consoleWatch.allow(/status of 400/);
    await page.goto("/users/sign_in");
    await page.getByLabel("Email").fill("student@demo.test");
    await page.getByLabel("Password").fill("not-my-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "don't match an account" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("student@demo.test");
    // Without JavaScript the page comes back from the server, which never sends a password back.
    if (testInfo.project.name === "js-off") await expect(page.getByLabel("Password")).toHaveValue("");
  });

  test("a guest opening a dashboard is asked to sign in and comes back to it", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/users\/sign_in\?redirect_to=%2Fdashboard/);
    await page.getByLabel("Email").fill("student@demo.test");
    await page.getByLabel("Password").fill("demo-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/, AFTER_PASSWORD_HASH);
  });
});
