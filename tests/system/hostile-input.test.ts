import { request as httpRequest } from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserSession, SESSION_COOKIE } from "../../app/accounts/session.server";
import { createTestUser } from "../integration/accounts/helpers";
import { useTestDatabase } from "../support/database";
import { startTestApp, visitor } from "../support/http-app";

/**
 * Whatever shape of input arrives — field names with list positions, depth and odd characters,
 * many or huge fields, JSON of any nesting, any framing — the forms and JSON calls answer
 * within a second, and never with a server error.
 */
const database = useTestDatabase();
let app: Awaited<ReturnType<typeof startTestApp>>;
let guest: { cookie: string; csrfToken: string };
let member: { cookie: string; csrfToken: string; userId: number };
const ANSWER_WITHIN_MS = 1000;

beforeAll(async () => {
  app = await startTestApp();
  const browser = visitor(app);
  const { csrfToken } = await browser.page("/users/sign_in");
  guest = { cookie: cookieHeader(browser.jar), csrfToken: csrfToken! };
  const user = await createTestUser(database().db, { confirmed: true });
  const signedIn = visitor(app);
  const setCookie = await createUserSession({ userId: user.id, rememberMe: false, request: new Request("http://x") });
  signedIn.jar.set(SESSION_COOKIE, setCookie.split(";")[0]!.slice(SESSION_COOKIE.length + 1));
  const page = await signedIn.page("/profile");
  member = { cookie: cookieHeader(signedIn.jar), csrfToken: page.csrfToken!, userId: user.id };
});
afterAll(async () => {
  await app?.close();
});

function cookieHeader(jar: Map<string, string>) {
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** One request as sent on the wire, with a Content-Length or chunked; its status and how long the answer took. */
function send(options: { method: string; path: string; headers: Record<string, string>; body: Buffer; chunked: boolean }): Promise<{ status: number; ms: number }> {
  const { port } = new URL(app.origin);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers, ...(options.chunked ? { "Transfer-Encoding": "chunked" } : { "Content-Length": String(options.body.length) }) };
    const req = httpRequest({ host: "127.0.0.1", port, method: options.method, path: options.path, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on("error", reject);
    if (options.chunked) {
      // Uneven chunks, as a slow network delivers them.
      for (let offset = 0; offset < options.body.length; offset += 7919) req.write(options.body.subarray(offset, offset + 7919));
      req.end();
    } else {
      req.end(options.body);
    }
  });
}

// Field names in the form parser's notation, made of plain names, list positions (small and
// huge), empty brackets, dots and stray brackets; sometimes nested hundreds of levels deep.
const nameToken = fc.oneof(
  fc.constantFrom("email", "password", "first_name", "user_courses_attributes", "message", "x", "a", "_destroy", "course_id"),
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.oneof(fc.nat({ max: 1200 }), fc.nat({ max: 2 ** 31 }), fc.constant(Number.MAX_SAFE_INTEGER)).map((n) => `[${n}]`),
  fc.constantFrom("[]", ".", "[", "]", "[-1]", "[1e9]", "[0x10]", "[00000000050000000]"),
);
const fieldName = fc.oneof(
  { weight: 6, arbitrary: fc.array(nameToken, { minLength: 1, maxLength: 10 }).map((tokens) => tokens.join("")) },
  { weight: 1, arbitrary: fc.tuple(fc.nat({ max: 3000 }), fc.constantFrom("[b]", ".b", "[0]")).map(([depth, token]) => `a${token.repeat(depth)}`) },
);
const fieldValue = fc.oneof(
  { weight: 8, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.nat({ max: 200_000 }).map((length) => "v".repeat(length)) },
);
const fields = fc.oneof(
  { weight: 5, arbitrary: fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 40 }) },
  // Many fields of one list, or many lists: past every bound on count and list length.
  { weight: 1, arbitrary: fc.tuple(fc.nat({ max: 12_000 }), fc.boolean()).map(([count, oneList]) => Array.from({ length: count }, (_, i) => [oneList ? `x[${i}]` : `l${i}[999]`, "1"] as [string, string])) },
);
const framing = fc.boolean();

/** A form body in one of the encodings a browser (or an attacker) uses. */
function formBody(entries: [string, string][], csrfToken: string, encoding: "urlencoded" | "multipart") {
  const all: [string, string][] = [["csrf_token", csrfToken], ...entries];
  if (encoding === "urlencoded") return { type: "application/x-www-form-urlencoded", body: Buffer.from(new URLSearchParams(all).toString()) };
  const boundary = "----hostile-input-boundary";
  const parts = all.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, "_")}"\r\n\r\n${value}\r\n`);
  return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.from(`${parts.join("")}--${boundary}--\r\n`) };
}

const FORMS = [
  { path: "/users/sign_in", as: "guest" },
  { path: "/contact-us", as: "guest" },
  { path: "/sign-up", as: "guest" },
  { path: "/profile", as: "member" },
] as const;

describe.each(FORMS)("the form at $path", ({ path, as }) => {
  it("answers every shape of field names, sizes and framings within a second, never with a 5xx", async () => {
    const who = () => (as === "guest" ? guest : member);
    await fc.assert(
      fc.asyncProperty(fields, fc.constantFrom("urlencoded", "multipart" as const), framing, async (entries, encoding, chunked) => {
        const { type, body } = formBody(entries, who().csrfToken, encoding);
        const answer = await send({ method: "POST", path, headers: { "Content-Type": type, Accept: "text/html", Cookie: who().cookie }, body, chunked });
        expect(answer.status).toBeLessThan(500);
        expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
      }),
      { numRuns: 30 },
    );
  });
});

// JSON of any shape: ordinary documents, deep nesting, long arrays, and text that is not JSON.
const jsonText = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 6 }).map((value) => JSON.stringify({ user: value })) },
  { weight: 1, arbitrary: fc.nat({ max: 50_000 }).map((depth) => `{"user":${"[".repeat(depth)}${"]".repeat(depth)}}`) },
  { weight: 1, arbitrary: fc.nat({ max: 100_000 }).map((length) => JSON.stringify({ user: { user_courses_attributes: Array.from({ length }, () => ({ course_id: 1 })) } })) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
);

const JSON_CALLS = [
  { method: "POST", path: () => "/users/sign_in", as: "guest" },
  { method: "PUT", path: () => `/api/v1/users/${member.userId}`, as: "member" },
] as const;

describe.each(JSON_CALLS)("the JSON call $method", ({ method, path, as }) => {
  it("answers every shape of JSON and framing within a second, never with a 5xx", async () => {
    const who = () => (as === "guest" ? guest : member);
    await fc.assert(
      fc.asyncProperty(jsonText, framing, async (text, chunked) => {
        const answer = await send({
          method,
          path: path(),
          headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": who().csrfToken, Cookie: who().cookie },
          body: Buffer.from(text),
          chunked,
        });
        expect(answer.status).toBeLessThan(500);
        expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
      }),
      { numRuns: 30 },
    );
  });
});
