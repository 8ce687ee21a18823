import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { accountMenu, AFTER_PASSWORD_HASH, signIn, skipOnboarding, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";

/** The app shell (SPEC §2 Shell): bar, menus, dark mode, toasts, dialogs, banner, footer. */

const bar = (page: Page) => page.locator('[data-shell="app-bar"]');
const menu = (page: Page, name: string) => page.locator(`[data-shell="${name}"]`);

async function openMenu(page: Page, name: string) {
  await menu(page, name).locator("> summary").click();
  await expect(menu(page, name)).toHaveAttribute("open", "");
}

async function menuLabels(page: Page, name: string) {
  await openMenu(page, name);
  const texts = await menu(page, name).locator(".shell-menu__list a").allInnerTexts();
  return texts.map((text) => text.replace(/\s+/g, " ").trim());
}

/** axe runs inside the page, so it needs JavaScript: the js-off project checks the same markup without it. */
async function expectNoSeriousAxeViolations(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.describe("guest bar", () => {
  test("offers Log in, Get Started and the Courses and Resources menus", async ({ page }) => {
    await page.goto("/courses");
    await expect(bar(page).getByRole("link", { name: "Log in" })).toBeVisible();
    await expect(bar(page).getByRole("link", { name: "Get Started for Free" })).toHaveAttribute("href", "/sign-up");
    expect(await menuLabels(page, "courses-menu")).toEqual(["University", "MCAT", "LSAT", "High School", "All courses"]);
    expect(await menuLabels(page, "resources-menu")).toEqual(["Privacy Policy", "Help Center (another site)"]);
    await expect(menu(page, "account-menu")).toHaveCount(0);
    await expect(page.locator('[data-shell="notifications-link"]')).toHaveCount(0);
  });

  test("menus open from the keyboard", async ({ page }) => {
    await page.goto("/courses");
    await menu(page, "courses-menu").locator("> summary").focus();
    await page.keyboard.press("Enter");
    await expect(menu(page, "courses-menu").getByRole("link", { name: "University" })).toBeVisible();
  });

  test("signs up for the MCAT product from MCAT pages and comes back to them", async ({ page, consoleWatch }, testInfo) => {
    consoleWatch.allow(/status of 404/);
    await page.goto("/mcat");
    await expect(bar(page)).toHaveAttribute("data-color", "dark");
    await bar(page).getByRole("link", { name: "Get Started for Free" }).click();
    // Without JavaScript the sign-up page opens; with it, the same form in a dialog over /mcat.
    if (testInfo.project.name === "js-off") await expect(page).toHaveURL(/\/sign-up\?product=mcat&redirect_to=%2Fmcat$/);
    await page.getByLabel("First name").fill("Mo");
    await page.getByLabel("Last name").fill("Cat");
    await page.getByLabel("Email").fill(uniqueEmail("mcat", testInfo.project.name));
    await page.getByLabel("Password").fill("a-strong-password");
    await page.getByRole("button", { name: "Create account" }).click();
    await skipOnboarding(page, AFTER_PASSWORD_HASH, "/mcat");
    await expect(accountMenu(page)).toBeVisible();
  });

  test("is hidden on the sign-up page", async ({ page }) => {
    await page.goto("/sign-up");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(bar(page)).toHaveCount(0);
  });

  test("footer lists the SPEC's links", async ({ page }) => {
    await page.goto("/courses");
    const footer = page.locator('[data-shell="footer"]');
    await expect(footer.getByRole("link", { name: "Free Resources" }).first()).toHaveAttribute("href", "/blog?category=free_resources");
    for (const name of ["About", "Careers", "Scholarships", "Calculus", "HS Textbooks", "AP Textbooks", "Med School Calculator", "MCAT Blog"]) {
      await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
    }
  });
});

test.describe("menus per role", () => {
  // Every role's bar, as rendered: tests/system/shell-menus.test.ts. Here the admin's, which has
  // every kind of menu, opened as a person opens them.
  test("admin@demo.test", async ({ page }) => {
    await signIn(page, "admin@demo.test");
    await expect(bar(page).locator('[data-shell="left-main"]')).toHaveText("Home");
    expect(await menuLabels(page, "more-homes")).toEqual(["Educator Home", "Student Home"]);
    expect(await menuLabels(page, "resources-menu")).toEqual(["Privacy Policy", "Help Center (another site)", "Invite a Friend"]);
    expect(await menuLabels(page, "account-menu")).toEqual(["My Account"]);
    await expect(menu(page, "account-menu").getByRole("button", { name: "Sign out" })).toBeVisible();
  });
});

test("dark mode toggles with a form and is remembered", async ({ page }) => {
  await page.goto("/courses?school=waterloo");
  await expect(page.locator("html")).toHaveClass(/light/);
  await page.getByRole("button", { name: "Switch to dark mode" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page).toHaveURL(/\/courses\?school=waterloo$/);
  await page.goto("/privacy-policy");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.getByRole("button", { name: "Switch to light mode" }).click();
  await expect(page.locator("html")).toHaveClass(/light/);
});

test("a toast follows a form post (sign out)", async ({ page }) => {
  await signIn(page, "student@demo.test");
  await accountMenu(page).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  const toast = page.locator('[data-shell="toasts"] [role="status"]');
  await expect(toast).toContainText("You are signed out.");
  await expect(toast).toHaveAttribute("data-toast-type", "success");
  // One time only: the next page has no toast.
  await page.goto("/courses");
  await expect(page.locator('[data-shell="toasts"] .toast')).toHaveCount(0);
});

test("the privacy policy opens as a dialog from the query", async ({ page }) => {
  await page.goto("/courses?privacyPolicy");
  const dialog = page.locator('[data-shell="page-dialog"]');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Privacy Policy" })).toBeVisible();
  await expect(dialog).toContainText("We never sell your personal information.");
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test("terms open in a dialog with JavaScript and as a page without", async ({ page, javaScriptEnabled }) => {
  await page.goto("/courses");
  await page.locator('[data-shell="footer"]').getByRole("link", { name: "Terms of Use" }).click();
  if (javaScriptEnabled) {
    const dialog = page.locator('[data-shell="page-dialog"]');
    await expect(dialog.getByRole("heading", { name: "Terms of Use" })).toBeVisible();
    await expect(page).toHaveURL(/\/courses$/);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  } else {
    await expect(page).toHaveURL(/\/terms-and-conditions$/);
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Use" })).toBeVisible();
  }
});

test("the legal pages are real pages", async ({ page }) => {
  await page.goto("/privacy-policy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cookies" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.goto("/terms-and-conditions");
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Use" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "3. Payments, subscriptions and refunds" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("the site banner doubles the bar and stays dismissed", async ({ page }) => {
  await page.goto("/courses");
  const banner = page.locator('[data-shell="site-banner"]');
  await expect(banner).toContainText("exam prep is open");
  const withBanner = await page.locator(".shell-header").boundingBox();
  await banner.getByRole("button", { name: "Dismiss announcement" }).click();
  await expect(banner).toHaveCount(0);
  const without = await page.locator(".shell-header").boundingBox();
  expect(withBanner!.height).toBeGreaterThanOrEqual(2 * 56);
  expect(without!.height).toBeLessThan(withBanner!.height);
  await page.reload();
  await expect(banner).toHaveCount(0);
});

test("no serious accessibility problems in the shell, guest and signed in", async ({ page }) => {
  await page.goto("/");
  await expectNoSeriousAxeViolations(page);
  await signIn(page, "class_rep@demo.test");
  await page.goto("/profile");
  await openMenu(page, "role-menu");
  await expectNoSeriousAxeViolations(page);
});
