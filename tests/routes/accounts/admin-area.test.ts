import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as adminPage } from "~/routes/admin+/_index";
import { action as stopImpersonation, loader as stopImpersonationPage } from "~/routes/admin+/impersonation.stop";
import { action as signInAs, loader as signInAsPage } from "~/routes/admin+/users.$id.sign_in_as";
import { loader as usersApi } from "~/routes/api+/v1+/users+/_index";
import { loader as dashboard } from "~/routes/dashboard";
import { loader as courses } from "~/routes/courses+/_index";
import { loader as home } from "~/routes/_index";
import { loader as usersPage } from "~/routes/users+/_index";
import { loader as root } from "~/root";
import { useTestDatabase } from "../../support/database";
import type { RouteAnswer } from "../../support/route-answer";
import { routeVisitor, sessionCookieFor, type RouteVisitor } from "../../support/route-visitor";

/**
 * The admin area: who may list users, the admin page, and signing in as another user and back,
 * with new session ids at each switch and the audit trail, as the routes answer.
 */
const database = useTestDatabase();
const db = () => database().db;
const ids: Record<"admin" | "student" | "manager" | "otherAdmin" | "deactivated", number> = {
  admin: 0,
  student: 0,
  manager: 0,
  otherAdmin: 0,
  deactivated: 0,
};

beforeAll(async () => {
  const find = async (email: string) => (await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  ids.admin = await find("admin@demo.test");
  ids.student = await find("student@demo.test");
  ids.manager = await find("manager@demo.test");
  ids.otherAdmin = (
    await db()
      .insertInto("users")
      .values({ email: "second-admin@example.test", first_name: "Second", last_name: "Admin", roles: ["admin"], user_type: "staff", password_hash: null })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  ids.deactivated = (
    await db()
      .insertInto("users")
      .values({ email: "gone@example.test", first_name: "Gone", last_name: "Away", password_hash: null, deactivated_at: new Date() })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
});

/** A browser signed in as the user (a guest for null): keeps cookies, follows nothing by itself. */
async function browserFor(userId: number | null) {
  return routeVisitor({ session: userId === null ? undefined : await sessionCookieFor(userId) });
}

const postSignInAs = (person: RouteVisitor, id: number | string) => person.form(signInAs, `/admin/users/${id}/sign_in_as`, {}, { params: { id: String(id) } });

const openAdmin = (person: RouteVisitor, search = "") => person.get(adminPage, `/admin${search}`);

/** Only this session cookie (to show an old cookie no longer opens anything). */
const withSession = (session: string) => routeVisitor({ session });

/** Who every page says is signed in (the app bar and the impersonation banner read it). */
async function currentUserOn(person: RouteVisitor, path: string) {
  return (await person.get(root, path)).data.currentUser;
}

type Row = { id: number; name: string; email: string; deactivated: boolean; canImpersonate: boolean };
/** The users the admin page lists. */
const rows = (answer: RouteAnswer): Row[] => answer.data.directory.users;

function auditEvents(action: string) {
  return db().selectFrom("audit_events").selectAll().where("action", "=", action).orderBy("id").execute();
}

describe("listing users", () => {
  it("sends a guest asking GET /users to sign-in, and gives a guest 401 on the API", async () => {
    const guest = await browserFor(null);
    const page = await guest.call(usersPage, "/users", { headers: { Accept: "application/json" } });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/users/sign_in?redirect_to=%2Fusers");

    const api = await guest.api(usersApi, "GET", "/api/v1/users");
    expect(api.status).toBe(401);
    expect(api.data.errors[0].code).toBe("unauthenticated");
  });

  it.each([
    ["a student", "student"],
    ["a manager", "manager"],
  ] as const)("refuses %s with 403 on GET /users and GET /api/v1/users", async (_name, who) => {
    const person = await browserFor(ids[who]);
    const page = await person.call(usersPage, "/users", { headers: { Accept: "application/json" } });
    expect(page.status).toBe(403);
    const api = await person.api(usersApi, "GET", "/api/v1/users");
    expect(api.status).toBe(403);
    expect(api.data.errors[0]).toMatchObject({ status: "403", code: "forbidden" });
  });

  it("gives an admin items and total on GET /users", async () => {
    const person = await browserFor(ids.admin);
    const response = await person.call(usersPage, "/users?query=MAYA&role=student", { headers: { Accept: "application/json" } });
    expect(response.status).toBe(200);
    expect(response.data.total).toBe(1);
    expect(response.data.items).toEqual([expect.objectContaining({ id: ids.student, email: "student@demo.test", roles: [] })]);

    const all = (await person.call(usersPage, "/users", { headers: { Accept: "application/json" } })).data;
    const { n } = await db().selectFrom("users").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
    expect(all.total).toBe(n);
    expect(all.items).toHaveLength(Math.min(25, n));
  });

  it("gives an admin the document style with paging meta on GET /api/v1/users, and 400 for bad paging", async () => {
    const person = await browserFor(ids.admin);
    const response = await person.api(usersApi, "GET", "/api/v1/users?role=admin&per_page=1");
    expect(response.status).toBe(200);
    const document = response.data;
    expect(document.data).toHaveLength(1);
    expect(document.data[0]).toMatchObject({ type: "user", attributes: { roles: expect.arrayContaining(["admin"]) } });
    expect(document.data[0].attributes).not.toHaveProperty("password_hash");
    expect(document.meta).toEqual({ page: 1, per_page: 1, total: 2, total_pages: 2 });

    const bad = await person.api(usersApi, "GET", "/api/v1/users?page=0");
    expect(bad.status).toBe(400);
    expect(bad.data.errors[0]).toMatchObject({ code: "invalid_parameter", source: { parameter: "page" } });
  });
});

describe("the admin page", () => {
  it("lists users for an admin with the search and role filter, and Sign in as only where allowed", async () => {
    const person = await browserFor(ids.admin);
    const page = await openAdmin(person, "?query=student%40demo.test");
    expect(page.status).toBe(200);
    expect(page.data.directory).toMatchObject({ query: "student@demo.test", role: "" });
    expect(rows(page)).toContainEqual(expect.objectContaining({ id: ids.student, canImpersonate: true }));
    expect(rows(await openAdmin(person, "?query=manager%40demo.test"))).toContainEqual(expect.objectContaining({ id: ids.manager, canImpersonate: true }));

    // Admins (others and oneself) and deactivated accounts are listed without the button.
    const admins = await openAdmin(person, "?role=admin");
    expect(admins.data.directory).toMatchObject({ total: 2, role: "admin" });
    expect(rows(admins).map((row) => row.id).sort()).toEqual([ids.admin, ids.otherAdmin].sort());
    expect(rows(admins).some((row) => row.canImpersonate)).toBe(false);
    const deactivated = rows(await openAdmin(person, "?query=gone%40example.test"));
    expect(deactivated).toEqual([expect.objectContaining({ id: ids.deactivated, deactivated: true, canImpersonate: false })]);

    const names = rows(await openAdmin(person, "?query=tHoMpSoN&role=student")).map((row) => row.name);
    expect(names).toContain("Maya Thompson");
    expect(names).not.toContain("Alicia Moreau");
  });

  it("pages by 25", async () => {
    const person = await browserFor(ids.admin);
    const first = await openAdmin(person);
    expect(rows(first).length).toBeLessThanOrEqual(25);
    expect(first.data.directory.pageCount).toBeGreaterThan(1);
    const second = await openAdmin(person, "?page=2");
    expect(second.data.directory).toMatchObject({ page: 2, pageCount: first.data.directory.pageCount });
    expect(rows(second).map((row) => row.id)).not.toContain(rows(first)[0]!.id);
  });

  it("opens for a manager without the user directory", async () => {
    const page = await openAdmin(await browserFor(ids.manager));
    expect(page.status).toBe(200);
    expect(page.data.directory).toBeNull();
  });

  it("shows a student the 403 page", async () => {
    const page = await openAdmin(await browserFor(ids.student));
    expect(page.status).toBe(403);
    expect(page.data).toContain("You don't have access to this page");
  });
});

describe("signing in as another user", () => {
  it("switches to a new session as the user and back to a new admin session, each old cookie dead, both audited", async () => {
    const person = await browserFor(ids.admin);
    const adminCookie = person.session!;
    const startsBefore = (await auditEvents("impersonation.start")).length;

    const start = await postSignInAs(person, ids.student);
    expect(start.status).toBe(302);
    expect(start.headers.get("Location")).toBe("/");
    const studentCookie = person.session!;
    expect(studentCookie).toBeTruthy();
    expect(studentCookie).not.toBe(adminCookie);

    // The admin's session ended: the cookie from before the switch opens nothing.
    const stale = await openAdmin(withSession(adminCookie));
    expect(stale.status).toBe(302);
    expect(stale.headers.get("Location")).toMatch(/^\/users\/sign_in\?redirect_to=/);

    const sessions = await db().selectFrom("sessions").select(["user_id", "impersonator_id", "remember_me"]).where("user_id", "=", ids.student).where("impersonator_id", "=", ids.admin).execute();
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
    const homePage = await person.get(home, "/");
    expect(homePage.status).toBe(302);
    expect(homePage.headers.get("Location")).toBe("/dashboard");
    expect((await person.get(dashboard, "/dashboard")).status).toBe(200);
    for (const path of ["/dashboard", "/courses"]) {
      const banner = await currentUserOn(person, path);
      expect(banner).toMatchObject({ id: ids.student, email: "student@demo.test", impersonatorId: ids.admin });
      expect(banner.displayName).toMatch(/^Maya /);
    }
    expect((await person.get(courses, "/courses")).status).toBe(200);
    // …and the student cannot reach the admin area with the admin's powers.
    expect((await openAdmin(person)).status).toBe(403);

    const stopsBefore = (await auditEvents("impersonation.stop")).length;
    const stop = await person.form(stopImpersonation, "/admin/impersonation/stop", {});
    expect(stop.status).toBe(302);
    expect(stop.headers.get("Location")).toBe("/admin");
    const backCookie = person.session!;
    expect(backCookie).toBeTruthy();
    expect([adminCookie, studentCookie]).not.toContain(backCookie);

    const staleStudent = await withSession(studentCookie).get(dashboard, "/dashboard");
    expect(staleStudent.status).toBe(302);
    expect(staleStudent.headers.get("Location")).toMatch(/^\/users\/sign_in\?redirect_to=/);

    const adminAgain = await openAdmin(person, "?query=student%40demo.test");
    expect(adminAgain.status).toBe(200);
    expect(await currentUserOn(person, "/admin")).toMatchObject({ id: ids.admin, impersonatorId: null });
    expect(rows(adminAgain)).toContainEqual(expect.objectContaining({ id: ids.student, canImpersonate: true }));

    const stops = await auditEvents("impersonation.stop");
    expect(stops).toHaveLength(stopsBefore + 1);
    expect(stops.at(-1)).toMatchObject({ actor_id: ids.admin, details: { target_user_id: ids.student } });
    const leftover = await db().selectFrom("sessions").select("user_id").where("impersonator_id", "=", ids.admin).execute();
    expect(leftover).toEqual([]);
  });

  it.each([
    ["another admin", "otherAdmin"],
    ["themself", "admin"],
    ["a deactivated user", "deactivated"],
  ] as const)("refuses an admin signing in as %s with 403, leaving the admin signed in", async (_name, who) => {
    const person = await browserFor(ids.admin);
    const before = person.session;
    const response = await postSignInAs(person, ids[who]);
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(person.session).toBe(before);
    expect((await openAdmin(person)).status).toBe(200);
    const impersonations = await db().selectFrom("sessions").select("user_id").where("user_id", "=", ids[who]).where("impersonator_id", "is not", null).execute();
    expect(impersonations).toEqual([]);
  });

  it("refuses a student with 403 and sends a guest to sign-in", async () => {
    const refused = await postSignInAs(await browserFor(ids.student), ids.manager);
    expect(refused.status).toBe(403);

    const redirected = await postSignInAs(await browserFor(null), ids.manager);
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("Location")).toMatch(/^\/users\/sign_in\?redirect_to=/);
    const sessions = await db().selectFrom("sessions").select("user_id").where("user_id", "=", ids.manager).where("impersonator_id", "is not", null).execute();
    expect(sessions).toEqual([]);
  });

  it.each(["99999999", "abc", "1e3"])("answers 404 for user id %s", async (id) => {
    expect((await postSignInAs(await browserFor(ids.admin), id)).status).toBe(404);
  });

  it("answers 409 to stop when the session is not an impersonation, and 405 to GET", async () => {
    const person = await browserFor(ids.student);
    const response = await person.form(stopImpersonation, "/admin/impersonation/stop", {});
    expect(response.status).toBe(409);
    expect((await person.get(dashboard, "/dashboard")).status).toBe(200);
    expect((await person.get(stopImpersonationPage, "/admin/impersonation/stop")).status).toBe(405);
    expect((await person.get(signInAsPage, `/admin/users/${ids.student}/sign_in_as`, { params: { id: String(ids.student) } })).status).toBe(405);
  });
});
