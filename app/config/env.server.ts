import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { singleton } from "~/utils/singleton.server";

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");

const positiveInt = (fallback: number) =>
  z.coerce.number().int().positive().default(fallback);

/** Every environment variable the app reads, validated once at start. */
export const environmentSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    APP_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    // Connections per HTTP process (docs/decisions/014): with one process per core, a 2-core
    // PostgreSQL serves most at about eight in all; more only queue inside it.
    DATABASE_POOL_SIZE: positiveInt(4),
    DATABASE_STATEMENT_TIMEOUT_MS: positiveInt(5000),
    DATABASE_CONNECT_TIMEOUT_MS: positiveInt(2000),
    // "false" behind a pooler that cannot hold named statements (PgBouncer in transaction mode before 1.21).
    DATABASE_PREPARED_STATEMENTS: z.enum(["true", "false"]).default("true").transform((value) => value === "true"),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    // New accounts one network address may create per hour (a school lab shares one address).
    SIGN_UP_LIMIT_PER_ADDRESS: positiveInt(10),
    GUEST_PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
    SEED_DEMO_DATA: booleanFlag,
    // Proxy hops in front of the app whose X-Forwarded-For entries are believed: "true" is one
    // (Fly's edge), a number counts hops. Entries left of those are the client's to write.
    TRUST_PROXY: z
      .union([z.enum(["true", "false"]), z.string().regex(/^\d$/, 'must be "true", "false" or a hop count 0–9')])
      .optional()
      .transform((value) => (value === undefined || value === "false" ? 0 : value === "true" ? 1 : Number(value))),
    // Mail (app/mail): sent over SMTP when SMTP_URL is set, else kept in the outbox table only.
    SMTP_URL: z.string().regex(/^smtps?:\/\/[^/]/, "must be an smtp:// or smtps:// URL").optional(),
    MAIL_FROM: z.string().trim().min(3).max(200).default("Marketplace <no-reply@marketplace.test>"),
    // The development mailbox in production: "true" opens it to everyone (the browser tests read
    // mail there; never on a real site), "local" only to whoever holds the link printed at start
    // (what `npm start` sets). Outside production it is always on.
    DEV_MAILBOX: z
      .enum(["true", "1", "local", "false", "0"])
      .optional()
      .transform((value) => (value === "true" || value === "1" ? "open" : value === "local" ? "local" : "off")),
    // "on" lets a request name the time it is handled at (the X-Test-Clock header, an ISO date):
    // the browser tests come back "tomorrow" to study cards due then, and let a timed section run
    // out. Refused on a site served over https; never on a real site.
    TEST_CLOCK: z
      .enum(["on", "off"])
      .default("off")
      .transform((value) => value === "on"),
    // Provider sign-in (POST /omniauth). Google sign-in and the one-tap prompt are off without a client id.
    GOOGLE_CLIENT_ID: z.string().trim().min(1).max(300).optional(),
    // Where Google's signing keys are published; tests point it at a local key set.
    GOOGLE_JWKS_URL: z.url({ protocol: /^https?$/ }).default("https://www.googleapis.com/oauth2/v3/certs"),
    // Comma-separated `iss` values an ID token may carry (Google uses both spellings).
    GOOGLE_ISSUERS: z
      .string()
      .default("https://accounts.google.com,accounts.google.com")
      .transform((value) => value.split(",").map((issuer) => issuer.trim()).filter(Boolean)),
    // Facebook sign-in is off unless both are set; the secret verifies signed_request (never echoed).
    FACEBOOK_APP_ID: z.string().trim().regex(/^\d{1,30}$/, "must be the numeric app id").optional(),
    FACEBOOK_APP_SECRET: z.string().trim().min(16, "must be at least 16 characters").optional(),
    // Realtime through Ably when set ("appId.keyId:secret"); otherwise Server-Sent Events from the app server.
    ABLY_API_KEY: z.string().trim().regex(/^[\w-]+\.[\w-]+:[\w+/=-]+$/, "must look like appId.keyId:secret").optional(),
    // Payments (app/payments/stripe.server.ts): Stripe with a key; else the local Stripe emulator.
    STRIPE_SECRET_KEY: z.string().trim().regex(/^(sk|rk)_(test|live)_/, "must be a Stripe secret key (sk_test_… or sk_live_…)").optional(),
    STRIPE_WEBHOOK_SECRET: z.string().trim().regex(/^whsec_/, "must be a webhook signing secret (whsec_…)").optional(),
    // An emulator already running elsewhere; else the server starts one (on STRIPE_EMULATOR_PORT, default any free port).
    STRIPE_EMULATOR_URL: z.url({ protocol: /^https?$/ }).optional(),
    STRIPE_EMULATOR_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    // Live study sessions' meetings (app/meetings/): Zoom through a server-to-server OAuth app when all
    // three are set; otherwise the built-in meeting emulator at /meetings/{id}.
    ZOOM_ACCOUNT_ID: z.string().trim().min(1).optional(),
    ZOOM_CLIENT_ID: z.string().trim().min(1).optional(),
    ZOOM_CLIENT_SECRET: z.string().trim().min(1).optional(),
    // Study rooms' video (app/study-rooms/rtc.server.ts): a LiveKit server (SFU) when all three are
    // set; otherwise the built-in peer-to-peer mesh, signalled over the realtime channel. The mesh
    // finds peers through RTC_ICE_SERVERS: a JSON array of RTCIceServer (a TURN server such as
    // coturn for production, see the README); by default none, which works on one network.
    // Tokens a student earns when staff approve notes they uploaded (/upload-notes).
    NOTES_REWARD_TOKENS: z.coerce.number().int().min(0).max(1000).default(10),
    // The Encrypted Media Extensions key system /drm-video-testing checks lesson videos' protection
    // against: Clear Key (in every browser that has EME, no licence server) unless a provider's is set.
    VIDEO_KEY_SYSTEM: z.enum(["org.w3.clearkey", "com.widevine.alpha"]).default("org.w3.clearkey"),
    LIVEKIT_URL: z.url({ protocol: /^wss?$/ }).optional(),
    LIVEKIT_API_KEY: z.string().trim().min(1).optional(),
    LIVEKIT_API_SECRET: z.string().trim().min(1).optional(),
    RTC_ICE_SERVERS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!value) return [];
        try {
          const parsed = JSON.parse(value) as unknown;
          if (Array.isArray(parsed) && parsed.every((server) => typeof server === "object" && server !== null && "urls" in server)) return parsed as { urls: string | string[]; username?: string; credential?: string }[];
        } catch {
          // reported below
        }
        ctx.addIssue({ code: "custom", message: 'must be a JSON array of ICE servers, e.g. [{"urls":"turn:turn.example.org:3478","username":"u","credential":"p"}]' });
        return z.NEVER;
      }),
    // Where contact-us messages are emailed (they are stored in contact_messages too).
    SUPPORT_EMAIL: z.email({ error: "must be one email address" }).default("support@marketplace.test"),
  })
  .superRefine(
    (env, ctx) => {
      // Without the signing secret no webhook could be trusted, and no purchase would be fulfilled.
      if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
        ctx.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "is required with STRIPE_SECRET_KEY (the webhook endpoint's whsec_… secret)" });
      }
      const zoom = [env.ZOOM_ACCOUNT_ID, env.ZOOM_CLIENT_ID, env.ZOOM_CLIENT_SECRET].filter(Boolean).length;
      if (zoom > 0 && zoom < 3) {
        for (const name of ["ZOOM_ACCOUNT_ID", "ZOOM_CLIENT_ID", "ZOOM_CLIENT_SECRET"] as const) {
          if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required with the other ZOOM_* settings (a Zoom server-to-server OAuth app)" });
        }
      }
      const livekit = [env.LIVEKIT_URL, env.LIVEKIT_API_KEY, env.LIVEKIT_API_SECRET].filter(Boolean).length;
      if (livekit > 0 && livekit < 3) {
        for (const name of ["LIVEKIT_URL", "LIVEKIT_API_KEY", "LIVEKIT_API_SECRET"] as const) {
          if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required with the other LIVEKIT_* settings (a LiveKit server and its API key)" });
        }
      }
      // The embedded database is a single-machine setup that keeps its own secret next to its data.
      if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.SESSION_SECRET) {
        ctx.addIssue({
          code: "custom",
          path: ["SESSION_SECRET"],
          message: "is required in production with DATABASE_URL (at least 32 random characters)",
        });
      }
      // A deployed site names its own origin: links in mail, canonical URLs and redirect checks
      // never come from the Host header a visitor sends. The local `npm start` defaults to localhost.
      if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.APP_ORIGIN) {
        ctx.addIssue({ code: "custom", path: ["APP_ORIGIN"], message: "is required in production with DATABASE_URL (the site's https://… address)" });
      }
    },
    // Run even when other variables are invalid, so one ConfigError names every problem.
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  );

export type Environment = z.infer<typeof environmentSchema>;

export interface AppConfig extends Environment {
  isProduction: boolean;
  /**
   * The site's origin (scheme, host, port): APP_ORIGIN, else http://localhost:PORT. Pages, mail
   * and redirects see every request at this origin. Only in development and tests without
   * APP_ORIGIN (`originFromRequest`) does a request keep the host it was sent to.
   */
  appOrigin: string;
  originFromRequest: boolean;
  /** Whether visitors reach us over https (Secure cookies, upgrade-insecure-requests). */
  servedOverHttps: boolean;
  sessionSecret: string;
  database: { kind: "postgres"; url: string } | { kind: "embedded"; dataDir: string };
}

/** Variables whose values must never appear in an error message (a DATABASE_URL or SMTP_URL may carry a password). */
const sensitiveVariable = /SECRET|PASSWORD|TOKEN|DATABASE_URL|SMTP_URL|STRIPE_|API_KEY|ICE_SERVERS/;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/**
 * Pure: turns an environment into the app's config, or throws a ConfigError naming each bad
 * variable. `localSecret` supplies the secret when none is set and the database is embedded.
 */
export function parseConfig(env: Record<string, string | undefined>, localSecret?: (dataDir: string) => string): AppConfig {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  const result = environmentSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const variable = issue.path.join(".") || "environment";
        const received = issue.path.length ? cleaned[String(issue.path[0])] : undefined;
        return `${variable}: ${issue.message}${received !== undefined && !sensitiveVariable.test(variable) ? ` (got "${received}")` : ""}`;
      }),
    );
  }
  const parsed = result.data;
  if (parsed.TEST_CLOCK && parsed.NODE_ENV === "production" && (parsed.TRUST_PROXY > 0 || parsed.APP_ORIGIN?.startsWith("https:"))) {
    throw new ConfigError(["TEST_CLOCK: a site served over https never lets requests choose the time"]);
  }
  return {
    ...parsed,
    isProduction: parsed.NODE_ENV === "production",
    // Behind a TLS-terminating proxy or with an https APP_ORIGIN; a local `npm start` is plain http.
    servedOverHttps: parsed.NODE_ENV === "production" && Boolean(parsed.TRUST_PROXY > 0 || parsed.APP_ORIGIN?.startsWith("https:")),
    appOrigin: parsed.APP_ORIGIN
      ? new URL(parsed.APP_ORIGIN).origin
      : `http://${localHostName(parsed.HOST)}:${parsed.PORT}`,
    originFromRequest: parsed.NODE_ENV !== "production" && !parsed.APP_ORIGIN,
    sessionSecret:
      parsed.SESSION_SECRET ??
      (!parsed.DATABASE_URL && localSecret ? localSecret(parsed.DATA_DIR) : "development-only-secret-never-used-in-production"),
    database: parsed.DATABASE_URL
      ? { kind: "postgres", url: parsed.DATABASE_URL }
      : { kind: "embedded", dataDir: parsed.DATA_DIR },
  };
}

/** How a browser on this machine names the listening address. */
function localHostName(host: string) {
  if (host === "0.0.0.0" || host === "::") return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}

/** The process-wide config, read from process.env on first use. */
export function config(): AppConfig {
  return singleton("config", () => parseConfig(process.env, readOrCreateLocalSecret));
}

/** A random secret kept in the embedded database's folder, so sessions survive restarts. */
function readOrCreateLocalSecret(dataDir: string) {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
