import { describe, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { action as consentAction, loader as consentLoader } from "~/routes/cookie-consent";
import { action as trackingAction } from "~/routes/tracking_events";
import { useTestDatabase } from "../../support/database";
import { routeVisitor } from "../../support/route-visitor";

/** The cookie choice as a browser without JavaScript makes it, and what it lets through. */
useTestDatabase();

async function consentOnNextPage(browser: ReturnType<typeof routeVisitor>) {
  const answer = await browser.get(rootLoader, "/courses");
  expect(answer.status).toBe(200);
  return answer.data.consent;
}

const trackingEvent = (browser: ReturnType<typeof routeVisitor>) =>
  browser.call(trackingAction, "/tracking_events", {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ tracking_event: { type: "page_view", device_uuid: "consent-test" } }),
  });

describe("POST /cookie-consent", () => {
  it("starts unchosen (the bar shows), and refuses tracking events until analytics are allowed", async () => {
    const browser = routeVisitor();
    expect(await consentOnNextPage(browser)).toBeNull();
    const refused = await trackingEvent(browser);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.data)).toContain("Tracking is off until you allow it.");
  });

  const choices: [[string, string][], string, boolean][] = [
    [[["choice", "accept"]], "accepted", true],
    [[["choice", "reject"]], "rejected", false],
    [[["choice", "custom"], ["analytics", "on"]], "custom.analytics", true],
    [[["choice", "custom"]], "custom.necessary", false],
  ];
  it.each(choices)("stores %j as %s and goes back with a 303", async (fields, stored, analytics) => {
    const browser = routeVisitor();
    const answer = await browser.form(consentAction, "/cookie-consent", [...fields, ["redirectTo", "/university?x=1"]]);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/university?x=1");
    expect(browser.jar.get("cookie_consent")).toBe(stored);
    expect(await consentOnNextPage(browser)).toEqual({ analytics });
    expect((await trackingEvent(browser)).status).toBe(analytics ? 201 : 403);
  });

  it("can be changed later from the settings page, which shows the current choice", async () => {
    const browser = routeVisitor();
    await browser.form(consentAction, "/cookie-consent", [["choice", "accept"]]);
    expect((await browser.get(consentLoader, "/cookie-consent?redirectTo=/pricing")).data).toEqual({ consent: { choice: "accepted", analytics: true }, redirectTo: "/pricing" });
    await browser.form(consentAction, "/cookie-consent", [["choice", "custom"]]);
    expect((await browser.get(consentLoader, "/cookie-consent")).data.consent).toEqual({ choice: "custom", analytics: false });
    expect((await trackingEvent(browser)).status).toBe(403);
  });

  it("never goes to a foreign place, and refuses an unknown choice with nothing stored", async () => {
    const browser = routeVisitor();
    const away = await browser.form(consentAction, "/cookie-consent", [["choice", "accept"], ["redirectTo", "https://evil.example/"]]);
    expect(away.headers.get("Location")).toBe("/");
    const other = routeVisitor();
    const refused = await other.form(consentAction, "/cookie-consent", [["choice", "everything"]]);
    expect(refused.status).toBe(400);
    expect(other.jar.get("cookie_consent")).toBeUndefined();
  });
});
