import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserSession, SESSION_COOKIE } from "../../app/accounts/session.server";
import { useTestDatabase } from "../support/database";
import { startTestApp, visitor } from "../support/http-app";

/**
 * The admin area over HTTP (issue 3 item 7): who may list users, the admin page, and signing in
 * as another user and back, with new session ids at each switch and the audit trail.
 */
const database = useTestDatabase();
let app: Awaited<ReturnType<typeof startTestApp>>;
const ids: Record<"admin" | "student" | "manager" | "otherAdmin" | "deactivated", number> = {
  admin: 0,
  student: 0,
  manager: 0,
  otherAdmin: 0,
  deactivated: 0,
};

beforeAll(async () => {
  app = await startTestApp();
  const db = database().db;
  const find = async (email: string) => (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  ids.admin = await find("admin@demo.test");
  ids.student = await find("student@demo.test");
  ids.manager = await find("manager@demo.test");
  ids.otherAdmin = (
    await db
      .insertInto("users")
      .values({ email: "second-admin@example.test", first_name: "Second", last_name: "Admin", roles: ["admin"], user_type: "staff", password_hash: null })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  ids.deactivated = (
    await db
      .insertInto("users")
      .values({ email: "gone@example.test", first_name: "Gone", last_name: "Away", password_hash: null, deactivated_at: new Date() })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  await app?.close();
});

/** A fresh session for the user, as the value of the session cookie. */
async function sessionValue(userId: number) {
  const setCookie = await createUserSession({ userId, rememberMe: false, request: new Request("http://x") });
  return setCookie.split(";")[0]!.slice(SESSION_COOKIE.length + 1);
}

/** A browser signed in as the user: keeps cookies, follows nothing by itself. */
async function browserFor(userId: number | null) {
  const browser = visitor(app);
  if (userId !== null) browser.jar.set(SESSION_COOKIE, await sessionValue(userId));
  return browser;
}

function postForm(browser: ReturnType<typeof visitor>, pathname: string, csrfToken: string | undefined) {
  return browser.fetch(pathname, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
    body: new URLSearchParams({ csrf_token: csrfToken ?? "" }).toString(),
  });
}

/** A request with only this session cookie (to show an old cookie no longer opens anything). */
function withSessionCookie(pathname: string, value: string) {
  return app.fetch(pathname, { headers: { Accept: "text/html", Cookie: `${SESSION_COOKIE}=${value}` } });
}

/** Page text as read: React's <!-- --> markers between adjacent text parts removed. */
function text(html: string) {
  return html.replace(/<!-- -->/g, "");
}

function auditEvents(action: string) {
  return database().db.selectFrom("audit_events").selectAll().where("action", "=", action).orderBy("id").execute();
}

describe("listing users", () => {
  it("sends a guest asking GET /users to sign-in, and gives a guest 401 on the API", async () => {
    const page = await app.fetch("/users", { headers: { Accept: "application/json" } });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/users/sign_in?redirect_to=%2Fusers");

    const api = await app.fetch("/api/v1/users");
    expect(api.status).toBe(401);
    expect((await api.json()).errors[0].code).toBe("unauthenticated");
  });

  it.each([
    ["a student", "student"],
    ["a manager", "manager"],
  ] as const)("refuses %s with 403 on GET /users and GET /api/v1/users", async (_name, who) => {
    const browser = await browserFor(ids[who]);
    const page = await browser.fetch("/users", { headers: { Accept: "application/json" } });
    expect(page.status).toBe(403);
    const api = await browser.fetch("/api/v1/users");
    expect(api.status).toBe(403);
    expect((await api.json()).errors[0]).toMatchObject({ status: "403", code: "forbidden" });
  });

  it("gives an admin items and total on GET /users", async () => {
    const browser = await browserFor(ids.admin);
    const response = await browser.fetch("/users?query=MAYA&role=student", { headers: { Accept: "application/json" } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.total).toBe(1);
    expect(body.items).toEqual([expect.objectContaining({ id: ids.student, email: "student@demo.test", roles: [] })]);

    const all = await (await browser.fetch("/users", { headers: { Accept: "application/json" } })).json();
    const { n } = await database().db.selectFrom("users").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
    expect(all.total).toBe(n);
    expect(all.items).toHaveLength(Math.min(25, n));
  });

  it("gives an admin the document style with paging meta on GET /api/v1/users, and 400 for bad paging", async () => {
    const browser = await browserFor(ids.admin);
    const response = await browser.fetch("/api/v1/users?role=admin&per_page=1");
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.data).toHaveLength(1);
    expect(document.data[0]).toMatchObject({ type: "user", attributes: { roles: expect.arrayContaining(["admin"]) } });
    expect(document.data[0].attributes).not.toHaveProperty("password_hash");
    expect(document.meta).toEqual({ page: 1, per_page: 1, total: 2, total_pages: 2 });

    const bad = await browser.fetch("/api/v1/users?page=0");
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0]).toMatchObject({ code: "invalid_parameter", source: { parameter: "page" } });
  });
});

describe("the admin page", () => {
  it("lists users for an admin with a search form that works without JavaScript, and Sign in as only where allowed", async () => {
    const browser = await browserFor(ids.admin);
    const { response, html } = await browser.page("/admin?query=student%40demo.test");
    expect(response.status).toBe(200);
    expect(html).toMatch(/<form[^>]*method="get"/i);
    expect(html).toContain('name="query"');
    expect(html).toContain('for="user-query"');
    expect(html).toContain('for="user-role"');
    expect(html).toContain(`action="/admin/users/${ids.student}/sign_in_as"`);
    expect(html).toContain('name="csrf_token"');
    expect((await browser.page("/admin?query=manager%40demo.test")).html).toContain(`action="/admin/users/${ids.manager}/sign_in_as"`);

    // Admins (others and oneself) and deactivated accounts are listed without the button.
    const admins = await browser.page("/admin?role=admin");
    expect(text(admins.html)).toContain("2 users with role admin");
    expect(admins.html).not.toContain("sign_in_as");
    const deactivated = await browser.page("/admin?query=gone%40example.test");
    expect(deactivated.html).toContain("deactivated");
    expect(deactivated.html).not.toContain("sign_in_as");

    const search = await browser.page("/admin?query=tHoMpSoN&role=student");
    expect(search.html).toContain("Maya Thompson");
    expect(search.html).not.toContain("Alicia Moreau");
  });

  it("pages by 25", async () => {
    const browser = await browserFor(ids.admin);
    const { html } = await browser.page("/admin");
    const rows = html.match(/action="\/admin\/users\/\d+\/sign_in_as"/g) ?? [];
    expect(rows.length).toBeLessThanOrEqual(25);
    expect(html).toContain('rel="next"');
    const second = await browser.page("/admin?page=2");
    expect(text(second.html)).toContain("Page 2 of");
  });

  it("opens for a manager without the user directory", async () => {
    const browser = await browserFor(ids.manager);
    const { response, html } = await browser.page("/admin");
    expect(response.status).toBe(200);
    expect(html).not.toContain("sign_in_as");
    expect(html).not.toContain('name="query"');
  });

  it("shows a student the 403 page", async () => {
    const browser = await browserFor(ids.student);
    const { response, html } = await browser.page("/admin");
    expect(response.status).toBe(403);
    expect(html).toContain("You don&#x27;t have access to this page");
  });
});

describe("signing in as another user", () => {
  it("switches to a new session as the user and back to a new admin session, each old cookie dead, both audited", async () => {
    const browser = await browserFor(ids.admin);
    const adminCookie = browser.jar.get(SESSION_COOKIE)!;
    const { csrfToken } = await browser.page("/admin");
    const startsBefore = (await auditEvents("impersonation.start")).length;

    const start = await postForm(browser, `/admin/users/${ids.student}/sign_in_as`, csrfToken);
    expect(start.status).toBe(302);
    expect(start.headers.get("location")).toBe("/");
    const studentCookie = browser.jar.get(SESSION_COOKIE)!;
    expect(studentCookie).toBeTruthy();
    expect(studentCookie).not.toBe(adminCookie);

    // The admin's session ended: the cookie from before the switch opens nothing.
    const stale = await withSessionCookie("/admin", adminCookie);
    expect(stale.status).toBe(302);
    expect(stale.headers.get("location")).toMatch(/^\/users\/sign_in\?redirect_to=/);

    const sessions = await database().db.selectFrom("sessions").select(["user_id", "impersonator_id", "remember_me"]).where("user_id", "=", ids.student).where("impersonator_id", "=", ids.admin).execute();
    expect(sessions).toEqual([{ user_id: ids.student, impersonator_id: ids.admin, remember_me: false }]);

    const starts = await auditEvents("impersonation.start");
    expect(starts).toHaveLength(startsBefore + 1);
    expect(starts.at(-1)).toMatchObject({
      actor_id: ids.admin,
      method: "POST",
      path: `/admin/users/${ids.student}/sign_in_as`,
      details: { target_user_id: ids.student, target_email: "student@demo.test" },
    });

    // Now the student: / goes to their home, every page carries the banner with the way back.
    const home = await browser.fetch("/", { headers: { Accept: "text/html" } });
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/dashboard");
    const dashboard = await browser.page("/dashboard");
    expect(dashboard.response.status).toBe(200);
    expect(text(dashboard.html)).toMatch(/You are signed in as Maya .*\(student@demo\.test\)/);
    expect(dashboard.html).toContain('action="/admin/impersonation/stop"');
    expect(dashboard.html).toContain("Back to my account");
    const elsewhere = await browser.page("/courses");
    expect(text(elsewhere.html)).toMatch(/You are signed in as Maya .*\(student@demo\.test\)/);
    // …and the student cannot reach the admin area with the admin's powers.
    expect((await browser.page("/admin")).response.status).toBe(403);

    // Every change made meanwhile is on record with both ids (logged by the server adapter).
    const loggedBefore = (await auditEvents("impersonated.request")).length;
    const change = await browser.fetch("/tracking_events", {
      method: "PUT",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": dashboard.csrfToken ?? "" },
      body: JSON.stringify({ tracking_event: { type: "page_view" } }),
    });
    expect(change.status).toBe(201);
    const logged = await auditEvents("impersonated.request");
    expect(logged).toHaveLength(loggedBefore + 1);
    expect(logged.at(-1)).toMatchObject({ actor_id: ids.student, impersonator_id: ids.admin, method: "PUT", path: "/tracking_events" });

    const stopsBefore = (await auditEvents("impersonation.stop")).length;
    const stop = await postForm(browser, "/admin/impersonation/stop", dashboard.csrfToken);
    expect(stop.status).toBe(302);
    expect(stop.headers.get("location")).toBe("/admin");
    const backCookie = browser.jar.get(SESSION_COOKIE)!;
    expect(backCookie).toBeTruthy();
    expect([adminCookie, studentCookie]).not.toContain(backCookie);

    const staleStudent = await withSessionCookie("/dashboard", studentCookie);
    expect(staleStudent.status).toBe(302);
    expect(staleStudent.headers.get("location")).toMatch(/^\/users\/sign_in\?redirect_to=/);

    const adminAgain = await browser.page("/admin?query=student%40demo.test");
    expect(adminAgain.response.status).toBe(200);
    expect(text(adminAgain.html)).not.toContain("You are signed in as");
    expect(adminAgain.html).toContain(`action="/admin/users/${ids.student}/sign_in_as"`);

    const stops = await auditEvents("impersonation.stop");
    expect(stops).toHaveLength(stopsBefore + 1);
    expect(stops.at(-1)).toMatchObject({ actor_id: ids.admin, details: { target_user_id: ids.student } });
    const leftover = await database().db.selectFrom("sessions").select("user_id").where("impersonator_id", "=", ids.admin).execute();
    expect(leftover).toEqual([]);
  });

  it.each([
    ["another admin", "otherAdmin"],
    ["themself", "admin"],
    ["a deactivated user", "deactivated"],
  ] as const)("refuses an admin signing in as %s with 403, leaving the admin signed in", async (_name, who) => {
    const browser = await browserFor(ids.admin);
    const before = browser.jar.get(SESSION_COOKIE);
    const { csrfToken } = await browser.page("/admin");
    const response = await postForm(browser, `/admin/users/${ids[who]}/sign_in_as`, csrfToken);
    expect(response.status).toBe(403);
    expect(browser.jar.get(SESSION_COOKIE)).toBe(before);
    expect((await browser.page("/admin")).response.status).toBe(200);
    const impersonations = await database().db.selectFrom("sessions").select("user_id").where("user_id", "=", ids[who]).where("impersonator_id", "is not", null).execute();
    expect(impersonations).toEqual([]);
  });

  it("refuses a student with 403 and sends a guest to sign-in", async () => {
    const student = await browserFor(ids.student);
    const { csrfToken } = await student.page("/courses");
    const refused = await postForm(student, `/admin/users/${ids.manager}/sign_in_as`, csrfToken);
    expect(refused.status).toBe(403);

    const guest = await browserFor(null);
    const guestPage = await guest.page("/courses");
    const redirected = await postForm(guest, `/admin/users/${ids.manager}/sign_in_as`, guestPage.csrfToken);
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toMatch(/^\/users\/sign_in\?redirect_to=/);
    const sessions = await database().db.selectFrom("sessions").select("user_id").where("user_id", "=", ids.manager).where("impersonator_id", "is not", null).execute();
    expect(sessions).toEqual([]);
  });

  it.each(["99999999", "abc", "1e3"])("answers 404 for user id %s", async (id) => {
    const browser = await browserFor(ids.admin);
    const { csrfToken } = await browser.page("/courses");
    expect((await postForm(browser, `/admin/users/${id}/sign_in_as`, csrfToken)).status).toBe(404);
  });

  it("refuses a sign-in-as without the CSRF token before it runs", async () => {
    const browser = await browserFor(ids.admin);
    await browser.page("/courses");
    const impersonations = () => database().db.selectFrom("sessions").select("user_id").where("impersonator_id", "=", ids.admin).execute();
    const before = await impersonations();
    const response = await postForm(browser, `/admin/users/${ids.student}/sign_in_as`, undefined);
    expect(response.status).toBe(400);
    expect(await impersonations()).toEqual(before);
  });

  it("answers 409 to stop when the session is not an impersonation, and 405 to GET", async () => {
    const browser = await browserFor(ids.student);
    const { csrfToken } = await browser.page("/courses");
    const response = await postForm(browser, "/admin/impersonation/stop", csrfToken);
    expect(response.status).toBe(409);
    expect((await browser.page("/dashboard")).response.status).toBe(200);
    expect((await browser.fetch("/admin/impersonation/stop")).status).toBe(405);
    expect((await browser.fetch(`/admin/users/${ids.student}/sign_in_as`)).status).toBe(405);
  });
});
