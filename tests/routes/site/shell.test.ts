import { describe, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { action as bannerAction, loader as bannerLoader } from "~/routes/site-banner";
import { action as themeAction, loader as themeLoader } from "~/routes/theme";
import { action as signOutAction } from "~/routes/users+/sign_out";
import { currentBanner, SITE_BANNER_COOKIE } from "~/shell/site-banner";
import { useTestDatabase } from "../../support/database";
import { routeVisitor } from "../../support/route-visitor";

/** The shell's forms and the state every page gets from the root loader, as a browser without JavaScript uses them. */
useTestDatabase();

/** What the root loader gives the next page this browser opens. */
async function nextPage(browser: ReturnType<typeof routeVisitor>, path = "/courses") {
  const answer = await browser.get(rootLoader, path);
  expect(answer.status).toBe(200);
  return answer.data;
}

describe("POST /theme", () => {
  it("stores dark mode in a cookie, goes back, and the next page renders dark", async () => {
    const browser = routeVisitor();
    expect((await nextPage(browser)).appearance).toBe("light");
    const answer = await browser.form(themeAction, "/theme", [["appearance", "dark"], ["redirectTo", "/courses?school=waterloo"]]);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/courses?school=waterloo");
    expect(browser.jar.get("theme")).toBe("dark");
    expect((await nextPage(browser)).appearance).toBe("dark");
  });

  it.each([
    ["https://evil.example/", "/"],
    ["//evil.example", "/"],
    ["", "/"],
  ])("never goes to a foreign place (%s → %s)", async (target, location) => {
    const answer = await routeVisitor().form(themeAction, "/theme", [["appearance", "dark"], ["redirectTo", target]]);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(location);
  });

  it("reads anything but dark as light", async () => {
    const browser = routeVisitor();
    await browser.form(themeAction, "/theme", [["appearance", "<script>"]]);
    expect(browser.jar.get("theme")).toBe("light");
  });

  it("answers 405 to GET", async () => {
    const answer = await routeVisitor().get(themeLoader, "/theme");
    expect(answer.status).toBe(405);
    expect(answer.headers.get("Allow")).toBe("POST");
  });
});

describe("site banner", () => {
  it("shows until dismissed, then stays dismissed for this browser", async () => {
    const browser = routeVisitor();
    const banner = currentBanner(new Date());
    expect((await nextPage(browser)).shell.banner).toMatchObject({ id: banner.id, message: banner.message });
    const answer = await browser.form(bannerAction, "/site-banner", [["redirectTo", "/courses"]]);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/courses");
    expect(browser.jar.get(SITE_BANNER_COOKIE)).toBe(banner.id);
    expect((await nextPage(browser)).shell.banner).toBeNull();
    // Another browser still sees it.
    expect((await nextPage(routeVisitor())).shell.banner).toMatchObject({ id: banner.id });
    expect((await browser.get(bannerLoader, "/site-banner")).status).toBe(405);
  });
});

describe("toasts and dialogs", () => {
  it("shows the sign-out toast once on the next page", async () => {
    const browser = routeVisitor();
    const answer = await browser.form(signOutAction, "/users/sign_out", []);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/");
    expect((await nextPage(browser, "/")).shell.toast).toMatchObject({ type: "success", message: "You are signed out. See you soon!" });
    expect((await nextPage(browser, "/")).shell.toast).toBeNull();
  });

  it("opens the privacy dialog for ?privacyPolicy, and only then", async () => {
    const shell = (await nextPage(routeVisitor(), "/courses?privacyPolicy&school=waterloo")).shell;
    expect(JSON.stringify(shell.privacyDialog)).toContain("We never sell your personal information.");
    expect((await nextPage(routeVisitor(), "/courses")).shell.privacyDialog).toBeNull();
  });
});
