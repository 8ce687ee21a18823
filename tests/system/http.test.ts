import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { metaCsrfToken, startTestApp, useTestApp, visitor } from "../support/http-app";
import { CSRF_COOKIE } from "../../app/security/csrf.server";
import { sessionCookieFor } from "../support/route-visitor";
import { SESSION_COOKIE } from "../../app/accounts/session.server";
import { currentBanner } from "../../app/shell/site-banner";
import { useTestDatabase } from "../support/database";
import { ROUTE_SAMPLES } from "../support/route-samples";

const database = useTestDatabase();
const app = useTestApp();

const jsonHeaders = (token?: string) => ({
  "Content-Type": "application/json",
  Accept: "application/json",
  ...(token ? { "X-CSRF-Token": token } : {}),
});

describe("pages", () => {
  it("renders the homepage from the database with a nonce-based CSP", async () => {
    const guest = visitor(app);
    const { response, html } = await guest.page("/");
    expect(response.status).toBe(200);
    const featured = await database()
      .db.selectFrom("online_courses")
      .where("status", "=", "published")
      .where("read_access", "=", "public")
      .select("name")
      .execute();
    expect(featured.some(({ name }) => html.includes(name.replace(/&/g, "&amp;")))).toBe(true);

    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const scriptNonces = [...html.matchAll(/<script[^>]*nonce="([^"]+)"/g)].map((m) => m[1]);
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("gives each guest their own nonce and CSRF token, even from the page cache", async () => {
    const first = visitor(app);
    const second = visitor(app);
    const a = await first.page("/courses");
    const b = await second.page("/courses");
    const c = await first.page("/courses");
    expect(b.response.headers.get("x-guest-cache")).toMatch(/fresh|stale/);
    expect(a.csrfToken).toBeTruthy();
    expect(a.csrfToken).not.toBe(b.csrfToken);
    expect(c.csrfToken).toBe(a.csrfToken);
    for (const { response, html } of [a, b, c]) {
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
      expect(html).toContain(`nonce="${nonce}"`);
    }
    expect(b.html).not.toContain(a.csrfToken);
  });

  it("keeps a cached guest page apart by the browser's theme and dismissed banner", async () => {
    const dark = await app.fetch("/courses", { headers: { Accept: "text/html", Cookie: "theme=dark" } });
    expect(await dark.text()).toMatch(/<html lang="en" class="dark"/);
    const light = await visitor(app).page("/courses");
    expect(light.html).toMatch(/<html lang="en" class="light"/);
    expect(light.html).toContain("Dismiss announcement");
    const dismissed = await app.fetch("/courses", { headers: { Accept: "text/html", Cookie: `site_banner=${currentBanner(new Date()).id}` } });
    expect(await dismissed.text()).not.toContain("Dismiss announcement");
    expect((await visitor(app).page("/courses")).html).toContain("Dismiss announcement");
  });

  it("serves a guest without a browser's Accept header (curl, crawlers, link previews) the cached page", async () => {
    await app.fetch("/pricing", { headers: { Accept: "text/html" } });
    for (const accept of [undefined, "*/*"]) {
      const response = await app.fetch("/pricing", accept ? { headers: { Accept: accept } } : { headers: {} });
      expect(response.status).toBe(200);
      expect(response.headers.get("x-guest-cache")).toMatch(/fresh|stale/);
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(await response.text()).toContain("<h1");
    }
  });

  it("never serves the guest cache to a signed-in visitor", async () => {
    const response = await app.fetch("/courses", { headers: { Accept: "text/html", Cookie: "session=abc" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-guest-cache")).toBeNull();
  });

  it("answers an unknown page with the 404 page", async () => {
    const response = await app.fetch("/no-such-page/at-all", { headers: { Accept: "text/html" } });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("couldn");
  });

  it("keeps a layout on the page when only the route inside it fails", async () => {
    const response = await app.fetch("/dev/mailbox/99999999", { headers: { Accept: "text/html" } });
    expect(response.status).toBe(404);
    const html = await response.text();
    // The mailbox's own heading and filter stay; the missing message says so in its place.
    expect(html).toContain("Development mailbox");
    expect(html).toContain("This part of the page could not be shown");
    expect(html).not.toContain("We couldn&#x27;t find that page");
  });

  it("filters the catalogue by the search query without JavaScript", async () => {
    const { html } = await visitor(app).page("/courses?query=calculus");
    const matching = await database()
      .db.selectFrom("courses")
      .where(sql<boolean>`lower(name) like '%calculus%'`)
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    expect(matching.n).toBeGreaterThan(0);
    expect(html.replace(/<!-- -->/g, "")).toContain(`${matching.n} courses matching`);
  });

  it("serves build assets with long-lived cache headers and compresses pages", async () => {
    const { html } = await visitor(app).page("/");
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await app.fetch(asset!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("max-age=31536000");
    expect(response.headers.get("cache-control")).toContain("immutable");
    const page = await app.fetch("/", { headers: { Accept: "text/html", "Accept-Encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
  });

  it("answers a page whole with its length, a HEAD with the page's headers and no body, and a gzip page that unpacks to the same text", async () => {
    const student = (await database().db.selectFrom("users").select("id").where("email", "=", "student@demo.test").executeTakeFirstOrThrow()).id;
    const cookie = `${SESSION_COOKIE}=${await sessionCookieFor(student)}`;
    const page = await app.fetch("/dashboard", { headers: { Accept: "text/html", "Accept-Encoding": "identity", Cookie: cookie } });
    const bytes = new Uint8Array(await page.arrayBuffer());
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("transfer-encoding")).toBeNull();
    expect(Number(page.headers.get("content-length"))).toBe(bytes.byteLength);
    const html = new TextDecoder().decode(bytes);
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    // The last thing a page holds: the end of its data for hydration.
    expect(html).toMatch(/streamController\.close\(\);<\/script>(<!--\/\$-->)*$/);
    // The footer's © is two bytes: the length counts bytes, not characters.
    expect(html).toContain("©");

    const head = await app.fetch("/dashboard", { method: "HEAD", headers: { Accept: "text/html", Cookie: cookie } });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await head.text()).toBe("");

    const gzipped = await app.fetch("/dashboard", { headers: { Accept: "text/html", "Accept-Encoding": "gzip", Cookie: cookie } });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    const text = await gzipped.text();
    const title = (document: string) => /<title>([^<]*)<\/title>/.exec(document)?.[1];
    expect(title(text)).toBeTruthy();
    expect(title(text)).toBe(title(html));
    expect(text).toMatch(/streamController\.close\(\);<\/script>(<!--\/\$-->)*$/);
  });

  it("reports health with the database state", async () => {
    const response = await app.fetch("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "up" });
  });
});

describe("route matching", () => {
  // patches/ (docs/decisions/010-route-matching-patch.md): the route table is ranked once per
  // process and the server's route trees are made once per build, so a request's matchings (the
  // server runtime's, the static handler's, the render's, lazy route discovery's) neither flatten
  // nor read the route table, and each tries only the few branches its URL's first segment allows.
  it("matches a request's URL without reading the route table", async () => {
    const count = (name: string) => (globalThis as Record<symbol, number | undefined>)[Symbol.for(name)] ?? 0;
    const counters = () => ({
      flattened: count("@remix-run/router:flattened-route-trees"),
      shapeReads: count("@remix-run/router:route-tree-shape-reads"),
      serverRoutes: count("@remix-run/react:server-routes-created"),
    });
    const student = (await database().db.selectFrom("users").select("id").where("email", "=", "student@demo.test").executeTakeFirstOrThrow()).id;
    const browser = visitor(app);
    browser.jar.set(SESSION_COOKIE, await sessionCookieFor(student));
    const pages = ["/dashboard", "/courses", "/notifications", "/chats", "/courses/waterloo-math-137", "/pricing", "/no-such-page"];
    for (const page of pages) await browser.page(page);
    const warm = counters();
    expect(warm.flattened).toBeGreaterThan(0);
    expect(warm.serverRoutes).toBeGreaterThan(0);
    const tried = count("@remix-run/router:route-branches-tried");
    for (let request = 0; request < 100; request++) {
      const { response } = await browser.page(pages[request % pages.length]!);
      expect(response.status).toBeLessThan(500);
    }
    expect(counters()).toEqual(warm);
    // Unindexed, a page's branch is tried after every deeper static branch of the app's ≈150.
    expect((count("@remix-run/router:route-branches-tried") - tried) / 100).toBeLessThan(15);
  });
});

describe("API documents and errors", () => {
  it("lists schools in the document style with included courses and paging meta", async () => {
    const response = await app.fetch("/api/v1/schools?per_page=2&include=courses");
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.data).toHaveLength(2);
    expect(document.data[0]).toMatchObject({ type: "school", id: expect.any(String), attributes: { name: expect.any(String) } });
    expect(document.data[0].relationships.courses.data.length).toBeGreaterThan(0);
    expect(document.included.every((r: { type: string }) => r.type === "course")).toBe(true);
    expect(document.meta).toMatchObject({ page: 1, per_page: 2, total: expect.any(Number) });
  });

  it.each([
    ["/api/v1/schools/99999999", 404, "not_found"],
    ["/api/v1/schools/abc", 404, "not_found"],
    ["/api/v1/schools?page=0", 400, "invalid_parameter"],
    ["/api/v1/schools?include=secrets", 400, "invalid_include"],
    ["/api/v1/nothing-here", 404, "not_found"],
  ])("GET %s answers %i %s", async (pathname, status, code) => {
    const response = await app.fetch(pathname);
    expect(response.status).toBe(status);
    const body = await response.json();
    expect(body.errors[0]).toMatchObject({ status: String(status), code, detail: expect.any(String) });
  });

  it("refuses a mutating call without the CSRF header with a fresh token", async () => {
    const guest = visitor(app);
    await guest.page("/");
    const before = await countTrackingEvents();
    const response = await guest.fetch("/tracking_events", {
      method: "PUT",
      headers: jsonHeaders(),
      body: JSON.stringify({ tracking_event: { type: "page_view" } }),
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors[0].code).toBe("csrf_auth_failed");
    expect(body.meta.csrf_token).toEqual(expect.any(String));
    expect(await countTrackingEvents()).toBe(before);

    guest.jar.set("cookie_consent", "accepted");
    const retried = await guest.fetch("/tracking_events", {
      method: "PUT",
      headers: jsonHeaders(body.meta.csrf_token),
      body: JSON.stringify({ tracking_event: { type: "page_view" } }),
    });
    expect(retried.status).toBe(201);
  });

  it("refuses a wrong CSRF token and a token without its cookie", async () => {
    const guest = visitor(app);
    const { csrfToken } = await guest.page("/");
    const wrong = await guest.fetch("/tracking_events", { method: "PUT", headers: jsonHeaders(`${csrfToken}x`), body: "{}" });
    expect(wrong.status).toBe(400);
    const noCookie = await app.fetch("/tracking_events", { method: "PUT", headers: jsonHeaders(csrfToken), body: "{}" });
    expect(noCookie.status).toBe(400);
    expect((await noCookie.json()).errors[0].code).toBe("csrf_auth_failed");
  });

  it("gives calls a signed-in visitor sends at once, while their CSRF cookie is gone, one token: the refused one's retry goes through", async () => {
    const student = (await database().db.selectFrom("users").select("id").where("email", "=", "student@demo.test").executeTakeFirstOrThrow()).id;
    const browser = visitor(app);
    browser.jar.set(SESSION_COOKIE, await sessionCookieFor(student));
    const { csrfToken: pageToken } = await browser.page("/notifications");
    browser.jar.delete(CSRF_COOKIE);
    const markAllRead = (token: string) => browser.fetch("/api/v1/notifications/mark_all_as_read", { method: "PUT", headers: jsonHeaders(token), body: "{}" });
    // The click's call and a background call leave together, both without the cookie.
    const [refused, background] = await Promise.all([markAllRead(pageToken!), browser.page("/notifications")]);
    expect(refused.status).toBe(400);
    const offered = (await refused.json()).meta.csrf_token as string;
    expect(background.csrfToken).toBe(offered);
    // Whichever answer set the cookie last, the retry with the offered token is taken.
    expect((await markAllRead(offered)).status).toBe(200);
    // A guest has no session to bind a token to: theirs stay random.
    const [first, second] = await Promise.all([app.fetch("/", { headers: { Accept: "text/html" } }), app.fetch("/", { headers: { Accept: "text/html" } })]);
    expect(metaCsrfToken(await first.text())).not.toBe(metaCsrfToken(await second.text()));
  });

  it.each([
    ["malformed JSON", "application/json", '{"tracking_event": {"type": ', 400, "invalid_json"],
    ["a wrong content type", "text/plain", '{"tracking_event": {"type": "x"}}', 400, "unsupported_content_type"],
    ["a missing field", "application/json", '{"tracking_event": {}}', 422, "invalid_attribute"],
    ["a body that is not an object", "application/json", "[1,2,3]", 422, "invalid_attribute"],
  ])("answers %s with a clear error and stores nothing", async (_case, contentType, body, status, code) => {
    const guest = visitor(app);
    guest.jar.set("cookie_consent", "accepted");
    const { csrfToken } = await guest.page("/");
    const before = await countTrackingEvents();
    const response = await guest.fetch("/tracking_events", {
      method: "PUT",
      headers: { "Content-Type": contentType, "X-CSRF-Token": csrfToken! },
      body,
    });
    expect(response.status).toBe(status);
    const document = await response.json();
    expect(document.errors[0]).toMatchObject({ status: String(status), code });
    expect(await countTrackingEvents()).toBe(before);
  });

  it("refuses a tracking event until the visitor allows analytics, and stores nothing", async () => {
    const guest = visitor(app);
    const { csrfToken } = await guest.page("/");
    const before = await countTrackingEvents();
    const send = () =>
      guest.fetch("/tracking_events", { method: "PUT", headers: jsonHeaders(csrfToken), body: JSON.stringify({ tracking_event: { type: "page_view" } }) });
    for (const choice of [undefined, "rejected", "custom.necessary", "made-up"]) {
      if (choice) guest.jar.set("cookie_consent", choice);
      const refused = await send();
      expect(refused.status).toBe(403);
      expect((await refused.json()).errors[0]).toMatchObject({ code: "tracking_not_allowed", detail: "Tracking is off until you allow it." });
    }
    expect(await countTrackingEvents()).toBe(before);
    guest.jar.set("cookie_consent", "custom.analytics");
    expect((await send()).status).toBe(201);
  });

  it("takes a beacon: a POST whose JSON body carries the CSRF token, as navigator.sendBeacon sends it", async () => {
    const guest = visitor(app);
    const { csrfToken } = await guest.page("/");
    guest.jar.set("cookie_consent", "accepted");
    const beacon = (token: string) =>
      guest.fetch("/tracking_events", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ csrf_token: token, tracking_event: { type: "page_view", device_uuid: "beacon-1", parameters: { path: "/" } } }),
      });
    expect((await beacon(`${csrfToken}x`)).status).toBe(400);
    const stored = await beacon(csrfToken!);
    expect(stored.status).toBe(201);
    expect((await stored.json()).data.attributes).toMatchObject({ type: "page_view", device_uuid: "beacon-1" });
  });

  it("stores a tracking event and answers the document", async () => {
    const guest = visitor(app);
    guest.jar.set("cookie_consent", "accepted");
    const { csrfToken } = await guest.page("/");
    const response = await guest.fetch("/tracking_events2", {
      method: "PUT",
      headers: jsonHeaders(csrfToken),
      body: JSON.stringify({ tracking_event: { type: "course_view", target_id: 7, target_type: "Course", device_uuid: "d-1", parameters: { from: "search" } } }),
    });
    expect(response.status).toBe(201);
    const document = await response.json();
    expect(document.data).toMatchObject({ type: "trackingEvent", attributes: { type: "course_view", target_id: "7", parameters: { from: "search" } } });
    const stored = await database().db.selectFrom("tracking_events").where("id", "=", document.data.id).selectAll().executeTakeFirst();
    expect(stored?.target_type).toBe("Course");
  });

  it("refuses an HTML form post without its hidden CSRF field", async () => {
    const response = await app.fetch("/courses", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: "query=x",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("security token");
  });
});

describe("the CSRF check on every route", () => {
  // Every route that takes a mutation, sent one by a signed-in admin (whom the policy lets in
  // almost everywhere) without the token: the server refuses before the route runs. The webhooks
  // are the exception: their sender signs them instead.
  const mutations = Object.entries(ROUTE_SAMPLES).filter(([, sample]) => sample.mutation && !sample.url.startsWith("/webhooks/"));

  it("covers the routes that take mutations", () => {
    expect(mutations.length).toBeGreaterThan(30);
  });

  it.each(mutations)("refuses %s without the token", async (_routeId, sample) => {
    const admin = (await database().db.selectFrom("users").select("id").where("email", "=", "admin@demo.test").executeTakeFirstOrThrow()).id;
    const browser = visitor(app);
    browser.jar.set(SESSION_COOKIE, await sessionCookieFor(admin));
    await browser.page("/courses");
    const response = await browser.fetch(sample.url, {
      method: sample.mutation,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: "name=x",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Your security token is missing or out of date");
  });
});

describe("what the server does before a route runs", () => {
  const userId = async (email: string) => (await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

  /** A browser holding this session cookie and the CSRF token of a page it opened. */
  async function browserWith(session: string) {
    const browser = visitor(app);
    browser.jar.set(SESSION_COOKIE, session);
    const { csrfToken } = await browser.page("/courses");
    return Object.assign(browser, { csrfToken: csrfToken! });
  }

  it("sends a JSON body for /users/sign_in and /users/password to their JSON twins", async () => {
    const guest = visitor(app);
    const { csrfToken } = await guest.page("/users/sign_in");
    const json = (pathname: string, method: string, body: unknown) =>
      guest.fetch(pathname, { method, headers: jsonHeaders(csrfToken), body: JSON.stringify(body) });
    const signedIn = await json("/users/sign_in", "POST", { user: { email: "tutor@demo.test", password: "demo-password" } });
    expect(signedIn.status).toBe(200);
    expect((await signedIn.json()).data).toMatchObject({ type: "user", attributes: { email: "tutor@demo.test" } });
    const reset = await json("/users/password", "PUT", { user: { reset_password_token: "not-a-token", password: "json-password-1", password_confirmation: "json-password-1" } });
    expect(reset.status).toBe(422);
    expect((await reset.json()).errors[0].code).toBe("invalid_token");
  });

  it("refuses a signed-in admin's API call and form post without the CSRF token, changing nothing", async () => {
    const admin = await browserWith(await sessionCookieFor(await userId("admin@demo.test")));
    const target = await database()
      .db.insertInto("users")
      .values({ email: "csrf-target@example.test", first_name: "Cee", last_name: "Surf", password_hash: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    const confirm = await admin.fetch(`/api/v1/users/${target.id}/confirm`, { method: "PATCH", headers: { Accept: "application/json" } });
    expect(confirm.status).toBe(400);
    expect((await confirm.json()).errors[0].code).toBe("csrf_auth_failed");
    const { confirmed_at } = await database().db.selectFrom("users").select("confirmed_at").where("id", "=", target.id).executeTakeFirstOrThrow();
    expect(confirmed_at).toBeNull();

    const signInAs = await admin.fetch(`/admin/users/${target.id}/sign_in_as`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: "",
    });
    expect(signInAs.status).toBe(400);
    expect(await database().db.selectFrom("sessions").select("user_id").where("impersonator_id", "is not", null).where("user_id", "=", target.id).execute()).toEqual([]);
  });

  it("records every change made while an admin is signed in as someone else, with both ids", async () => {
    const [adminId, studentId] = [await userId("admin@demo.test"), await userId("student@demo.test")];
    const impersonated = await browserWith(await sessionCookieFor(studentId, { impersonatorId: adminId }));
    // Tracking events are taken once the visitor allows analytics: a change the student could make.
    impersonated.jar.set("cookie_consent", "accepted");
    const logged = () => database().db.selectFrom("audit_events").selectAll().where("action", "=", "impersonated.request").orderBy("id").execute();
    const before = (await logged()).length;
    const change = await impersonated.fetch("/tracking_events", {
      method: "PUT",
      headers: jsonHeaders(impersonated.csrfToken),
      body: JSON.stringify({ tracking_event: { type: "page_view" } }),
    });
    expect(change.status).toBe(201);
    const after = await logged();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ actor_id: studentId, impersonator_id: adminId, method: "PUT", path: "/tracking_events" });
  });
});

describe("production headers", () => {
  it("sends HSTS only in production", async () => {
    const production = await startTestApp({ NODE_ENV: "production" });
    try {
      const response = await production.fetch("/healthz");
      expect(response.headers.get("strict-transport-security")).toContain("max-age=63072000");
    } finally {
      await production.close();
    }
  });
});

async function countTrackingEvents() {
  const { n } = await database().db.selectFrom("tracking_events").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
  return n;
}

describe("input no route can take", () => {
  it("refuses an address that does not decode or holds a NUL with 400 and a message, as a page or a JSON error", async () => {
    for (const path of ["/partners/%ff", "/partners/%E0%A4%A", "/courses/%00", "/courses?page=abc&school=%00", "/blog/@%00", "/assets/%ff.js"]) {
      const response = await app.fetch(path, { headers: { Accept: "text/html" } });
      expect(response.status, path).toBe(400);
      expect(await response.text(), path).toMatch(/not properly encoded|null character/);
    }
    const api = await app.fetch("/api/v1/schools?query=%00", { headers: { Accept: "application/json" } });
    expect(api.status).toBe(400);
    expect((await api.json()).errors[0]).toMatchObject({ status: "400", code: "invalid_parameter" });
  });

  it("refuses a form or JSON body holding a NUL with 400, and stores nothing", async () => {
    const guest = visitor(app);
    const { csrfToken } = await guest.page("/contact-us");
    const count = async () => (await database().db.selectFrom("contact_messages").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow()).n;
    const before = await count();
    const form = await guest.fetch("/contact-us", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: new URLSearchParams({ csrf_token: csrfToken!, name: "Nul\u0000Byte", email: "nul@example.com", topic: "general", body: "A message long enough to send." }).toString(),
    });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain("null character");
    const json = await guest.fetch("/users", {
      method: "POST",
      headers: jsonHeaders(csrfToken),
      body: JSON.stringify({ user: { first_name: "Nul\u0000", last_name: "Byte", email: "nul-json@example.com", password: "a-long-enough-password" } }),
    });
    expect(json.status).toBe(400);
    expect((await json.json()).errors[0].code).toBe("invalid_parameter");
    expect(await count()).toBe(before);
    expect(await database().db.selectFrom("users").select("id").where("email", "=", "nul-json@example.com").execute()).toHaveLength(0);
  });
});

describe("sign-in with Google", () => {
  it("lets Google's script in through the CSP only when Google sign-in is on, and still wants our CSRF field on its form", async () => {
    const google = await startTestApp({ GOOGLE_CLIENT_ID: "marketplace-test.apps.googleusercontent.com" });
    try {
      const page = await google.fetch("/courses", { headers: { Accept: "text/html" } });
      expect(page.headers.get("content-security-policy")).toContain("https://accounts.google.com/gsi/");
      // Google's own double-submit token does not stand in for ours.
      const posted = await google.fetch("/omniauth", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
        body: new URLSearchParams({ credential: "a-google-id-token", g_csrf_token: "x" }),
      });
      expect(posted.status).toBe(400);
    } finally {
      await google.close();
    }
    const page = await app.fetch("/courses", { headers: { Accept: "text/html" } });
    expect(page.headers.get("content-security-policy")).not.toContain("accounts.google.com");
  });
});
