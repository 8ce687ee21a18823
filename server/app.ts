import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import { pinoHttp } from "pino-http";
import type { Server } from "node:http";
import type { AppConfig } from "../app/config/env.server";
import { isDatabaseUnavailableError } from "../app/db/connection-errors";
import { isDatabaseReachable } from "../app/db/db.server";
import { checkoutOrigins } from "../app/payments/stripe.server";
import { logger } from "../app/utils/logger.server";
import { runWithRequestContext } from "../app/utils/request-context.server";
import { GuestPageCache } from "./guest-page-cache";
import { refusedAddressReason } from "../app/security/request-input";
import { createRemixHandler } from "./remix-handler";
import { sendRefusal } from "./refusal";
import { securityHeaders } from "./security-headers";
import { whiteboardFonts } from "./whiteboard-fonts";

export interface AppOptions {
  config: AppConfig;
  /** The Remix server build, or a function loading it (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the client build (production). */
  clientDir?: string;
  /** Vite's dev middleware (development). */
  viteMiddleware?: express.RequestHandler;
}

/**
 * How long one request may take to arrive. A body dripped a byte a second would otherwise hold
 * its connection for ever; two minutes still lets a phone on a slow network upload an avatar.
 */
export function applyServerTimeouts(server: Server, { requestTimeoutMs = 120_000 } = {}) {
  server.keepAliveTimeout = 65_000; // longer than the proxy's idle timeout
  server.headersTimeout = Math.min(66_000, requestTimeoutMs);
  server.requestTimeout = requestTimeoutMs;
}

/** URL paths of the client build's files outside /assets (copied from public/). */
function publicFilesIn(clientDir: string, folder = ""): string[] {
  return readdirSync(path.join(clientDir, folder), { withFileTypes: true }).flatMap((entry) => {
    const urlPath = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return urlPath === "/assets" ? [] : publicFilesIn(clientDir, urlPath);
    return [urlPath];
  });
}

export function createApp({ config, build, clientDir, viteMiddleware }: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  // Exactly the proxy hops there are: each appends the address it saw to X-Forwarded-For, so the
  // client address is the entry that many places from the right; anything left of it is the
  // client's own writing (`true` would believe the left-most entry).
  if (config.TRUST_PROXY > 0) app.set("trust proxy", config.TRUST_PROXY);

  app.use((req, res, next) => {
    const requestId = (req.headers["fly-request-id"] as string | undefined) ?? randomUUID();
    res.setHeader("X-Request-Id", requestId);
    // The origin requests are seen at: the configured one, so a visitor's Host header never
    // reaches a link, a canonical URL or a same-origin check (development and tests excepted).
    res.locals.siteOrigin = config.originFromRequest ? `${req.protocol}://${req.get("host") ?? "localhost"}` : config.appOrigin;
    runWithRequestContext({ requestId, queryCount: 0, databaseUnavailable: false }, next);
  });

  app.use(
    pinoHttp({
      logger: logger(),
      genReqId: (_req, res) => String(res.getHeader("X-Request-Id")),
      autoLogging: { ignore: (req) => req.url === "/healthz" || Boolean(req.url?.startsWith("/assets/")) },
      // 503 is the expected answer while the database is away: worth a warning, not an error.
      customLogLevel: (_req, res, error) =>
        res.statusCode === 503 || (res.statusCode >= 400 && res.statusCode < 500) ? "warn" : error || res.statusCode >= 500 ? "error" : "info",
      serializers: {
        req: (req) => ({ method: req.method, url: req.url, ip: req.remoteAddress }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  app.use(
    securityHeaders({
      production: config.isProduction,
      devServer: Boolean(viteMiddleware),
      servedOverHttps: config.servedOverHttps,
      googleSignIn: Boolean(config.GOOGLE_CLIENT_ID),
      ably: Boolean(config.ABLY_API_KEY),
      checkoutOrigins: checkoutOrigins(),
    }),
  );
  // An address that does not decode, or holds a NUL, is refused before routing (which would
  // throw on it) and before any query (PostgreSQL cannot store NUL).
  app.use((req, res, next) => {
    const reason = refusedAddressReason(req.originalUrl);
    if (!reason) return next();
    sendRefusal(req, res, { status: 400, code: "invalid_parameter", title: "This address is not valid", detail: reason });
  });

  app.use(compression());

  app.get("/healthz", async (_req, res) => {
    const databaseUp = await isDatabaseReachable(1500);
    res.setHeader("Cache-Control", "no-store");
    res.status(databaseUp ? 200 : 503).json({ status: databaseUp ? "ok" : "unavailable", database: databaseUp ? "up" : "down" });
  });

  app.use(...whiteboardFonts());

  if (viteMiddleware) {
    app.use(viteMiddleware);
  } else if (clientDir) {
    // Fingerprinted build assets never change: cache them for a year.
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    // The few other public files (the favicon…) are known at start, so a page request does not
    // ask the file system first.
    const publicFiles = new Set(publicFilesIn(clientDir));
    const servePublic = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (publicFiles.has(req.path) ? servePublic(req, res, next) : next()));
  }

  app.all(
    "*",
    createRemixHandler({
      build,
      mode: config.isProduction ? "production" : "development",
      sessionSecret: config.sessionSecret,
      secureCookies: config.servedOverHttps,
      appOrigin: config.originFromRequest ? undefined : config.appOrigin,
      guestCache: new GuestPageCache({
        ttlMs: config.GUEST_PAGE_CACHE_SECONDS * 1000,
        staleMs: 60_000,
        maxEntries: 1_000,
      }),
    }),
  );

  const onError: ErrorRequestHandler = (error, _req, res, _next) => {
    const unavailable = isDatabaseUnavailableError(error);
    if (!unavailable) logger().error({ err: error }, "unhandled request error");
    if (res.headersSent) {
      res.end();
      return;
    }
    if (unavailable) {
      res.status(503).setHeader("Retry-After", "5").type("text/plain").send("The service is briefly unavailable. Please try again shortly.");
      return;
    }
    res.status(500).type("text/plain").send("There was a problem on the site.  Please contact us if this issue persists");
  };
  app.use(onError);
  return app;
}
