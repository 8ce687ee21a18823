import type { LoaderFunctionArgs } from "@remix-run/node";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { findUsers, parseUserListFilters, parseUserListFiltersLeniently } from "~/accounts/admin-users.server";
import { createUserSession } from "~/accounts/session.server";
import { USERS_PER_PAGE } from "~/accounts/user-list";
import { ApiError } from "~/api/errors";
import { loader as listUsers } from "~/routes/users+/_index";
import { runWithRequestContext, type RequestContext } from "~/utils/request-context.server";
import { recordImpersonatedAction } from "../../server/impersonated-actions";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();

async function countQueries<T>(run: () => Promise<T>) {
  const context: RequestContext = { requestId: "test", queryCount: 0, databaseUnavailable: false };
  const result = await runWithRequestContext(context, run);
  return { result, queries: context.queryCount };
}

async function userId(email: string) {
  return (await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

async function cookieFor(email: string, impersonatorId: number | null = null) {
  const setCookie = await createUserSession({ userId: await userId(email), rememberMe: false, impersonatorId, request: new Request("http://x") });
  return setCookie.split(";")[0]!;
}

async function countWhere(condition: ReturnType<typeof sql<boolean>>) {
  const row = await database().db.selectFrom("users").select(sql<number>`count(*)::int`.as("n")).where(condition).executeTakeFirstOrThrow();
  return row.n;
}

describe("findUsers", () => {
  it("finds users by part of the email, any case", async () => {
    const { items, total } = await findUsers({ query: "ADMIN@DEMO", page: 1, perPage: 25 });
    expect(items.map((user) => user.email)).toContain("admin@demo.test");
    expect(total).toBe(await countWhere(sql<boolean>`strpos(lower(email), 'admin@demo') > 0`));
  });

  it("finds users by full name and by display name, any case", async () => {
    const byName = await findUsers({ query: "mAyA tHoMpSoN", page: 1, perPage: 25 });
    expect(byName.items.map((user) => user.email)).toEqual(["student@demo.test"]);

    await database().db.updateTable("users").set({ display_name: "Professor Zed" }).where("email", "=", "instructor@demo.test").execute();
    const byDisplayName = await findUsers({ query: "professor ZED", page: 1, perPage: 25 });
    expect(byDisplayName.items.map((user) => user.email)).toEqual(["instructor@demo.test"]);
  });

  it("treats LIKE wildcards in the search as plain characters", async () => {
    expect((await findUsers({ query: "%", page: 1, perPage: 25 })).total).toBe(0);
    const underscores = await findUsers({ query: "_", page: 1, perPage: 100 });
    expect(underscores.total).toBe(
      await countWhere(sql<boolean>`strpos(email, '_') > 0 or strpos(first_name || ' ' || last_name, '_') > 0 or strpos(coalesce(display_name, ''), '_') > 0`),
    );
    expect(underscores.items.every((user) => `${user.email} ${user.first_name} ${user.last_name} ${user.display_name ?? ""}`.includes("_"))).toBe(true);
  });

  it("filters by role", async () => {
    const { items, total } = await findUsers({ role: "tutor", page: 1, perPage: 100 });
    expect(total).toBe(await countWhere(sql<boolean>`'tutor' = any(roles)`));
    expect(total).toBeGreaterThan(0);
    expect(items.every((user) => user.roles.includes("tutor"))).toBe(true);
  });

  it("filters students as users without roles", async () => {
    const { items, total } = await findUsers({ role: "student", page: 1, perPage: 100 });
    expect(total).toBe(await countWhere(sql<boolean>`cardinality(roles) = 0`));
    expect(items.every((user) => user.roles.length === 0)).toBe(true);
    expect(items.map((user) => user.email)).toContain("student@demo.test");
  });

  it("combines the search with the role filter", async () => {
    expect((await findUsers({ query: "maya", role: "student", page: 1, perPage: 25 })).items.map((u) => u.email)).toContain("student@demo.test");
    expect((await findUsers({ query: "maya", role: "admin", page: 1, perPage: 25 })).items.map((u) => u.email)).not.toContain("student@demo.test");
  });

  it("pages through every user exactly once with the same total, in two queries per page", async () => {
    const all = await countWhere(sql<boolean>`true`);
    const perPage = 7;
    const seen = new Set<number>();
    for (let page = 1; page <= Math.ceil(all / perPage); page += 1) {
      const { result, queries } = await countQueries(() => findUsers({ page, perPage }));
      expect(queries).toBe(2);
      expect(result.total).toBe(all);
      expect(result.items.length).toBeLessThanOrEqual(perPage);
      for (const user of result.items) {
        expect(seen.has(user.id)).toBe(false);
        seen.add(user.id);
      }
    }
    expect(seen.size).toBe(all);
    const beyond = await findUsers({ page: Math.ceil(all / perPage) + 1, perPage });
    expect(beyond).toEqual({ items: [], total: all });
  });

  it("never reads the password hash", async () => {
    const { items } = await findUsers({ page: 1, perPage: 5 });
    expect(items.every((user) => !("password_hash" in user))).toBe(true);
  });
});

describe("parsing the filters", () => {
  const url = (search: string) => new URL(`http://x/users${search}`);

  it("reads query, role, page and per_page, defaulting to page 1 of 25", () => {
    expect(parseUserListFilters(url(""))).toEqual({ query: undefined, role: undefined, page: 1, perPage: USERS_PER_PAGE });
    expect(parseUserListFilters(url("?query=%20Maya%20&role=tutor&page=3&per_page=10"))).toEqual({ query: "Maya", role: "tutor", page: 3, perPage: 10 });
    expect(parseUserListFilters(url("?query=&role=&page="))).toEqual({ query: undefined, role: undefined, page: 1, perPage: USERS_PER_PAGE });
  });

  it.each([
    ["?page=0", "page"],
    ["?page=abc", "page"],
    ["?page=1.5", "page"],
    ["?per_page=0", "per_page"],
    ["?per_page=101", "per_page"],
    ["?role=wizard", "role"],
    [`?query=${"x".repeat(101)}`, "query"],
  ])("refuses %s with 400 invalid_parameter naming %s", (search, parameter) => {
    let error: unknown;
    try {
      parseUserListFilters(url(search));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "invalid_parameter", extras: { source: { parameter } } });
  });

  it("falls back to defaults on the page's form instead of failing", () => {
    expect(parseUserListFiltersLeniently(url("?page=-4&role=wizard&query=ok"))).toEqual({ query: "ok", role: undefined, page: 1, perPage: USERS_PER_PAGE });
  });
});

function getUsers(request: Request) {
  return listUsers({ request, params: {}, context: {} } as unknown as LoaderFunctionArgs);
}

describe("GET /users", () => {
  it("sends a guest to sign-in, coming back afterwards", async () => {
    const response = await getUsers(new Request("http://x/users?role=tutor"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/users/sign_in?redirect_to=${encodeURIComponent("/users?role=tutor")}`);
  });

  it.each(["student@demo.test", "manager@demo.test", "tutor@demo.test"])("refuses %s with 403", async (email) => {
    const response = await getUsers(new Request("http://x/users", { headers: { Cookie: await cookieFor(email), Accept: "application/json" } }));
    expect(response.status).toBe(403);
  });

  it("answers an admin with items and total", async () => {
    const response = await getUsers(new Request("http://x/users?role=tutor&per_page=2", { headers: { Cookie: await cookieFor("admin@demo.test") } }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.total).toBe(await countWhere(sql<boolean>`'tutor' = any(roles)`));
    expect(body.items.length).toBe(Math.min(2, body.total));
    expect(body.items[0]).toMatchObject({ id: expect.any(Number), email: expect.any(String), roles: expect.arrayContaining(["tutor"]) });
    expect(JSON.stringify(body)).not.toContain("password");
  });

  it("answers bad filters with 400", async () => {
    const response = await getUsers(new Request("http://x/users?page=0", { headers: { Cookie: await cookieFor("admin@demo.test") } }));
    expect(response.status).toBe(400);
    expect((await response.json()).errors[0]).toMatchObject({ code: "invalid_parameter", source: { parameter: "page" } });
  });
});

describe("recordImpersonatedAction", () => {
  async function auditRows() {
    return database().db.selectFrom("audit_events").selectAll().where("action", "=", "impersonated.request").orderBy("id").execute();
  }

  it("logs a mutating request of an impersonated session with both ids, without the query string", async () => {
    const adminId = await userId("admin@demo.test");
    const studentId = await userId("student@demo.test");
    const cookie = await cookieFor("student@demo.test", adminId);
    const before = (await auditRows()).length;
    await recordImpersonatedAction(new Request("http://x/profile?token=secret", { method: "PUT", headers: { Cookie: cookie } }));
    const rows = await auditRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ actor_id: studentId, impersonator_id: adminId, method: "PUT", path: "/profile" });
  });

  it("logs nothing for reads, ordinary sessions or guests", async () => {
    const adminId = await userId("admin@demo.test");
    const before = (await auditRows()).length;
    await recordImpersonatedAction(new Request("http://x/dashboard", { headers: { Cookie: await cookieFor("student@demo.test", adminId) } }));
    await recordImpersonatedAction(new Request("http://x/profile", { method: "POST", headers: { Cookie: await cookieFor("student@demo.test") } }));
    await recordImpersonatedAction(new Request("http://x/profile", { method: "POST" }));
    expect(await auditRows()).toHaveLength(before);
  });
});
