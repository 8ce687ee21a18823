import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { startTestApp, visitor } from "../support/http-app";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
let app: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

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

  it("reports health with the database state", async () => {
    const response = await app.fetch("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "up" });
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

  it.each([
    ["malformed JSON", "application/json", '{"tracking_event": {"type": ', 400, "invalid_json"],
    ["a wrong content type", "text/plain", '{"tracking_event": {"type": "x"}}', 400, "unsupported_content_type"],
    ["a missing field", "application/json", '{"tracking_event": {}}', 422, "invalid_attribute"],
    ["a body that is not an object", "application/json", "[1,2,3]", 422, "invalid_attribute"],
  ])("answers %s with a clear error and stores nothing", async (_case, contentType, body, status, code) => {
    const guest = visitor(app);
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

  it("stores a tracking event and answers the document", async () => {
    const guest = visitor(app);
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
