import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { accountMenu, signIn, signUp, uniqueEmail } from "./support/accounts";
import { TOUR_PROMPTS_COOKIE } from "../../app/site-tours/tours";
import { expect, test } from "./support/fixtures";

/** Partner memberships in the account menu and the site tours (SPEC §2 Shell, §4, §7). */

// Several sign-ins, axe runs and step-by-step walks per test: more than the default on a shared machine.
test.describe.configure({ timeout: 90_000 });

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;
const partners = (page: Page) => page.locator('[data-shell="partner-memberships"]');
const tourButton = (page: Page) => page.getByRole("link", { name: "Take a tour of this page" });
const tourDialog = (page: Page) => page.getByRole("dialog");

/**
 * With JavaScript, waits until the page is hydrated (a click before that follows the link, as
 * without JavaScript), then presses the tour button. The overlay's code and steps load on the
 * first press, so its dialog gets a longer wait than the default on a busy machine.
 */
async function pressTourButton(page: Page) {
  if (jsOn()) await page.waitForFunction(() => "__remixRouter" in window);
  await tourButton(page).click();
  if (jsOn()) await expect(tourDialog(page)).toBeVisible({ timeout: 20_000 });
}

/** axe runs inside the page, so it needs JavaScript: the js-off project checks the same markup without it. */
async function expectNoSeriousAxeViolations(page: Page) {
  if (!jsOn()) return;
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.describe("partner memberships", () => {
  test("a partner member sees their membership in the account menu", async ({ page }) => {
    await signIn(page, "partner_member@demo.test");
    await accountMenu(page).click();
    const link = partners(page).getByRole("link", { name: /Waterloo Mathematics Society/ });
    await expect(link).toBeVisible();
    await expect(link).toContainText("Member");
    await expect(link).toHaveAttribute("href", "/partners/waterloo-math-society");
    await expect(partners(page).getByRole("button", { name: /Accept/ })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    await link.click();
    await expect(page.getByRole("heading", { level: 1, name: "Waterloo Mathematics Society" })).toBeVisible();
  });

  test("an invited user answers the invitation from the account menu", async ({ page }) => {
    // Each project answers its own seeded invitation (the two run side by side on one database):
    // without JavaScript the student accepts, with it the brand ambassador declines.
    const js = jsOn();
    await signIn(page, js ? "brand_ambassador@demo.test" : "student@demo.test");
    const partner = js ? "First-Gen Scholars Network" : "McGill Pre-Med Society";
    await page.goto("/courses?school=waterloo");
    await accountMenu(page).click();
    await expect(partners(page).getByRole("link", { name: new RegExp(partner) })).toContainText("Invited");
    await expectNoSeriousAxeViolations(page);
    await partners(page)
      .getByRole("button", { name: `${js ? "Decline" : "Accept"} the invitation from ${partner}` })
      .click();

    await expect(page).toHaveURL(/\/courses\?school=waterloo$/);
    const toast = page.locator('[data-shell="toasts"] [role="status"]').first();
    await expect(toast).toContainText(js ? `You declined the invitation from ${partner}.` : `You are now a member of ${partner}.`);
    if (js) {
      await expect(partners(page)).toHaveCount(0);
    } else {
      await accountMenu(page).click();
      await expect(partners(page).getByRole("link", { name: new RegExp(partner) })).toContainText("Member");
      await expect(partners(page).getByRole("button", { name: /Accept/ })).toHaveCount(0);
    }
  });
});

test.describe("site tour button", () => {
  test("walks through the page's tour: an overlay with JavaScript, the steps as a page without", async ({ page }) => {
    await page.goto("/courses");
    await pressTourButton(page);
    if (!jsOn()) {
      await expect(page).toHaveURL(/\/site-tour\?tour=site_help&from=%2Fcourses$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Getting around the site");
      await expect(page.locator(".site-tour-steps h2")).toHaveText(["Home", "Menus", "Dark mode", "Tours", "Your account"]);
      await page.getByRole("link", { name: "Back to the page" }).click();
      await expect(page).toHaveURL(/\/courses$/);
      return;
    }
    // A guest has no account menu, so its step is skipped.
    const dialog = tourDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Step 1 of 4");
    await expect(dialog.getByRole("heading")).toHaveText("Home");
    await expect(page.locator(".site-tour__ring")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Next" })).toBeFocused();
    await expectNoSeriousAxeViolations(page);

    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.getByRole("heading")).toHaveText("Menus");
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByRole("heading")).toHaveText("Dark mode");
    await dialog.getByRole("button", { name: "Back" }).click();
    await expect(dialog.getByRole("heading")).toHaveText("Menus");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(tourButton(page)).toBeFocused();

    // Finish goes through to the last step and closes.
    await pressTourButton(page);
    for (const title of ["Home", "Menus", "Dark mode"]) {
      await expect(tourDialog(page).getByRole("heading")).toHaveText(title);
      await tourDialog(page).getByRole("button", { name: "Next" }).click();
    }
    await expect(tourDialog(page).getByRole("heading")).toHaveText("Tours");
    await tourDialog(page).getByRole("button", { name: "Finish" }).click();
    await expect(tourDialog(page)).toHaveCount(0);
  });

  test("offers the online course tour on the in-course page", async ({ page }) => {
    await page.goto("/in-course-experience/waterloo-math-137-exam-prep");
    await pressTourButton(page);
    if (!jsOn()) {
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your online course");
      return;
    }
    await expect(tourDialog(page).getByRole("heading")).toHaveText("Course navigation");
    await tourDialog(page).getByRole("button", { name: "End tour" }).click();
    await expect(tourDialog(page)).toHaveCount(0);
  });
});

test("a user who has not seen the tour is asked 'Want a tour?' once, and Start Tour starts it", async ({ page, context }, testInfo) => {
  test.skip(!jsOn(), "The prompt is a toast raised by the page's script after a pause.");
  await context.clearCookies({ name: TOUR_PROMPTS_COOKIE });
  // A new account: a demo account may already have been offered the tour by another test signed in with it.
  await signUp(page, { firstName: "Tess", lastName: "Tourist", email: uniqueEmail("tour-prompt", testInfo.project.name), password: "tour-prompt-password" });
  const prompt = page.locator('[data-shell="toasts"] [role="status"]').filter({ hasText: "Want a tour?" });
  // A second after the page is ready; on a busy host the page takes its time to get there.
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  await prompt.getByRole("link", { name: "Start Tour" }).click();
  await expect(tourDialog(page).getByRole("heading")).toHaveText("Home", { timeout: 20_000 });
  await expect(tourDialog(page)).toContainText("Step 1 of 5");
  await page.keyboard.press("Escape");

  // Seen: not offered again, on this page or after a reload.
  await page.reload();
  await page.waitForTimeout(1800);
  await expect(prompt).toHaveCount(0);
});
