import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserSession, SESSION_COOKIE } from "../../app/accounts/session.server";
import { parseConfig } from "../../app/config/env.server";
import { devMailboxKey } from "../../app/mail/outbox.server";
import { FIELD_INDEX_TOO_LARGE, FIELD_NAME_TOO_DEEP } from "../../app/security/request-input";
import { resetSingleton } from "../../app/utils/singleton.server";
import { applyServerTimeouts, createApp } from "../../server/app";
import { createTestUser, latestMailTo } from "../integration/accounts/helpers";
import { useTestDatabase } from "../support/database";
import { startTestApp, visitor } from "../support/http-app";

/**
 * What an attacker's requests could do to the server before these defences (each test failed
 * on the code before them): freeze it with a tiny form, read unbounded bodies, choose their own
 * client address behind the proxy, open the development mailbox, put their host into mailed
 * links and cached pages, slip past the CSRF check by an unnormalised path.
 */
const database = useTestDatabase();
const db = () => database().db;
let app: Awaited<ReturnType<typeof startTestApp>>;
/** Behind one proxy hop, as on Fly: the last X-Forwarded-For entry is the proxy's. */
let proxied: Awaited<ReturnType<typeof startTestApp>>;
/** A deployment: production, its own origin configured. */
let deployed: Awaited<ReturnType<typeof startTestApp>>;
const SITE = "https://marketplace.example";

beforeAll(async () => {
  [app, proxied, deployed] = await Promise.all([
    startTestApp(),
    startTestApp({ TRUST_PROXY: "true" }),
    startTestApp({ NODE_ENV: "production", APP_ORIGIN: SITE }),
  ]);
});
afterAll(async () => {
  await Promise.all([app?.close(), proxied?.close(), deployed?.close()]);
});

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  ms: number;
}

/**
 * A request exactly as written (Host header, unnormalised path, chunked body), which fetch
 * would not send. `chunks` are written one by one with Transfer-Encoding: chunked.
 */
function raw(origin: string, options: { method?: string; path: string; headers?: Record<string, string>; body?: string; chunks?: Iterable<Buffer> }): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  const started = performance.now();
  let answered = false;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method: options.method ?? "GET", path: options.path, headers: options.headers }, (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ms: performance.now() - started }));
      res.on("error", reject);
    });
    // The server may close the connection while a refused body is still being written.
    req.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error)));
    if (options.chunks) {
      void (async () => {
        for (const chunk of options.chunks!) {
          // A client stops sending once it has its answer.
          if (req.destroyed || answered) return;
          if (!req.write(chunk)) await new Promise((r) => req.once("drain", r));
        }
        req.end();
      })();
    } else {
      req.end(options.body);
    }
  });
}

/** A guest who opened a page: cookies and the CSRF token of that page. */
async function guestOf(target: typeof app, page = "/users/sign_in") {
  const guest = visitor(target);
  const { csrfToken } = await guest.page(page);
  const cookie = [...guest.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  return { guest, csrfToken: csrfToken!, cookie };
}

async function signedInBrowser(target: typeof app, userId: number) {
  const setCookie = await createUserSession({ userId, rememberMe: false, request: new Request("http://x") });
  const browser = visitor(target);
  browser.jar.set(SESSION_COOKIE, setCookie.split(";")[0]!.slice(SESSION_COOKIE.length + 1));
  const { csrfToken } = await browser.page("/profile");
  return { browser, csrfToken: csrfToken!, cookie: [...browser.jar].map(([k, v]) => `${k}=${v}`).join("; ") };
}

function postForm(browser: ReturnType<typeof visitor>, pathname: string, body: string, headers: Record<string, string> = {}) {
  return browser.fetch(pathname, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", ...headers }, body });
}

describe("1–3: form field names that would cost far more than their bytes", () => {
  it("refuses a 150-byte form naming list position 30,000,000 within a second, and /healthz never waits", async () => {
    const { guest, csrfToken } = await guestOf(app);
    const body = `csrf_token=${csrfToken}&email=bad&password=x&x%5B30000000%5D=1`;
    const started = performance.now();
    const [answer, health] = await Promise.all([
      postForm(guest, "/users/sign_in", body),
      (async () => {
        await new Promise((r) => setTimeout(r, 20));
        const t = performance.now();
        const response = await app.fetch("/healthz");
        return { status: response.status, ms: performance.now() - t };
      })(),
    ]);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain(FIELD_INDEX_TOO_LARGE);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(health.status).toBe(200);
    expect(health.ms).toBeLessThan(500);
  });

  it.each([
    ["/contact-us", "x%5B50000000%5D=1"],
    ["/sign-up", "x%5B50000000%5D=1"],
  ])("refuses the same on %s", async (pathname, field) => {
    const { guest, csrfToken } = await guestOf(app, pathname);
    const started = performance.now();
    const answer = await postForm(guest, pathname, `csrf_token=${csrfToken}&${field}`);
    expect(answer.status).toBe(400);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("refuses the profile's course list at position 99,999,999 and a name nested 1,500 levels, changing nothing", async () => {
    const user = await createTestUser(db(), { confirmed: true });
    const { browser, csrfToken } = await signedInBrowser(app, user.id);
    const sparse = await postForm(browser, "/profile", `csrf_token=${csrfToken}&intent=profile&first_name=Changed&last_name=X&email=${encodeURIComponent(user.email)}&user_courses_attributes%5B99999999%5D.course_id=1`);
    expect(sparse.status).toBe(400);
    expect(await sparse.text()).toContain(FIELD_INDEX_TOO_LARGE);
    const deep = await postForm(browser, "/profile", `csrf_token=${csrfToken}&intent=profile&${encodeURIComponent(`a${"[b]".repeat(1500)}`)}=1`);
    expect(deep.status).toBe(400);
    expect(await deep.text()).toContain(FIELD_NAME_TOO_DEEP);
    const stored = await db().selectFrom("users").select("first_name").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(stored.first_name).toBe(user.first_name);
  });

  it("refuses more course entries on the profile form than the API takes (at most 100), storing none", async () => {
    const user = await createTestUser(db(), { confirmed: true });
    const { browser, csrfToken } = await signedInBrowser(app, user.id);
    const form = (count: number) =>
      `csrf_token=${csrfToken}&intent=profile&first_name=Pat&last_name=Doe&email=${encodeURIComponent(user.email)}&` +
      Array.from({ length: count }, (_, i) => `user_courses_attributes%5B${i}%5D%5Bcourse_id%5D=1`).join("&");
    for (const [count, message] of [
      [1_000, "Choose at most 100 courses"],
      [10_000, FIELD_INDEX_TOO_LARGE],
    ] as const) {
      const started = performance.now();
      const answer = await postForm(browser, "/profile", form(count));
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain(message);
      expect(performance.now() - started).toBeLessThan(1000);
    }
    const rows = await db().selectFrom("user_courses").select(sql<number>`count(*)::int`.as("n")).where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(rows.n).toBe(0);
  });

  it("refuses JSON nested deeper than any document of ours", async () => {
    const { csrfToken, cookie } = await guestOf(app);
    const answer = await raw(app.origin, {
      method: "POST",
      path: "/users/sign_in",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": csrfToken, Cookie: cookie },
      body: `{"user":${"[".repeat(5000)}${"]".repeat(5000)}}`,
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).errors[0].code).toBe("invalid_parameter");
  });
});

describe("4: bodies are capped by the bytes read, however they are framed", () => {
  const megabyte = Buffer.alloc(1024 * 1024, "a");

  it("answers 413 to a chunked 60 MB form from a guest without cookies as soon as it passes the cap", async () => {
    let sent = 0;
    function* sixtyMegabytes() {
      for (let i = 0; i < 60; i += 1) {
        sent += 1;
        yield megabyte;
      }
    }
    const answer = await raw(app.origin, {
      method: "POST",
      path: "/contact-us",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", "Transfer-Encoding": "chunked" },
      chunks: sixtyMegabytes(),
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("too large");
    expect(sent).toBeLessThan(60);
  });

  it("answers 413 to a chunked multipart body over 25 MB", async () => {
    const answer = await raw(app.origin, {
      method: "POST",
      path: "/profile",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Transfer-Encoding": "chunked" },
      chunks: Array.from({ length: 27 }, () => megabyte),
    });
    expect(answer.status).toBe(413);
  });

  it("answers 413 to a declared length over the cap before reading it", async () => {
    const answer = await raw(app.origin, {
      method: "POST",
      path: "/contact-us",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(2 * 1024 * 1024) },
      body: "",
    });
    expect(answer.status).toBe(413);
  });

  it("still takes a small chunked form (the CSRF check reads it)", async () => {
    const { csrfToken, cookie } = await guestOf(app);
    const answer = await raw(app.origin, {
      method: "POST",
      path: "/users/sign_in",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", Cookie: cookie, "Transfer-Encoding": "chunked" },
      chunks: [Buffer.from(`csrf_token=${csrfToken}&email=nobody%40example.test`), Buffer.from("&password=wrong-password")],
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("don&#x27;t match");
  });
});

describe("5: behind the proxy, the client address is the one the proxy saw", () => {
  /** What Fly's proxy sends on: whatever the client wrote, then the address it connected from. */
  const forwarded = (forged: string) => `${forged}, 198.51.100.77`;

  it("counts password-reset requests per real address however the client rewrites X-Forwarded-For", async () => {
    const user = await createTestUser(db(), { confirmed: true });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const { guest, csrfToken } = await guestOf(proxied, "/users/password/new");
      const answer = await postForm(guest, "/users/password", new URLSearchParams({ csrf_token: csrfToken, "user[email]": user.email }).toString(), {
        "X-Forwarded-For": forwarded(`203.0.113.${i + 1}`),
      });
      statuses.push(answer.status);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  });

  it("counts sign-ups per real address: the eleventh from one address within the hour is refused", async () => {
    const address = `198.51.100.${Math.floor(Math.random() * 200) + 20}`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const { guest, csrfToken } = await guestOf(proxied, "/sign-up");
      const answer = await postForm(
        guest,
        "/sign-up",
        new URLSearchParams({ csrf_token: csrfToken, first_name: "Sam", last_name: "Proxy", email: `proxy-${Date.now()}-${i}@example.test`, password: "a-strong-password" }).toString(),
        { "X-Forwarded-For": `203.0.113.${i + 1}, ${address}` },
      );
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 302)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("6: the development mailbox in production", () => {
  const saved = { ...process.env };
  function productionProcess(env: Record<string, string>) {
    // Routes read the process's config; the test database stays installed underneath.
    Object.assign(process.env, { NODE_ENV: "production", SESSION_SECRET: "m".repeat(40) }, env);
    delete process.env.DATABASE_URL;
    delete process.env.SMTP_URL;
    resetSingleton("config");
  }
  afterAll(() => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
    resetSingleton("config");
  });

  it("stays closed without DEV_MAILBOX, even to a forged loopback address on the local setup", async () => {
    productionProcess({});
    const answer = await proxied.fetch("/dev/mailbox", { headers: { Accept: "text/html", "X-Forwarded-For": "127.0.0.1" } });
    expect(answer.status).toBe(404);
    const viaForwarded = await proxied.fetch("/dev/mailbox", { headers: { Accept: "text/html", "X-Forwarded-For": "127.0.0.1, 203.0.113.77" } });
    expect(viaForwarded.status).toBe(404);
  });

  it("with DEV_MAILBOX=local (npm start) opens only through the printed link, never by address", async () => {
    productionProcess({ DEV_MAILBOX: "local" });
    for (const headers of [{}, { "X-Forwarded-For": "127.0.0.1" }, { "X-Forwarded-For": "127.0.0.1, 127.0.0.1" }] as Record<string, string>[]) {
      expect((await proxied.fetch("/dev/mailbox", { headers: { Accept: "text/html", ...headers } })).status).toBe(404);
    }
    expect((await proxied.fetch("/dev/mailbox?key=wrong", { headers: { Accept: "text/html" } })).status).toBe(404);

    const browser = visitor(proxied);
    const opened = await browser.fetch(`/dev/mailbox?key=${devMailboxKey("m".repeat(40))}`, { headers: { Accept: "text/html" } });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/dev/mailbox");
    const page = await browser.page("/dev/mailbox");
    expect(page.response.status).toBe(200);
    expect(page.html).toContain("Development mailbox");
  });
});

describe("7 and 8: links and cached pages name the configured origin, never the Host header", () => {
  it("mails a reset link at the configured origin when the request says Host: evil.example", async () => {
    const user = await createTestUser(db(), { confirmed: true });
    const { csrfToken, cookie } = await guestOf(deployed, "/users/password/new");
    const answer = await raw(deployed.origin, {
      method: "POST",
      path: "/users/password",
      headers: { Host: "evil.example", Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: new URLSearchParams({ csrf_token: csrfToken, "user[email]": user.email }).toString(),
    });
    expect(answer.status).toBe(302);
    const mail = await latestMailTo(db(), user.email);
    expect(mail!.text_body).toContain(`${SITE}/users/password/edit?reset_password_token=`);
    expect(mail!.text_body).not.toContain("evil.example");
  });

  it("never stores or serves a guest page built for another host", async () => {
    const poisoned = await raw(deployed.origin, { path: "/about?p=r", headers: { Host: "evil.example", Accept: "text/html" } });
    expect(poisoned.status).toBe(200);
    expect(poisoned.body).not.toContain("evil.example");
    const served = await raw(deployed.origin, { path: "/about?p=r", headers: { Host: "marketplace.example", Accept: "text/html" } });
    expect(served.status).toBe(200);
    expect(served.body).toContain(`<link rel="canonical" href="${SITE}/about"`);
    expect(served.body).not.toContain("evil.example");
    const again = await raw(deployed.origin, { path: "/about?p=r", headers: { Host: "marketplace.example", Accept: "text/html" } });
    expect(again.headers["x-guest-cache"]).toBe("fresh");
    expect(again.body).not.toContain("evil.example");
  });
});

describe("11: headers, the CSRF exemption and slow bodies", () => {
  it("sends Permissions-Policy and one frame policy (deny) on every page", async () => {
    const answer = await app.fetch("/about", { headers: { Accept: "text/html" } });
    // Camera and microphone are for the site's own study rooms, never for anything it embeds.
    expect(answer.headers.get("permissions-policy")).toContain("camera=(self)");
    expect(answer.headers.get("permissions-policy")).toContain("microphone=(self)");
    expect(answer.headers.get("permissions-policy")).toContain("geolocation=()");
    expect(answer.headers.get("x-frame-options")).toBe("DENY");
    expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("marks signed-in pages private, no-store", async () => {
    const user = await createTestUser(db(), { confirmed: true });
    const { browser } = await signedInBrowser(app, user.id);
    for (const pathname of ["/dashboard", "/profile", "/courses"]) {
      const answer = await browser.fetch(pathname, { headers: { Accept: "text/html" } });
      expect(answer.headers.get("cache-control"), pathname).toBe("private, no-store");
    }
  });

  it("checks the CSRF token of POST /webhooks/../profile, which routes as /profile", async () => {
    const user = await createTestUser(db(), { confirmed: true });
    const { cookie } = await signedInBrowser(app, user.id);
    const answer = await raw(app.origin, {
      method: "POST",
      path: "/webhooks/../profile",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: `intent=profile&first_name=Hijacked&last_name=X&email=${encodeURIComponent(user.email)}`,
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).errors[0].code).toBe("csrf_auth_failed");
    const stored = await db().selectFrom("users").select("first_name").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(stored.first_name).toBe(user.first_name);
  });

  it("never offers a javascript: Referer as the way back from the CSRF refusal", async () => {
    for (const referer of ["javascript:alert(1)", `javascript://${new URL(app.origin).host}/%0aalert(1)`]) {
      const answer = await app.fetch("/contact-us", { method: "POST", headers: { Accept: "text/html", Referer: referer, "Content-Type": "application/x-www-form-urlencoded" }, body: "message=hi" });
      expect(answer.status).toBe(400);
      const html = await answer.text();
      expect(html).toContain('<a href="/">Go back</a>');
      expect(html).not.toContain("javascript");
    }
    const fromOwnPage = await app.fetch("/contact-us", { method: "POST", headers: { Accept: "text/html", Referer: `${app.origin}/contact-us`, "Content-Type": "application/x-www-form-urlencoded" }, body: "message=hi" });
    expect(await fromOwnPage.text()).toContain(`<a href="${app.origin}/contact-us">Go back</a>`);
  });

  it("closes a connection whose body drips in slower than the request timeout allows", async () => {
    const build = (await import(path.resolve(process.env.BUILD_DIR ?? "build", "server", "index.js"))) as ServerBuild;
    const config = parseConfig({ NODE_ENV: "test", SESSION_SECRET: "drip-test-secret-drip-test-secret-0000" });
    const server: Server = createServer({ connectionsCheckingInterval: 100 }, createApp({ config, build }));
    applyServerTimeouts(server, { requestTimeoutMs: 1000 });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      async function* drip() {
        for (let i = 0; i < 30; i += 1) {
          yield Buffer.from("a");
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      const started = performance.now();
      const answer = await new Promise<number>((resolve) => {
        const { port } = new URL(origin);
        const req = httpRequest({ host: "127.0.0.1", port, method: "POST", path: "/contact-us", headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "30" } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", () => resolve(0));
        req.on("close", () => resolve(0));
        void (async () => {
          for await (const byte of drip()) if (!req.destroyed) req.write(byte);
        })();
      });
      expect([0, 408]).toContain(answer);
      expect(performance.now() - started).toBeLessThan(4000);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
