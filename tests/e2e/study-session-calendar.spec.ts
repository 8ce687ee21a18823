import { readFile } from "node:fs/promises";
import ICAL from "ical.js";
import { signIn } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// The demo student's live sessions (server/seed/data/live-sessions.ts), dated relative to when the server started.
const LIVE_NOW = "MATH 137 Drop-in Office Hours (Live Now)";
const UPCOMING = "CS 135 Weekly Tutorial";
const PAST = "CHEM 212 Mock Exam Walkthrough";

function summaries(ics: string) {
  return new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent").map((event) => ({
    summary: String(event.getFirstPropertyValue("summary")),
    utc: (event.getFirstPropertyValue("dtstart") as ICAL.Time).zone?.tzid === "UTC",
  }));
}

test.describe("My live sessions and the calendar, without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "plain forms and links: checked with JavaScript off");

  test("the demo student finds their sessions from the dashboard, makes a private feed that calendar apps can read, and resets it", async ({ page, request }) => {
    await signIn(page, "student@demo.test");
    await page.goto("/dashboard");
    const section = page.getByRole("region", { name: "Your live sessions" });
    await expect(section.getByRole("link", { name: LIVE_NOW, exact: true })).toBeVisible();
    await section.getByRole("link", { name: /See all your live sessions/ }).click();

    await expect(page.getByRole("heading", { level: 1, name: "My live sessions" })).toBeVisible();
    for (const [group, title] of [
      ["Live now", LIVE_NOW],
      ["Upcoming", UPCOMING],
      ["Past", PAST],
    ]) {
      await expect(page.getByRole("region", { name: group }).getByRole("link", { name: title, exact: true })).toHaveAttribute("href", /^\/study-sessions\/\d+$/);
    }

    await page.getByRole("button", { name: "Create feed link" }).click();
    await expect(page.getByText("Your calendar feed link is ready.")).toBeVisible();
    const field = page.getByLabel("Your private feed link");
    const feedUrl = await field.inputValue();
    expect(feedUrl).toMatch(/\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);

    // A calendar app fetches it without the browser's cookies (the request fixture has none).
    const feed = await request.get(feedUrl);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(feed.headers()["cache-control"]).toMatch(/^private/);
    const events = summaries(await feed.text());
    for (const title of [LIVE_NOW, UPCOMING, PAST]) expect(events.some((event) => event.summary.startsWith(title))).toBe(true);
    expect(events.every((event) => event.utc)).toBe(true);

    await page.getByRole("button", { name: "Reset link" }).click();
    await expect(page.getByText("The old link no longer works.")).toBeVisible();
    const newUrl = await page.getByLabel("Your private feed link").inputValue();
    expect(newUrl).not.toBe(feedUrl);
    expect((await request.get(feedUrl)).status()).toBe(404);
    expect((await request.get(newUrl)).status()).toBe(200);
  });

  test("Add to calendar from the list downloads the session's .ics", async ({ page }) => {
    await signIn(page, "student@demo.test");
    await page.goto("/study-sessions");
    const upcoming = page.getByRole("region", { name: "Upcoming" });
    const [download] = await Promise.all([page.waitForEvent("download"), upcoming.getByRole("link", { name: new RegExp(`^Add to calendar\\s*:\\s*${UPCOMING}$`) }).click()]);
    expect(download.suggestedFilename()).toMatch(/^cs-135-weekly-tutorial-\d+\.ics$/);
    const events = summaries(await readFile((await download.path())!, "utf8"));
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.summary.startsWith(UPCOMING) && event.utc)).toBe(true);
  });
});
