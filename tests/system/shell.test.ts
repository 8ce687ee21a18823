import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentBanner } from "../../app/shell/site-banner";
import { useTestDatabase } from "../support/database";
import { startTestApp, visitor } from "../support/http-app";

/** The shell's forms and server-rendered state over HTTP, as a browser without JavaScript uses them. */
useTestDatabase();
let app: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function guest() {
  const browser = visitor(app);
  const { csrfToken } = await browser.page("/courses");
  const post = (pathname: string, fields: [string, string][]) =>
    browser.fetch(pathname, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: new URLSearchParams([["csrf_token", csrfToken!], ...fields]).toString(),
    });
  return Object.assign(browser, { post });
}

describe("POST /theme", () => {
  it("stores dark mode in a cookie, goes back, and the next page renders dark", async () => {
    const browser = await guest();
    const response = await browser.post("/theme", [["appearance", "dark"], ["redirectTo", "/courses?school=waterloo"]]);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/courses?school=waterloo");
    expect(browser.jar.get("theme")).toBe("dark");
    const { html } = await browser.page("/courses");
    expect(html).toMatch(/<html lang="en" class="dark"/);
    expect(html).toContain("Switch to light mode");
  });

  it.each([
    ["https://evil.example/", "/"],
    ["//evil.example", "/"],
    ["", "/"],
  ])("never goes to a foreign place (%s → %s)", async (target, location) => {
    const browser = await guest();
    const response = await browser.post("/theme", [["appearance", "dark"], ["redirectTo", target]]);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(location);
  });

  it("reads anything but dark as light", async () => {
    const browser = await guest();
    await browser.post("/theme", [["appearance", "<script>"]]);
    expect(browser.jar.get("theme")).toBe("light");
  });

  it("refuses a post without the CSRF token, and answers 405 to GET", async () => {
    const response = await app.fetch("/theme", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "appearance=dark" });
    expect(response.status).toBe(400);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("theme="))).toBe(false);
    expect((await app.fetch("/theme")).status).toBe(405);
  });
});

describe("site banner", () => {
  it("shows until dismissed, then stays dismissed for this browser", async () => {
    const browser = await guest();
    const banner = currentBanner(new Date());
    expect((await browser.page("/courses")).html).toContain("Dismiss announcement");
    const response = await browser.post("/site-banner", [["redirectTo", "/courses"]]);
    expect(response.status).toBe(302);
    expect(browser.jar.get("site_banner")).toBe(banner.id);
    expect((await browser.page("/courses")).html).not.toContain("Dismiss announcement");
    // Another browser still sees it (the guest page cache keeps the two apart).
    expect((await visitor(app).page("/courses")).html).toContain("Dismiss announcement");
  });
});

describe("toasts and dialogs", () => {
  it("shows the sign-out toast once on the next page", async () => {
    const browser = await guest();
    const response = await browser.post("/users/sign_out", []);
    expect(response.status).toBe(302);
    const first = await browser.page("/");
    expect(first.html).toContain("You are signed out.");
    expect(first.html).toContain('data-toast-type="success"');
    const second = await browser.page("/");
    expect(second.html).not.toContain("You are signed out.");
  });

  it("renders the privacy dialog open for ?privacyPolicy, with a Close link back to the page", async () => {
    const { response, html } = await visitor(app).page("/courses?privacyPolicy&school=waterloo");
    expect(response.status).toBe(200);
    expect(html).toMatch(/<dialog open="" class="page-dialog"/);
    expect(html).toContain("We never sell your personal information.");
    expect(html).toContain('href="/courses?school=waterloo"');
    expect((await visitor(app).page("/courses")).html).not.toContain("<dialog");
  });
});
