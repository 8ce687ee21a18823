import { createHash, randomBytes } from "node:crypto";
import { redirect } from "@remix-run/node";
import { serialize as serializeCookie } from "cookie";
import { sql, type Expression } from "kysely";
import { publicUser, type PublicUser } from "~/accounts/public-user";
import { guestViewer, type Viewer } from "~/accounts/roles";
import { config } from "~/config/env.server";
import { db } from "~/db/db.server";
import { statement } from "~/db/statement.server";
import type { Executor } from "~/db/executor";
import type { User } from "~/db/schema";
import { readCookies } from "~/utils/cookies.server";
import { currentRequestContext } from "~/utils/request-context.server";

/**
 * Sessions live in the database (revocable, shared by every app machine); the browser holds
 * only a random id in an httpOnly, SameSite=Lax cookie, and the database only its hash.
 */
export const SESSION_COOKIE = "__session";
const SHORT_SESSION_MS = 12 * 60 * 60 * 1000;
const REMEMBERED_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is refreshed at most this often, so reads do not write on every request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export type SessionUser = PublicUser;

export interface CurrentSession {
  idHash: string;
  user: SessionUser;
  impersonatorId: number | null;
  authenticatedAt: Date;
  rememberMe: boolean;
}

function hashSessionId(id: string) {
  return createHash("sha256").update(id).digest("base64url");
}

function sessionCookie(value: string, maxAgeSeconds: number | undefined) {
  return serializeCookie(SESSION_COOKIE, value, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config().servedOverHttps,
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  });
}

/** A user as the policy sees them (app/accounts/policy/). */
export function viewerOf(user: Pick<User, "id" | "roles" | "user_type">): Viewer {
  return { id: user.id, roles: user.roles, userType: user.user_type };
}

/** The viewer of a session, or the guest pseudo-user without one: the one place that turns a session into a viewer. */
export function viewerFor(session: Pick<CurrentSession, "user"> | null): Viewer {
  return session ? viewerOf(session.user) : guestViewer;
}

/** Starts a session (always under a new id) and returns the Set-Cookie header for it. */
export async function createUserSession(options: {
  userId: number;
  rememberMe: boolean;
  impersonatorId?: number | null;
  request: Request;
  clientIp?: string;
}): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  const lifetime = options.rememberMe ? REMEMBERED_SESSION_MS : SHORT_SESSION_MS;
  await db()
    .insertInto("sessions")
    .values({
      id_hash: hashSessionId(id),
      user_id: options.userId,
      impersonator_id: options.impersonatorId ?? null,
      remember_me: options.rememberMe,
      expires_at: new Date(Date.now() + lifetime),
      ip: options.clientIp ?? null,
      user_agent: options.request.headers.get("user-agent")?.slice(0, 300) ?? null,
    })
    .execute();
  // A remembered session outlives the browser; otherwise the cookie ends with it.
  return sessionCookie(id, options.rememberMe ? lifetime / 1000 : undefined);
}

/**
 * Signs a user in under a new session id (sign-in, sign-up, a password reset): whatever session
 * this browser had, whoever it belonged to, ends. Returns the Set-Cookie header.
 */
export async function startFreshSession(request: Request, options: { userId: number; rememberMe: boolean; clientIp: string }): Promise<string> {
  if (await currentSession(request)) await destroyCurrentSession(request);
  return createUserSession({ ...options, request });
}

type SessionContext = ReturnType<typeof currentRequestContext> & { session?: Promise<CurrentSession | null> };

/** The signed-in session of this request, or null; looked up once per request. */
export function currentSession(request: Request): Promise<CurrentSession | null> {
  const context = currentRequestContext() as SessionContext | undefined;
  if (context?.session) return context.session;
  const lookup = lookupSession(readCookies(request)[SESSION_COOKIE], noExtra).then((found) => found?.session ?? null);
  if (context) context.session = lookup;
  return lookup;
}

/**
 * The session together with `extra`, a value computed in SQL from the signed-in user's id, read
 * in the same round trip as the session when this request has not looked its session up yet
 * (the root loader's shell data: one query per page instead of one per badge and menu).
 */
export async function currentSessionWith<T>(
  request: Request,
  extra: SessionExtra<T>,
): Promise<{ session: CurrentSession; extra: T } | null> {
  const context = currentRequestContext() as SessionContext | undefined;
  if (context?.session) {
    const session = await context.session;
    if (!session) return null;
    const row = await statementsFor(extra).extraOnly.executeTakeFirst({ userId: session.user.id });
    return { session, extra: row!.extra as T };
  }
  const lookup = lookupSession(readCookies(request)[SESSION_COOKIE], extra);
  if (context) context.session = lookup.then((found) => found?.session ?? null);
  return lookup;
}

/**
 * A value computed in SQL from the signed-in user's id, read with the session. Its SQL is built
 * once per function: pass a function defined once (module level), not one made per request.
 */
export type SessionExtra<T> = (userId: Expression<number>) => Expression<T>;

const noExtra: SessionExtra<null> = () => sql<null>`null`;

function sessionStatements<T>(extra: SessionExtra<T>) {
  return {
    lookup: statement((values: { idHash: string; now: Date }) =>
      db()
        .selectFrom("sessions")
        .innerJoin("users", "users.id", "sessions.user_id")
        .where("sessions.id_hash", "=", values.idHash)
        .where("sessions.expires_at", ">", values.now)
        .where("users.deactivated_at", "is", null)
        .selectAll("users")
        .select([
          "sessions.impersonator_id as session_impersonator_id",
          "sessions.authenticated_at as session_authenticated_at",
          "sessions.last_seen_at as session_last_seen_at",
          "sessions.remember_me as session_remember_me",
          sql<T>`${extra(sql.ref("users.id"))}`.as("session_extra"),
        ]),
    ),
    extraOnly: statement((values: { userId: number }) => db().selectNoFrom(sql<T>`${extra(sql.val(values.userId))}`.as("extra"))),
  };
}

const statementsByExtra = new WeakMap<SessionExtra<unknown>, ReturnType<typeof sessionStatements<unknown>>>();

function statementsFor<T>(extra: SessionExtra<T>): ReturnType<typeof sessionStatements<T>> {
  let statements = statementsByExtra.get(extra);
  if (!statements) statementsByExtra.set(extra, (statements = sessionStatements(extra)));
  return statements as ReturnType<typeof sessionStatements<T>>;
}

async function lookupSession<T>(id: string | undefined, extra: SessionExtra<T>): Promise<{ session: CurrentSession; extra: T } | null> {
  if (!id || id.length > 100) return null;
  const idHash = hashSessionId(id);
  const row = await statementsFor(extra).lookup.executeTakeFirst({ idHash, now: new Date() });
  if (!row) return null;
  if (Date.now() - row.session_last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
    await db().updateTable("sessions").set({ last_seen_at: new Date() }).where("id_hash", "=", idHash).execute();
  }
  const { session_impersonator_id, session_authenticated_at, session_last_seen_at: _lastSeen, session_remember_me, session_extra, ...user } = row;
  return {
    session: {
      idHash,
      user: publicUser(user),
      impersonatorId: session_impersonator_id,
      authenticatedAt: session_authenticated_at,
      rememberMe: session_remember_me,
    },
    extra: session_extra as T,
  };
}

/** The person asking: a signed-in user's viewer, or the guest pseudo-user. */
export async function currentViewer(request: Request): Promise<Viewer> {
  return viewerFor(await currentSession(request));
}

/** Ends this request's session; returns the Set-Cookie header that clears the cookie. */
export async function destroyCurrentSession(request: Request): Promise<string> {
  const id = readCookies(request)[SESSION_COOKIE];
  if (id) await db().deleteFrom("sessions").where("id_hash", "=", hashSessionId(id)).execute();
  return sessionCookie("", 0);
}

/** Ends every session of a user (deactivation, password change). */
export async function destroyAllSessions(userId: number) {
  await db().deleteFrom("sessions").where("user_id", "=", userId).execute();
}

/**
 * Deletes up to `batchSize` sessions whose `expires_at` has passed (lookups already ignore
 * them: remembered ones 30 days and browser ones 12 hours after sign-in; there is no idle
 * timeout); answers how many went. The housekeeping job calls it until a batch comes back short.
 */
export async function pruneExpiredSessions(now: Date, batchSize: number, executor: Executor = db()): Promise<number> {
  const result = await executor
    .deleteFrom("sessions")
    .where("id_hash", "in", (eb) => eb.selectFrom("sessions as expired").select("expired.id_hash").where("expired.expires_at", "<=", now).limit(batchSize))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The signed-in user, or a redirect to sign-in that comes back here afterwards. */
export async function requireSession(request: Request): Promise<CurrentSession> {
  const session = await currentSession(request);
  if (session) return session;
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  throw redirect(`/users/sign_in?redirect_to=${encodeURIComponent(back)}`);
}
