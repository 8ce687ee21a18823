import AxeBuilder from "@axe-core/playwright";
import { signIn, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// Demo live sessions (server/seed/data/live-sessions.ts), dated relative to when the server started.
const FREE_UPCOMING = "Free Calculus Study Skills Workshop";
const LIVE_NOW = "MATH 137 Drop-in Office Hours (Live Now)";
const UPCOMING_ENROLLED = "CS 135 Weekly Tutorial";
const PAST_WITH_RECORDING = "CHEM 212 Mock Exam Walkthrough";
const EXPIRED = "MATH 135 Midterm Review (Archived)";
const REGISTERED = "Thanks for signing up. You should receive a confirmation email shortly.";

/** Finds a session's page from the demo student's school page (both are public) and opens it. */
async function openFromSchool(page: import("@playwright/test").Page, title: string) {
  await page.goto("/live-prep/schools/waterloo");
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

test.describe("the study session page without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "plain forms and links: checked with JavaScript off");

  test("a guest opens a free session from a school page, signs up inside the registration form and is registered", async ({ page }, testInfo) => {
    await openFromSchool(page, FREE_UPCOMING);
    await expect(page.getByText("Free", { exact: true })).toBeVisible();
    await expect(page.getByText("Upcoming", { exact: true }).first()).toBeVisible();
    await page.getByLabel("First name").fill("Jordan");
    await page.getByLabel("Last name").fill("Lee");
    const email = uniqueEmail("session-guest", testInfo.project.name);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("session-password-1");
    await page.getByLabel("Your course (optional)").selectOption({ label: "MATH 137 Calculus 1 for Honours Mathematics" });
    await page.getByLabel("Phone number (optional)").fill("519 555 0100");
    await page.getByRole("button", { name: "Register for free" }).click();
    await expect(page.getByText(REGISTERED)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("heading", { name: "You're registered" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Add to calendar" })).toHaveAttribute("href", /\/study-sessions\/\d+\/calendar\.ics$/);
    await expect(page.getByRole("button", { name: "Register for free" })).toHaveCount(0);

    // The confirmation is in the mailbox, with the session's calendar file attached.
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await page.getByRole("link", { name: /You are registered for/ }).first().click();
    const attachment = page.getByRole("region", { name: "Attachments" }).getByRole("link", { name: /\.ics/ });
    await expect(attachment).toHaveCount(1);
    const ics = await page.request.get((await attachment.getAttribute("href"))!);
    expect(ics.headers()["content-type"]).toMatch(/^text\/calendar/);
    expect(await ics.text()).toMatch(/BEGIN:VEVENT[\s\S]*DTSTART:\d{8}T\d{6}Z/);
  });

  test("the demo student sees Join on the live session and not on an upcoming one", async ({ page }) => {
    await signIn(page, "student@demo.test");
    await openFromSchool(page, LIVE_NOW);
    await expect(page.getByText("Live now", { exact: true }).first()).toBeVisible();
    const join = page.getByRole("link", { name: "Join", exact: true });
    await expect(join).toBeVisible();
    await join.click();
    // No Zoom account in tests: the built-in meeting room.
    await expect(page).toHaveURL(/\/meetings\/emu-[0-9a-f]{24}$/);
    await expect(page.getByRole("heading", { level: 1, name: LIVE_NOW })).toBeVisible();
    await expect(page.getByText(/cannot show video or sound/)).toBeVisible();

    await openFromSchool(page, UPCOMING_ENROLLED);
    await expect(page.getByRole("heading", { name: "You're registered" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Join", exact: true })).toHaveCount(0);
    await expect(page.getByText(/The Join link opens/)).toBeVisible();
  });

  test("a past session's recording plays while access lasts; after expiry there is none", async ({ page }) => {
    await signIn(page, "student@demo.test");
    await page.goto(await sessionHref(page, PAST_WITH_RECORDING));
    await expect(page.getByText("Past", { exact: true }).first()).toBeVisible();
    const video = page.locator("video");
    await expect(video).toHaveCount(1);
    const src = await video.getAttribute("src");
    expect(src).toMatch(/^\/study-sessions\/\d+\/attachments\/\d+$/);
    const ranged = await page.request.get(src!, { headers: { Range: "bytes=0-1023" } });
    expect([200, 206]).toContain(ranged.status());
    expect(ranged.headers()["content-type"]).toBe("video/mp4");
    expect(ranged.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByRole("link", { name: /Practice booklet/ })).toBeVisible();
    await expect(page.getByText(/Your access to the material lasts until/)).toBeVisible();

    await page.goto(await sessionHref(page, EXPIRED));
    await expect(page.getByText(/Your access ended on/)).toBeVisible();
    await expect(page.locator("video")).toHaveCount(0);
  });
});

test("with JavaScript, the recording plays, times show in the viewer's zone and the page has no serious accessibility violations", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "playback and local times need the page's script");
  await signIn(page, "student@demo.test");
  await page.goto(await sessionHref(page, PAST_WITH_RECORDING));
  // The browser rewrites UTC times in its own zone, naming it.
  await expect(page.locator("time").first()).toHaveText(/\(.+\)$/);
  const video = page.locator("video");
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
  expect(await video.evaluate((element: HTMLVideoElement) => element.error?.code ?? null)).toBeNull();
  const results = await new AxeBuilder({ page }).include("main").analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
});

/** The page of a demo session the student is registered for, from their "My live sessions" list. */
async function sessionHref(page: import("@playwright/test").Page, title: string) {
  await page.goto("/study-sessions");
  const href = await page.getByRole("link", { name: title }).first().getAttribute("href");
  expect(href).toMatch(/^\/study-sessions\/\d+$/);
  return href!;
}
