import type { Page, Request, Response } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/**
 * Consent-gated tracking (SPEC §1, §7, §9): nothing is sent before the visitor allows analytics;
 * afterwards page views, landing-page views and searches go to /tracking_events with one device id.
 */

interface StoredEvent {
  type: string;
  target_id: string | null;
  target_type: string | null;
  device_uuid: string | null;
  parameters: Record<string, unknown>;
}

const isTracking = (url: string) => new URL(url).pathname.startsWith("/tracking_events");

/** Every call to the tracking endpoints this page makes, beacons included. */
function recordTracking(page: Page): Request[] {
  const sent: Request[] = [];
  page.on("request", (request) => {
    if (isTracking(request.url())) sent.push(request);
  });
  return sent;
}

/**
 * The events the endpoint stored for this page, as it answered them (201 with the row it
 * inserted). A beacon's body is not shown to the test, its answer is.
 */
function recordStored(page: Page): StoredEvent[] {
  const stored: StoredEvent[] = [];
  page.on("response", async (response) => {
    if (!isTracking(response.url())) return;
    expect(response.status()).toBe(201);
    const event = await storedEvent(response);
    if (event) stored.push(event);
  });
  return stored;
}

/** The stored event an answer carries; null for other answers, and for one whose page has been left (its body is gone). */
async function storedEvent(response: Response): Promise<StoredEvent | null> {
  if (!isTracking(response.url()) || response.status() !== 201) return null;
  try {
    return ((await response.json()) as { data: { attributes: StoredEvent } }).data.attributes;
  } catch {
    return null;
  }
}

const consentBar = (page: Page) => page.getByRole("region", { name: "Cookies on this site" });

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "tracking runs in the browser");

  test("without consent no tracking request is sent on any page", async ({ page }) => {
    const sent = recordTracking(page);
    for (const path of ["/", "/university", "/pricing", "/courses", "/referral"]) {
      await page.goto(path);
      await expect(consentBar(page)).toBeVisible();
      // Longer than the first page's 1 s delay.
      await page.waitForTimeout(1_500);
    }
    await page.goto("/search");
    await page.locator("main").getByRole("searchbox").pressSequentially("calculus", { delay: 30 });
    await page.waitForTimeout(2_500);
    expect(sent.map((request) => request.url())).toEqual([]);
  });

  test("after accepting, three landing pages record three page views with one device id, and a search typed quickly is one event", async ({ page }) => {
    const stored = recordStored(page);
    await page.goto("/courses");
    await consentBar(page).getByRole("button", { name: "Allow analytics" }).click();
    await expect(consentBar(page)).toHaveCount(0);

    const pages = [
      ["/university", "university"],
      ["/for-parents", "parents"],
      ["/referral", "referral"],
    ] as const;
    for (const [path, name] of pages) {
      // Sent 1 s after the page shows (the first page of each load); the test reads both answers
      // before moving on, as a page's answers cannot be read once it is left.
      const answered = (type: string, target: string) =>
        page.waitForResponse(async (response) => {
          const event = await storedEvent(response);
          return event?.type === type && event.target_id === target;
        });
      const views = Promise.all([answered("page_view", path), answered("landing_page_view", name)]);
      await page.goto(path);
      await views;
    }
    await expect.poll(() => stored.filter((event) => event.type === "page_view" && pages.some(([path]) => event.target_id === path)).length).toBe(3);
    const ours = stored.filter((event) => pages.some(([path, name]) => event.target_id === path || event.target_id === name));
    expect(ours.map((event) => event.type).sort()).toEqual(["landing_page_view", "landing_page_view", "landing_page_view", "page_view", "page_view", "page_view"]);
    const devices = new Set(ours.map((event) => event.device_uuid));
    expect(devices.size).toBe(1);
    const [device] = devices;
    expect(device).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await page.evaluate(() => localStorage.getItem("device_uuid"))).toBe(device);

    await page.goto("/search");
    await expect.poll(() => stored.some((event) => event.type === "page_view" && event.target_id === "/search")).toBe(true);
    const before = stored.length;
    await page.locator("main").getByRole("searchbox").pressSequentially("organic chemistry", { delay: 40 });
    // Past the 2 s pause, with room for the answer.
    await page.waitForTimeout(3_500);
    const searches = stored.slice(before).filter((event) => event.type === "search");
    expect(searches).toHaveLength(1);
    expect(searches[0]).toMatchObject({ device_uuid: device, parameters: { query: "organic chemistry", in: "course" } });
  });

  test("the choice is changed from the footer's Cookie settings, and tracking stops", async ({ page }) => {
    const sent = recordTracking(page);
    await page.goto("/pricing");
    await consentBar(page).getByRole("button", { name: "Allow analytics" }).click();
    await expect(consentBar(page)).toHaveCount(0);
    await page.locator("footer").getByRole("link", { name: "Cookie settings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Cookie settings" })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Analytics" })).toBeChecked();
    // A slow answer after the choice: the page's own view is due while the server already holds
    // "only necessary", and must not be sent (the server would refuse it).
    await page.route(/\.data(\?|$)/, async (route) => {
      if (route.request().method() === "GET") await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.getByRole("button", { name: "Only necessary" }).click();
    await expect(page.getByText("Saved: only necessary cookies.")).toBeVisible();
    const after = sent.length;
    await page.goto("/university");
    await page.waitForTimeout(1_500);
    expect(sent.slice(after)).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the plain forms");

  test("the consent bar's form and the settings page set the choice, and the bar is gone after a reload", async ({ page, context }) => {
    await page.goto("/university");
    await consentBar(page).getByRole("button", { name: "Only necessary" }).click();
    await expect(page).toHaveURL(/\/university$/);
    await page.reload();
    await expect(consentBar(page)).toHaveCount(0);
    const consent = async () => (await context.cookies()).find((cookie) => cookie.name === "cookie_consent")?.value;
    expect(await consent()).toBe("rejected");

    await page.goto("/cookie-consent");
    await page.getByRole("checkbox", { name: "Analytics" }).check();
    await page.getByRole("button", { name: "Save my choice" }).click();
    expect(await consent()).toBe("custom.analytics");
    await page.goto("/cookie-consent");
    await expect(page.getByText("You allow analytics cookies.")).toBeVisible();
  });
});
