import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { onlineCourses } from "../../server/seed/data/online-courses";
import { signIn, skipOnboarding, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// The demo online courses are created in the order of the seed data, so their ids follow it.
const PREPARING = onlineCourses.find((course) => course.status === "preparing")!;
const PREPARING_ID = onlineCourses.indexOf(PREPARING) + 1;
// Both browser projects pre-register on the same course at once, so the count itself varies.
const COUNT_LINE = /^(No one has|1 student has|\d+ students have) pre-registered/;

/** No serious or critical accessibility violations in the page's content (axe needs JavaScript to run). */
async function expectAccessible(page: Page, selector = "main") {
  if (test.info().project.name === "js-off") return;
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.describe("pre-registration for a preparing course", () => {
  // Signing up and signing in hash passwords on purpose slowly, and axe is heavy: each test does both.
  test.slow();

  test("a guest signs up from the course, comes back, pre-registers, sees it, and withdraws", async ({ page }, testInfo) => {
    await page.goto(`/online-courses/${PREPARING.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PREPARING.name);
    // Details and pre-registration only: the packages show their prices but nothing to buy.
    const packages = page.getByRole("region", { name: "Packages" });
    await expect(packages.getByText("Registration opens when the course does")).toBeVisible();
    await expect(packages.getByRole("link", { name: /Buy/ })).toHaveCount(0);
    const preRegistration = page.getByRole("region", { name: "Pre-registration" });
    await expect(preRegistration.getByRole("link", { name: "Sign in to pre-register" })).toHaveAttribute(
      "href",
      `/users/sign_in?redirect_to=${encodeURIComponent(`/online-courses/${PREPARING_ID}`)}`,
    );
    await expectAccessible(page);

    await preRegistration.getByRole("link", { name: "Create a free account" }).click();
    await page.getByLabel("First name").fill("Robin");
    await page.getByLabel("Last name").fill("Okafor");
    await page.getByLabel("Email").fill(uniqueEmail("pre-registration", testInfo.project.name));
    await page.getByLabel("Password").fill("pre-registration-password-1");
    await page.getByRole("button", { name: "Create account" }).click();
    // Password hashing is deliberately slow; on a busy machine the redirect can take a while.
    await skipOnboarding(page, { timeout: 20_000 }, `/online-courses/${PREPARING_ID}`);

    await page.getByRole("region", { name: "Pre-registration" }).getByRole("button", { name: "Pre-register" }).click();
    const state = page.getByRole("region", { name: "Pre-registration" }).getByRole("status");
    await expect(state).toHaveText("You’re pre-registered — we’ll tell you when it opens.");
    await expectAccessible(page, "#pre-registration");
    // It stays: the state comes from the server.
    await page.reload();
    await expect(state).toHaveText("You’re pre-registered — we’ll tell you when it opens.");
    await expect(page.getByRole("region", { name: "Pre-registration" }).getByRole("button", { name: "Pre-register", exact: true })).toHaveCount(0);

    await page.getByRole("button", { name: "Withdraw pre-registration" }).click();
    await expect(page.getByRole("region", { name: "Pre-registration" }).getByRole("button", { name: "Pre-register", exact: true })).toBeVisible();
    await expect(state).toHaveCount(0);
  });

  test("the course's instructor sees how many pre-registered, on the overview and in the course manager", async ({ page }) => {
    await signIn(page, PREPARING.instructorEmail!);
    await page.goto(`/online-courses/${PREPARING.slug}`);
    const preRegistration = page.getByRole("region", { name: "Pre-registration" });
    await expect(preRegistration.getByText(COUNT_LINE)).toBeVisible();
    await preRegistration.getByRole("link", { name: "See who" }).click();
    await expect(page).toHaveURL(new RegExp(`/online-courses/${PREPARING_ID}/manager#pre-registrations$`), { timeout: 20_000 });
    await expect(page.getByRole("region", { name: "Pre-registrations" }).getByText(COUNT_LINE)).toBeVisible();
    await expectAccessible(page, "#pre-registrations");
  });
});
