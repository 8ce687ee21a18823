import { describe, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { action as bannerAction, loader as bannerLoader } from "~/routes/site-banner";
import { action as themeAction, loader as themeLoader } from "~/routes/theme";
import { action as signOutAction } from "~/routes/users+/sign_out";
import { currentBanner, SITE_BANNER_COOKIE } from "~/shell/site-banner";
import { currentSession, currentSessionWith, SESSION_COOKIE } from "~/accounts/session.server";
import { unreadChatMessageCount } from "~/chats/chats.server";
import { unreadNotificationCount } from "~/notifications/notifications.server";
import { shellRead } from "~/shell/shell-read.server";
import { useTestDatabase } from "../../support/database";
import { routeAnswer } from "../../support/route-answer";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";

/** The shell's forms and the state every page gets from the root loader, as a browser without JavaScript uses them. */
const database = useTestDatabase();

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

describe("a signed-in user's shell", () => {
  async function student() {
    const user = await database().db.selectFrom("users").select(["id", "school_id"]).where("email", "=", "student@demo.test").executeTakeFirstOrThrow();
    return { ...user, session: await sessionCookieFor(user.id) };
  }

  it("comes back with the session in one query: badges, courses menu and the realtime resume point", async () => {
    const { id, school_id, session } = await student();
    const db = database().db;
    const [notifications, chats, school, latest] = await Promise.all([
      unreadNotificationCount(db, id),
      unreadChatMessageCount(id, db),
      db.selectFrom("schools").select("school_type").where("id", "=", school_id!).executeTakeFirstOrThrow(),
      db.selectFrom("realtime_events").select((eb) => eb.fn.max("id").as("last")).executeTakeFirst(),
    ]);
    const answer = await routeVisitor({ session }).get(rootLoader, "/dashboard");
    expect(answer.queries).toBe(1);
    expect(answer.data.currentUser.id).toBe(id);
    expect(answer.data.realtime).toMatchObject({ userId: id, unreadNotifications: notifications, unreadChatMessages: chats, lastEventId: latest?.last ? String(latest.last) : null });
    expect(answer.data.shell.courses.schoolType).toBe(school.school_type);
  });

  it("reads the same shell with a second query when the page's own loader looked the session up first", async () => {
    const { session } = await student();
    const request = new Request("http://app.test/dashboard", { headers: { Cookie: `${SESSION_COOKIE}=${session}` } });
    const read = shellRead({ tours: true });
    const together = await routeAnswer(() => currentSessionWith(request, read));
    const apart = await routeAnswer(async () => {
      await currentSession(request);
      return currentSessionWith(request, read);
    });
    expect(together.queries).toBe(1);
    expect(apart.queries).toBe(2);
    expect(apart.data).toEqual(together.data);
  });

  it("is null for a cookie that names no session, after one query", async () => {
    const request = new Request("http://app.test/dashboard", { headers: { Cookie: `${SESSION_COOKIE}=no-such-session` } });
    const answer = await routeAnswer(() => currentSessionWith(request, shellRead({ tours: true })));
    expect(answer.data).toBeNull();
    expect(answer.queries).toBe(1);
  });
});
