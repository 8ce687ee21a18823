import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll } from "vitest";
import { createUserSession } from "../../app/accounts/session.server";
import { parseConfig } from "../../app/config/env.server";
import { createApp } from "../../server/app";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");

/** The real HTTP app (Express + the production Remix build) on a free loopback port. */
export async function startTestApp(env: Record<string, string> = {}) {
  const serverBuild = path.join(buildDir, "server", "index.js");
  if (!existsSync(serverBuild)) throw new Error("No production build: run `npm run build` first (npm test does).");
  const build = (await import(serverBuild)) as ServerBuild;
  const config = parseConfig({ NODE_ENV: "test", SESSION_SECRET: "test-secret-test-secret-test-secret-00", ...env });
  const app = createApp({ config, build, clientDir: path.join(buildDir, "client") });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    fetch: (pathname: string, init: RequestInit = {}) => fetch(`${origin}${pathname}`, { redirect: "manual", ...init }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * The real HTTP app for the calling test file: started before its tests (after the file's
 * database, when useTestDatabase() was called first) and closed after them.
 */
export function useTestApp(env: Record<string, string> = {}): TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(env);
  });
  afterAll(async () => {
    await app?.close();
  });
  const started = () => {
    if (!app) throw new Error("useTestApp(): the app starts in beforeAll");
    return app;
  };
  return {
    get origin() {
      return started().origin;
    },
    fetch: (pathname, init) => started().fetch(pathname, init),
    close: () => started().close(),
  };
}

/** A browser-like visitor: keeps cookies between requests and reads the page's CSRF token. */
export function visitor(app: { fetch: (pathname: string, init?: RequestInit) => Promise<Response> }) {
  const jar = new Map<string, string>();
  return {
    jar,
    async fetch(pathname: string, init: RequestInit = {}) {
      const headers = new Headers(init.headers);
      if (jar.size) headers.set("Cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
      const response = await app.fetch(pathname, { ...init, headers });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(";");
        const eq = pair!.indexOf("=");
        jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
      return response;
    },
    async page(pathname: string) {
      const response = await this.fetch(pathname, { headers: { Accept: "text/html" } });
      const html = await response.text();
      return { response, html, csrfToken: metaCsrfToken(html) };
    },
  };
}

export function metaCsrfToken(html: string) {
  return /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1];
}

/**
 * A browser signed in as this user (a fresh session, as after signing in), holding the CSRF
 * token of `firstPage`, with helpers to post a form and to PUT JSON as the pages do.
 */
export async function signedInVisitor(app: { fetch: (pathname: string, init?: RequestInit) => Promise<Response> }, userId: number, firstPage = "/courses") {
  const browser = visitor(app);
  const setCookie = await createUserSession({ userId, rememberMe: false, request: new Request("http://x") });
  const [name, value] = setCookie.split(";")[0]!.split("=") as [string, string];
  browser.jar.set(name, value);
  const { csrfToken, html } = await browser.page(firstPage);
  const form = (pathname: string, fields: [string, string][]) =>
    browser.fetch(pathname, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: new URLSearchParams([["csrf_token", csrfToken!], ...fields]).toString(),
    });
  const put = (pathname: string, body: unknown, contentType = "application/json") =>
    browser.fetch(pathname, {
      method: "PUT",
      headers: { "Content-Type": contentType, Accept: "application/json", "X-CSRF-Token": csrfToken! },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  return Object.assign(browser, { form, put, html });
}
