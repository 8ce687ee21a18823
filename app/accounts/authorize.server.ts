import { redirect } from "@remix-run/node";
import { can, type Action, type Permissions } from "~/accounts/policy/permissions";
import {
  decideAccess,
  ROUTE_RULES,
  requirementFor,
  routeRule,
  type AccessDecision,
  type RouteId,
  type RouteRequirement,
} from "~/accounts/policy/route-rules";
import type { Role } from "~/accounts/roles";
import { currentSession, viewerFor, type CurrentSession } from "~/accounts/session.server";
import { errorDocument } from "~/api/errors";
import { apiResponse } from "~/api/handler.server";
import { unauthorizedMessage } from "~/errors/messages";
import { siteOrigin } from "~/utils/site-origin.server";

/**
 * Turns the policy's decisions (app/accounts/policy/) into answers. Every loader and action
 * calls one of these first; each throws the refusal, so the route code after it only ever runs
 * for someone allowed:
 *   - a guest on a page: a redirect to sign-in that comes back afterwards;
 *   - a guest on the API: 401 `unauthenticated`;
 *   - a signed-in user without the right: 403 (the 403 page, or `forbidden` on the API).
 */

export const SIGN_IN_PATH = "/users/sign_in";
export const FORBIDDEN_MESSAGE = "You don't have access to this page.";
const SIGN_IN_FIRST = "Sign in to continue.";

interface AnswerStyle {
  /** Answer in JSON error documents (401 for guests) rather than redirects and the 403 page. */
  api?: boolean;
}

/**
 * Checks the route table's rule for this request's method (loads follow `access`, mutations
 * `mutations`); returns the session, null for a guest the rule lets in.
 */
export async function requireRouteAccess<Id extends RouteId>(request: Request, routeId: Id): Promise<RouteSession<Id>> {
  const rule = routeRule(routeId);
  return (await check(request, requirementFor(rule, request.method), { api: rule.api })) as RouteSession<Id>;
}

/**
 * For actions: checks the rule's mutation requirement whatever the method, and is typed by it
 * (a route whose GET is open to everyone but whose POST is admin-only gets a non-null session).
 */
export async function requireMutationAccess<Id extends RouteId>(request: Request, routeId: Id): Promise<MutationSession<Id>> {
  const rule = routeRule(routeId);
  return (await check(request, rule.mutations ?? rule.access, { api: rule.api })) as MutationSession<Id>;
}

async function check(request: Request, requirement: RouteRequirement, style: AnswerStyle) {
  const session = await currentSession(request);
  refuseUnlessAllowed(request, decide(session, requirement), style);
  return session;
}

/** Signed-in users holding one of the roles. */
export async function requireRole(request: Request, roles: readonly Role[], style: AnswerStyle = {}): Promise<CurrentSession> {
  return (await check(request, { roles }, style))!;
}

/** Signed-in users the policy lets take `action` on `subject` (e.g. impersonate this user). */
export async function requirePermission<A extends Action>(
  request: Request,
  action: A,
  subject: Permissions[A],
  style: AnswerStyle = {},
): Promise<CurrentSession> {
  const session = await currentSession(request);
  const decision: AccessDecision = !session ? "sign-in" : can(viewerFor(session), action, subject) ? "allow" : "forbidden";
  refuseUnlessAllowed(request, decision, style);
  return session!;
}

/** The 403 answer for a signed-in user the policy refuses (also for checks made after loading a record). */
export function forbidden(request: Request, style: AnswerStyle = {}): Response {
  if (style.api ?? isApiPath(request)) {
    return apiResponse(errorDocument(403, "forbidden", unauthorizedMessage), { status: 403 });
  }
  // Page routes render this through the root ErrorBoundary (the 403 page); JSON routes outside
  // /api (GET /users) get the same message as a JSON body.
  if (prefersJson(request)) return Response.json({ error: "forbidden", message: FORBIDDEN_MESSAGE }, { status: 403 });
  return new Response(FORBIDDEN_MESSAGE, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** Where a guest goes to sign in, coming back to this URL afterwards. */
export function signInRedirectPath(request: Request): string {
  const url = new URL(request.url);
  return `${SIGN_IN_PATH}?redirect_to=${encodeURIComponent(`${url.pathname}${url.search}`)}`;
}

type Rules = typeof ROUTE_RULES;
type LetsGuestsIn<R> = R extends "public" ? true : false;
type MutationRequirementOf<Id extends RouteId> = Rules[Id] extends { mutations: infer M } ? M : Rules[Id]["access"];
/** Routes that let guests in (for loads or mutations) may have no session; every other route has one. */
type RouteSession<Id extends RouteId> =
  LetsGuestsIn<Rules[Id]["access"]> extends true ? CurrentSession | null : LetsGuestsIn<MutationRequirementOf<Id>> extends true ? CurrentSession | null : CurrentSession;
type MutationSession<Id extends RouteId> = LetsGuestsIn<MutationRequirementOf<Id>> extends true ? CurrentSession | null : CurrentSession;

function decide(session: CurrentSession | null, requirement: RouteRequirement): AccessDecision {
  return decideAccess(viewerFor(session), requirement);
}

function refuseUnlessAllowed(request: Request, decision: AccessDecision, style: AnswerStyle) {
  if (decision === "allow") return;
  const api = style.api ?? isApiPath(request);
  if (decision === "forbidden") throw forbidden(request, { api });
  if (api) throw apiResponse(errorDocument(401, "unauthenticated", SIGN_IN_FIRST), { status: 401 });
  // A mutation cannot be replayed after sign-in, so it comes back to the page it came from
  // (the Referer when it is ours), else home; a page load comes back to itself.
  if (request.method !== "GET" && request.method !== "HEAD") throw redirect(`${SIGN_IN_PATH}?redirect_to=${encodeURIComponent(refererPath(request))}`);
  throw redirect(signInRedirectPath(request));
}

function isApiPath(request: Request) {
  return new URL(request.url).pathname.startsWith("/api/");
}

function prefersJson(request: Request) {
  const accept = request.headers.get("Accept") ?? "";
  return accept.includes("json") && !accept.includes("text/html");
}

export function refererPath(request: Request) {
  const referer = request.headers.get("Referer");
  if (!referer) return "/";
  try {
    const from = new URL(referer);
    return from.origin === siteOrigin(request) ? `${from.pathname}${from.search}` : "/";
  } catch {
    return "/";
  }
}
