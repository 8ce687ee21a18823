import { defineRoutes } from "@remix-run/dev/dist/config/routes.js";
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { flatRoutes } from "remix-flat-routes";
import { beforeAll, describe, expect, it } from "vitest";
import { isKnownRoute, ROUTE_RULES, routeRule, type RouteId, type RouteRequirement, type RouteRule } from "~/accounts/policy/route-rules";
import { guestViewer, homePath, ROLES, type Viewer } from "~/accounts/roles";
import { createUserSession, currentSession, currentViewer, SESSION_COOKIE, viewerOf, type CurrentSession } from "~/accounts/session.server";
import { currentRequestContext } from "~/utils/request-context.server";
import { useTestDatabase } from "../../support/database";
import { routeAnswer, type RouteAnswer } from "../../support/route-answer";
import { ROUTE_SAMPLES, type RouteSample } from "../../support/route-samples";

/**
 * The role × route test (issue 3 item 2): every route that exists, asked for by a guest, a
 * student and a user of each of the 23 roles, answers what the policy table says: the page,
 * a redirect to sign-in, or 403 (401 on the API). A route file without a table entry fails.
 *
 * Each route module's loader and action are called as the server calls them, with the sample URL
 * matched to its route and params as Remix matches it. The server adapter's own checks (CSRF,
 * body limits, the guest page cache) sit in front of every route alike and are tested with it.
 */

const database = useTestDatabase();

const ORIGIN = "http://app.test";
const CLIENT_IP = "192.0.2.10";

// Every route that exists: the files, exactly as vite.config.ts turns them into routes, so a new
// file fails here without a build.
const sourceRoutes = await flatRoutes("routes", defineRoutes, {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/__*.*", "**/*.server.{ts,tsx}"],
});
const existingRouteIds = Object.keys(sourceRoutes).sort();
const checkedRouteIds = existingRouteIds.filter((id): id is RouteId => isKnownRoute(id) && Object.hasOwn(ROUTE_SAMPLES, id));

// The route tree Remix matches URLs against: "root" (the layout around every page, not a URL of
// its own) holds the routes whose parent is not another route.
function childrenOf(parentId: string): AgnosticRouteObject[] {
  return Object.values(sourceRoutes)
    .filter((route) => (route.parentId ?? "root") === parentId)
    .map((route) => (route.index ? { id: route.id, path: route.path, index: true } : { id: route.id, path: route.path, children: childrenOf(route.id) }));
}
const routeTree: AgnosticRouteObject[] = [{ id: "root", path: "", children: childrenOf("root") }];

type RouteFunction = (args: LoaderFunctionArgs & ActionFunctionArgs) => Promise<unknown>;
interface RouteModule {
  loader?: RouteFunction;
  action?: RouteFunction;
  default?: unknown;
}

const modules = new Map<string, RouteModule>(
  await Promise.all(
    checkedRouteIds.map(async (id) => [id, (await import(/* @vite-ignore */ `~/${sourceRoutes[id]!.file}`)) as RouteModule] as const),
  ),
);

interface Identity {
  name: string;
  viewer: Viewer;
  /** `__session=…`, or "" for the guest. */
  cookie: string;
  /** What `currentSession` finds for the cookie. */
  session: CurrentSession | null;
}

const identities: Identity[] = [];

beforeAll(async () => {
  const emails = ["student@demo.test", ...ROLES.map((role) => `${role}@demo.test`)];
  const users = await database().db.selectFrom("users").select(["id", "email", "roles", "user_type"]).where("email", "in", emails).execute();
  expect(users.map((user) => user.email).sort()).toEqual([...emails].sort());
  identities.push({ name: "guest", viewer: guestViewer, cookie: "", session: null });
  // Sessions are prepared once, straight in the database, and sent as cookies.
  for (const email of emails) {
    const user = users.find((candidate) => candidate.email === email)!;
    const setCookie = await createUserSession({ userId: user.id, rememberMe: false, request: new Request(ORIGIN) });
    const cookie = setCookie.split(";")[0]!;
    const session = await currentSession(new Request(ORIGIN, { headers: { Cookie: cookie } }));
    identities.push({ name: email.split("@")[0]!, viewer: viewerOf(user), cookie, session });
  }
});

/** The route's params for its sample URL, as Remix's matching finds them; fails when the URL reaches another route. */
function paramsFor(routeId: RouteId, url: string): Record<string, string> {
  const { pathname } = new URL(url, ORIGIN);
  const matches = matchRoutes(routeTree, pathname) ?? [];
  const match = matches.find((candidate) => candidate.route.id === routeId);
  const reached = matches.map((candidate) => candidate.route.id).join(" > ") || "no route";
  expect(match, `${url} should reach ${routeId}, but reaches ${reached}`).toBeDefined();
  return match!.params as Record<string, string>;
}

/** What the server hands every loader and action (app/load-context.ts). */
function loadContext(): AppLoadContext {
  return { cspNonce: "test-nonce", csrfToken: "test-csrf-token", requestId: "route-access", clientIp: CLIENT_IP };
}

/** An answer the route did not give itself, and why. */
interface Unanswered {
  status: number;
  headers: Headers;
  data?: undefined;
  why: string;
}
type Answer = RouteAnswer | Unanswered;

/**
 * Calls a loader or action as the server would; an exception is the 500 the server would answer.
 * The server looks the session up once per request and keeps it in the request context; here it
 * is looked up once per identity (the last test checks each cookie finds its user), which spares
 * thousands of identical queries.
 */
async function call(run: RouteFunction, identity: Identity, request: Request, params: Record<string, string>): Promise<Answer> {
  try {
    return await routeAnswer(() => {
      Object.assign(currentRequestContext()!, { session: Promise.resolve(identity.session) });
      return run({ request, params, context: loadContext() });
    });
  } catch (error) {
    return { status: 500, headers: new Headers(), why: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

/** A GET of a route without a loader renders its page for everyone, or is refused if it has none. */
function withoutLoader(module: RouteModule): Unanswered {
  return module.default
    ? { status: 200, headers: new Headers(), why: "no loader: the page renders for everyone" }
    : { status: 405, headers: new Headers(), why: "no loader and no page" };
}

function requestAs(identity: Identity, rule: RouteRule, url: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Accept", rule.api ? "application/json" : "text/html");
  if (identity.cookie) headers.set("Cookie", identity.cookie);
  return new Request(`${ORIGIN}${url}`, { ...init, headers });
}

type Expected = { kind: "page" } | { kind: "redirect"; location: string } | { kind: "status"; status: number };

/** What the table promises this identity for a GET of the route's sample URL. */
function expectedAnswer(rule: RouteRule, sample: RouteSample, identity: Identity): Expected {
  const refusal = refusalFor(rule, rule.access, identity, sample.url);
  if (refusal) return refusal;
  const answer = sample.get;
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

function describeAnswer(answer: Answer) {
  if ("why" in answer) return `${answer.status} (${answer.why})`;
  const location = answer.headers.get("location");
  return `${answer.status}${location ? ` → ${location}` : ""}`;
}

/** Location as a path, whether the route sent it relative or absolute. */
function locationPath(answer: Answer) {
  const location = answer.headers.get("location");
  if (!location) return null;
  const url = new URL(location, ORIGIN);
  return url.origin === ORIGIN ? `${url.pathname}${url.search}` : location;
}

function checkAnswer(answer: Answer, expected: Expected, rule: RouteRule, label: string) {
  const got = describeAnswer(answer);
  if (expected.kind === "page") {
    expect(answer.status, `${label}: expected the page, got ${got}`).toBeGreaterThanOrEqual(200);
    expect(answer.status, `${label}: expected the page, got ${got}`).toBeLessThan(300);
  } else if (expected.kind === "redirect") {
    expect([301, 302, 303, 307, 308], `${label}: expected a redirect to ${expected.location}, got ${got}`).toContain(answer.status);
    expect(locationPath(answer), label).toBe(expected.location);
  } else {
    expect(answer.status, `${label}: expected ${expected.status}, got ${got}`).toBe(expected.status);
    if (rule.api && (expected.status === 401 || expected.status === 403)) {
      expect(answer.data?.errors?.[0]?.code, `${label}: the JSON error document`).toBe(expected.status === 401 ? "unauthenticated" : "forbidden");
    }
  }
}

describe("the policy table", () => {
  it("has an entry for every route that exists", () => {
    const missing = existingRouteIds.filter((id) => !isKnownRoute(id));
    expect(missing, "add these route ids to ROUTE_RULES in app/accounts/policy/route-rules.ts").toEqual([]);
  });

  it("has a sample for every route that exists", () => {
    const missing = existingRouteIds.filter((id) => !Object.hasOwn(ROUTE_SAMPLES, id));
    expect(missing, "add these route ids to ROUTE_SAMPLES in tests/support/route-samples.ts").toEqual([]);
  });

  it("names only routes that exist", () => {
    const stale = [...new Set([...Object.keys(ROUTE_RULES), ...Object.keys(ROUTE_SAMPLES)])].filter((id) => !Object.hasOwn(sourceRoutes, id));
    expect(stale, "no route file has these ids: remove them from ROUTE_RULES and ROUTE_SAMPLES").toEqual([]);
  });
});

describe("GET of every route as every identity", () => {
  it.each(checkedRouteIds)("%s", async (routeId) => {
    const rule = routeRule(routeId);
    const sample = ROUTE_SAMPLES[routeId];
    const module = modules.get(routeId)!;
    const params = paramsFor(routeId, sample.url);
    const answers = await Promise.all(
      identities.map(async (identity) => ({
        identity,
        answer: module.loader ? await call(module.loader, identity, requestAs(identity, rule, sample.url), params) : withoutLoader(module),
      })),
    );
    for (const { identity, answer } of answers) {
      checkAnswer(answer, expectedAnswer(rule, sample, identity), rule, `GET ${sample.url} as ${identity.name}`);
    }
  });
});

describe("mutations of protected routes are refused before the action runs", () => {
  const requirementOfMutations = (rule: RouteRule) => rule.mutations ?? rule.access;
  const protectedMutations = checkedRouteIds.filter((id) => ROUTE_SAMPLES[id].mutation && requirementOfMutations(routeRule(id)) !== "public");

  it.each(protectedMutations)("%s", async (routeId) => {
    const rule = routeRule(routeId);
    const sample = ROUTE_SAMPLES[routeId];
    const { action } = modules.get(routeId)!;
    expect(action, `${routeId} takes ${sample.mutation} but has no action`).toBeDefined();
    const params = paramsFor(routeId, sample.url);
    const requirement = requirementOfMutations(rule);
    const refused = identities.filter((identity) => refusalFor(rule, requirement, identity, "/"));
    expect(refused.length).toBeGreaterThan(0);
    const answers = await Promise.all(
      refused.map(async (identity) => {
        const request = requestAs(identity, rule, sample.url, {
          method: sample.mutation,
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams().toString(),
        });
        return { identity, answer: await call(action!, identity, request, params) };
      }),
    );
    for (const { identity, answer } of answers) {
      // A refused mutation goes back to where it came from after sign-in (no Referer here: home).
      checkAnswer(answer, refusalFor(rule, requirement, identity, "/")!, rule, `${sample.mutation} ${sample.url} as ${identity.name}`);
    }
  });
});

it("signs every identity's request in as that identity (the cookies are real sessions)", async () => {
  for (const identity of identities) {
    const viewer = await currentViewer(new Request(ORIGIN, { headers: identity.cookie ? { Cookie: identity.cookie } : {} }));
    expect(viewer.id, identity.name).toBe(identity.viewer.id);
    expect(identity.session?.user.id ?? null, `${identity.name}: the session the routes were given`).toBe(identity.viewer.id);
    if (identity.cookie) expect(identity.cookie.startsWith(`${SESSION_COOKIE}=`), identity.name).toBe(true);
  }
});
