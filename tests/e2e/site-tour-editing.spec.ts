import type { Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { signIn, signOut } from "./support/accounts";
import { TOUR_PROMPTS_COOKIE } from "../../app/site-tours/tours";
import { expect, test } from "./support/fixtures";

/** Staff edit the site tours' steps and start a user's tours again (SPEC §4); the extension's version is stored (SPEC §7). */

// Sign-ins as two people and a step-by-step walk: more than the default on a shared machine.
test.describe.configure({ timeout: 120_000 });

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;
const tag = () => randomBytes(3).toString("hex");
const tourDialog = (page: Page) => page.getByRole("dialog");
const toast = (page: Page) => page.locator('[data-shell="toasts"] [role="status"]').first();
const COURSE_PAGE = "/in-course-experience/waterloo-math-137-exam-prep";

async function addStep(page: Page, tourKey: string, step: { selector: string; title: string; body: string }) {
  await page.goto(`/admin/site-tours/${tourKey}`);
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Add the step" }) });
  await form.getByLabel("CSS selector of the element").fill(step.selector);
  await form.getByLabel("Title").fill(step.title);
  await form.getByLabel("Text").fill(step.body);
  await form.getByRole("button", { name: "Add the step" }).click();
  await expect(toast(page)).toContainText("Step added.");
}

async function removeStep(page: Page, tourKey: string, title: string) {
  await page.goto(`/admin/site-tours/${tourKey}`);
  const item = page.locator("li").filter({ has: page.getByRole("heading", { name: new RegExp(`: ${title}$`) }) });
  await item.getByRole("button", { name: /^Remove/ }).click();
  await expect(toast(page)).toContainText("Step removed.");
  await expect(page.getByRole("heading", { name: new RegExp(`: ${title}$`) })).toHaveCount(0);
}

/** The one user the directory search found (the demo addresses are unique). */
const userLink = (page: Page) =>
  page
    .locator('a[href^="/admin/users/"]')
    .filter({ hasNotText: /Sign in as/ })
    .first();

/** The admin's "Start all tours" on the demo student's page in the back office. */
async function startAllToursFor(page: Page, email: string) {
  await page.goto(`/admin?query=${encodeURIComponent(email)}`);
  await userLink(page).click();
  await page.getByRole("button", { name: "Start all tours" }).click();
  await expect(toast(page)).toContainText("All tours started");
}

test("a step staff add shows in the tour, and a step whose element is missing is skipped", async ({ page, context }) => {
  test.skip(!jsOn(), "The tour overlay runs with JavaScript; without it the tour is a page of steps.");
  const shown = { selector: "#main", title: `Staff note ${tag()}`, body: "A step added in the back office." };
  const missing = { selector: `[data-tour="nowhere-${tag()}"]`, title: `Never shown ${tag()}`, body: "Its element is not on the page." };

  await signIn(page, "admin@demo.test");
  await addStep(page, "online_course_experience", missing);
  await addStep(page, "online_course_experience", shown);
  await startAllToursFor(page, "student@demo.test");
  await signOut(page);

  // Every tour unseen again: the student is offered the course page's tour.
  await context.clearCookies({ name: TOUR_PROMPTS_COOKIE });
  await signIn(page, "student@demo.test");
  await page.goto(COURSE_PAGE);
  const prompt = page.locator('[data-shell="toasts"] [role="status"]').filter({ hasText: "Want a tour?" });
  await expect(prompt).toBeVisible({ timeout: 10_000 });
  await prompt.getByRole("link", { name: "Start Tour" }).click();
  const dialog = tourDialog(page);
  await expect(dialog.getByRole("heading")).toHaveText("Course navigation", { timeout: 20_000 });

  const seen: string[] = [];
  for (let step = 0; step < 10; step += 1) {
    const title = (await dialog.getByRole("heading").textContent()) ?? "";
    seen.push(title);
    if (title === shown.title) break;
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.getByRole("heading")).not.toHaveText(title);
  }
  expect(seen).toContain(shown.title);
  expect(seen).not.toContain(missing.title);
  await expect(dialog).toContainText(shown.body);
  await expect(dialog).toContainText(`Step ${seen.length} of ${seen.length}`);
  await dialog.getByRole("button", { name: "Finish" }).click();
  await expect(dialog).toHaveCount(0);

  // The steps go again, so the course page's tour is as it was for every other test.
  await signOut(page);
  await signIn(page, "admin@demo.test");
  await removeStep(page, "online_course_experience", shown.title);
  await removeStep(page, "online_course_experience", missing.title);
});

test("an admin adds, moves and removes a step with plain forms", async ({ page, consoleWatch }) => {
  // Without JavaScript the refused selector comes back as the page of a 400 answer.
  consoleWatch.allow(/status of 400/);
  const step = { selector: '[data-tour="study-room-invite"]', title: `Invite ${tag()}`, body: "Ask a friend in." };
  await signIn(page, "admin@demo.test");
  await page.goto("/admin/site-tours");
  await page.getByRole("link", { name: "Study rooms" }).click();
  await expect(page).toHaveURL(/\/admin\/site-tours\/study_room$/);
  await addStep(page, "study_room", step);
  const heading = page.getByRole("heading", { name: new RegExp(`: ${step.title}$`) });
  await expect(heading).toBeVisible();

  const item = page.locator("li").filter({ has: heading });
  await item.getByRole("button", { name: /^Move up/ }).click();
  await expect(toast(page)).toContainText("Order saved.");

  // A selector the browser could never use is refused, with the reason, and nothing is added.
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Add the step" }) });
  await form.getByLabel("CSS selector of the element").fill("<div>");
  await form.getByLabel("Title").fill("Broken");
  await form.getByLabel("Text").fill("Never added.");
  await form.getByRole("button", { name: "Add the step" }).click();
  if (jsOn()) await expect.poll(() => form.getByLabel("CSS selector of the element").evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
  else await expect(page.getByText(/not markup/)).toBeVisible();
  await expect(page.getByRole("heading", { name: /: Broken$/ })).toHaveCount(0);

  await removeStep(page, "study_room", step.title);
});

test("the browser extension's version is read and shown on the user's page in the back office", async ({ page, browser, baseURL }) => {
  test.skip(!jsOn(), "The extension answers the page's script.");
  // A stand-in for the extension's content script: it answers the page's ping as the protocol says.
  await page.addInitScript(() => {
    window.addEventListener("message", (event) => {
      if (event.source === window && event.data?.type === "marketplace-extension:ping") window.postMessage({ type: "marketplace-extension:pong", version: "9.8.7" }, window.location.origin);
    });
  });
  // The first signed-in page asks, once the browser is idle.
  const reported = page.waitForResponse((response) => new URL(response.url()).pathname === "/platform" && response.request().method() === "PUT", { timeout: 45_000 });
  await signIn(page, "tutor@demo.test");
  expect((await reported).status()).toBe(200);

  const staff = await browser.newContext({ baseURL });
  const admin = await staff.newPage();
  await signIn(admin, "admin@demo.test");
  await admin.goto(`/admin?query=${encodeURIComponent("tutor@demo.test")}`);
  await userLink(admin).click();
  const browsers = admin.locator("section").filter({ has: admin.getByRole("heading", { name: "Browsers" }) });
  await expect(browsers).toContainText("version 9.8.7");
  await staff.close();
});
