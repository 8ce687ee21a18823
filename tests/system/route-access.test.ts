import { existsSync } from "node:fs";
import path from "node:path";
import { defineRoutes } from "@remix-run/dev/dist/config/routes.js";
import type { ServerBuild } from "@remix-run/node";
import { flatRoutes } from "remix-flat-routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isKnownRoute, routeRule, type RouteId, type RouteRequirement, type RouteRule } from "../../app/accounts/policy";
import { guestViewer, homePath, ROLES, type Viewer } from "../../app/accounts/roles";
import { createUserSession, SESSION_COOKIE, viewerOf } from "../../app/accounts/session.server";
import { useTestDatabase } from "../support/database";
import { metaCsrfToken, startTestApp } from "../support/http-app";

/**
 * The role × route test (issue 3 item 2): every route that exists, asked for by a guest, a
 * student and a user of each of the 23 roles, answers what the policy table says: the page,
 * a redirect to sign-in, or 403 (401 on the API). A route file without a table entry fails.
 */

const database = useTestDatabase();

// Every route that exists: the files, exactly as vite.config.ts turns them into routes (so a new
// file fails here even before a rebuild), and the production build the requests go to.
const sourceRoutes = await flatRoutes("routes", defineRoutes, {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/__*.*", "**/*.server.{ts,tsx}"],
});
const buildFile = path.resolve(process.env.BUILD_DIR ?? "build", "server", "index.js");
if (!existsSync(buildFile)) throw new Error(`No production build at ${buildFile}: run \`npm run build\` first`);
const build = (await import(buildFile)) as ServerBuild;
// "root" is the layout around every page, not a URL of its own.
const LAYOUT_ROUTES = new Set(["root"]);
const existingRouteIds = [...new Set([...Object.keys(sourceRoutes), ...Object.keys(build.routes)])].filter((id) => !LAYOUT_ROUTES.has(id)).sort();
const servedRouteIds = Object.keys(build.routes).filter((id): id is RouteId => !LAYOUT_ROUTES.has(id) && isKnownRoute(id)).sort();

interface Identity {
  name: string;
  viewer: Viewer;
  /** `__session=…`, or "" for the guest. */
  cookie: string;
}

const identities: Identity[] = [];
let app: Awaited<ReturnType<typeof startTestApp>>;
let csrf: { cookie: string; token: string };

beforeAll(async () => {
  app = await startTestApp();
  const emails = ["student@demo.test", ...ROLES.map((role) => `${role}@demo.test`)];
  const users = await database().db.selectFrom("users").select(["id", "email", "roles", "user_type"]).where("email", "in", emails).execute();
  expect(users.map((user) => user.email).sort()).toEqual([...emails].sort());
  identities.push({ name: "guest", viewer: guestViewer, cookie: "" });
  // Sessions are prepared once, straight in the database, and sent as cookies.
  for (const email of emails) {
    const user = users.find((candidate) => candidate.email === email)!;
    const setCookie = await createUserSession({ userId: user.id, rememberMe: false, request: new Request("http://x") });
    identities.push({ name: email.split("@")[0]!, viewer: viewerOf(user), cookie: setCookie.split(";")[0]! });
  }
  // One CSRF token for the focused mutation checks (it is not tied to a session).
  const page = await app.fetch("/courses", { headers: { Accept: "text/html" } });
  const token = metaCsrfToken(await page.text());
  const cookie = page.headers.getSetCookie().find((line) => line.startsWith("csrf_token="))?.split(";")[0];
  if (!token || !cookie) throw new Error("no CSRF token on /courses");
  csrf = { cookie, token };
});

afterAll(async () => {
  await app?.close();
});

type Expected = { kind: "page" } | { kind: "redirect"; location: string } | { kind: "status"; status: number };

/** What the table promises this identity for a GET of the rule's sample URL. */
function expectedAnswer(rule: RouteRule, identity: Identity): Expected {
  const refusal = refusalFor(rule, rule.access, identity, rule.sample);
  if (refusal) return refusal;
  const answer = rule.get;
  if (!answer) return { kind: "page" };
  if ("status" in answer) return { kind: "status", status: answer.status };
  if ("redirect" in answer) return { kind: "redirect", location: answer.redirect };
  return identity.viewer.id === null ? { kind: "page" } : { kind: "redirect", location: homePath(identity.viewer) };
}

function refusalFor(rule: RouteRule, requirement: RouteRequirement, identity: Identity, backTo: string): Expected | undefined {
  if (requirement === "public") return undefined;
  if (identity.viewer.id === null) {
    return rule.api ? { kind: "status", status: 401 } : { kind: "redirect", location: `/users/sign_in?redirect_to=${encodeURIComponent(backTo)}` };
  }
  if (requirement === "signed-in") return undefined;
  return requirement.roles.some((role) => identity.viewer.roles.includes(role)) ? undefined : { kind: "status", status: 403 };
}

function describeAnswer(response: Response) {
  const location = response.headers.get("location");
  return `${response.status}${location ? ` → ${location}` : ""}`;
}

/** Location as a path, whether the server sent it relative or absolute. */
function locationPath(response: Response) {
  const location = response.headers.get("location");
  if (!location) return null;
  const url = new URL(location, app.origin);
  return url.origin === app.origin ? `${url.pathname}${url.search}` : location;
}

async function checkAnswer(response: Response, expected: Expected, rule: RouteRule, label: string) {
  const got = describeAnswer(response);
  if (expected.kind === "page") {
    expect(response.status, `${label}: expected the page, got ${got}`).toBeGreaterThanOrEqual(200);
    expect(response.status, `${label}: expected the page, got ${got}`).toBeLessThan(300);
  } else if (expected.kind === "redirect") {
    expect([301, 302, 303, 307, 308], `${label}: expected a redirect to ${expected.location}, got ${got}`).toContain(response.status);
    expect(locationPath(response), label).toBe(expected.location);
  } else {
    expect(response.status, `${label}: expected ${expected.status}, got ${got}`).toBe(expected.status);
    if (rule.api && (expected.status === 401 || expected.status === 403)) {
      const body = await response.json();
      expect(body.errors[0].code, label).toBe(expected.status === 401 ? "unauthenticated" : "forbidden");
    }
  }
}

describe("the policy table", () => {
  it("has an entry for every route that exists", () => {
    const missing = existingRouteIds.filter((id) => !isKnownRoute(id));
    expect(missing, `add these route ids to ROUTE_RULES in app/accounts/policy.ts`).toEqual([]);
  });

  it("lists routes the build serves (a stale or partial build would skip routes here)", () => {
    const notBuilt = Object.keys(sourceRoutes).filter((id) => !(id in build.routes));
    expect(notBuilt, "route files missing from the build: rebuild before running this test").toEqual([]);
    expect(servedRouteIds.length).toBeGreaterThan(0);
  });
});

describe("GET of every route as every identity", () => {
  it.each(servedRouteIds)("%s", async (routeId) => {
    const rule = routeRule(routeId);
    const responses = await Promise.all(
      identities.map(async (identity) => {
        const headers: Record<string, string> = { Accept: rule.api ? "application/json" : "text/html" };
        if (identity.cookie) headers.Cookie = identity.cookie;
        const response = await app.fetch(rule.sample, { headers });
        return { identity, response };
      }),
    );
    for (const { identity, response } of responses) {
      await checkAnswer(response, expectedAnswer(rule, identity), rule, `GET ${rule.sample} as ${identity.name}`);
      await response.body?.cancel().catch(() => undefined);
    }
  });
});

describe("mutations of protected routes are refused before the action runs", () => {
  const protectedMutations = servedRouteIds.filter((id) => {
    const rule = routeRule(id);
    return rule.mutation && (rule.mutations ?? rule.access) !== "public";
  });

  it.each(protectedMutations)("%s", async (routeId) => {
    const rule = routeRule(routeId);
    const requirement = rule.mutations ?? rule.access;
    const refused = identities.filter((identity) => refusalFor(rule, requirement, identity, "/"));
    expect(refused.length).toBeGreaterThan(0);
    const responses = await Promise.all(
      refused.map(async (identity) => {
        const response = await app.fetch(rule.sample, {
          method: rule.mutation,
          headers: {
            Accept: rule.api ? "application/json" : "text/html",
            "Content-Type": "application/x-www-form-urlencoded",
            "X-CSRF-Token": csrf.token,
            Cookie: [csrf.cookie, identity.cookie].filter(Boolean).join("; "),
          },
          body: new URLSearchParams({ csrf_token: csrf.token }).toString(),
        });
        return { identity, response };
      }),
    );
    for (const { identity, response } of responses) {
      // A refused mutation goes back to where it came from after sign-in (no Referer here: home).
      await checkAnswer(response, refusalFor(rule, requirement, identity, "/")!, rule, `${rule.mutation} ${rule.sample} as ${identity.name}`);
    }
  });
});

it("signs every identity's request in as that identity (the cookies are real sessions)", async () => {
  const student = identities.find((identity) => identity.name === "student")!;
  const response = await app.fetch("/courses", { headers: { Accept: "text/html", Cookie: student.cookie } });
  expect(await response.text()).toContain("Maya");
  expect(student.cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
});
