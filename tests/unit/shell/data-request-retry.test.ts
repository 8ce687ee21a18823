import { describe, expect, it } from "vitest";
import { retryingCsrfRefusals } from "~/shell/data-request-retry";

const ORIGIN = "https://example.test";

function refusal(token?: string) {
  return new Response(JSON.stringify({ errors: [{ status: "400", code: "csrf_auth_failed", detail: "Reload the page and try again." }], ...(token ? { meta: { csrf_token: token } } : {}) }), {
    status: 400,
    headers: { "Content-Type": "application/vnd.api+json" },
  });
}

/** A fake server answering in turn, recording what each call carried. */
function setup(answers: Response[]) {
  const sent: Array<{ input: RequestInfo | URL; init?: RequestInit }> = [];
  let stored = "stale";
  const fetch = retryingCsrfRefusals(
    async (input, init) => {
      sent.push({ input, init });
      const next = answers.shift();
      if (!next) throw new Error("no more answers");
      return next;
    },
    { set: (token) => (stored = token) },
    ORIGIN,
  );
  return { fetch, sent, stored: () => stored };
}

function form() {
  const body = new FormData();
  body.set("csrf_token", "stale");
  body.set("choice", "reject");
  return body;
}

describe("retryingCsrfRefusals", () => {
  it("sends a refused form submission once more with the fresh token in the header, and keeps the token for the page", async () => {
    const { fetch, sent, stored } = setup([refusal("fresh-1"), new Response("ok", { status: 200 })]);
    const body = form();
    const answer = await fetch(new URL("/cookie-consent.data", ORIGIN), { method: "POST", body });
    expect(answer.status).toBe(200);
    expect(sent).toHaveLength(2);
    expect(new Headers(sent[1]!.init?.headers).get("X-CSRF-Token")).toBe("fresh-1");
    expect(sent[1]!.init?.body).toBe(body);
    expect(sent[1]!.init?.method).toBe("POST");
    expect(stored()).toBe("fresh-1");
  });

  it("keeps the submission's own headers on the second try", async () => {
    const { fetch, sent } = setup([refusal("fresh-1"), new Response("ok")]);
    await fetch("/lessons/1.data?index", { method: "POST", body: form(), headers: { "X-Requested-With": "remix" } });
    const headers = new Headers(sent[1]!.init?.headers);
    expect(headers.get("X-Requested-With")).toBe("remix");
    expect(headers.get("X-CSRF-Token")).toBe("fresh-1");
  });

  it("answers the second refusal as it is: one retry, never a loop", async () => {
    const { fetch, sent } = setup([refusal("fresh-1"), refusal("fresh-2")]);
    const answer = await fetch("/cookie-consent.data", { method: "POST", body: form() });
    expect(answer.status).toBe(400);
    expect(sent).toHaveLength(2);
  });

  it.each([
    ["a read", "/dashboard.data", { method: "GET" }, refusal("fresh-1")],
    ["a JSON call (the request helper retries those itself)", "/api/v1/notifications/mark_all_as_read", { method: "PUT", body: "{}" }, refusal("fresh-1")],
    ["another site's URL", "https://elsewhere.test/x.data", { method: "POST", body: form() }, refusal("fresh-1")],
    ["a refusal without a fresh token", "/cookie-consent.data", { method: "POST", body: form() }, refusal()],
    ["another 400 (bad input)", "/cookie-consent.data", { method: "POST", body: form() }, new Response(JSON.stringify({ errors: [{ code: "invalid" }] }), { status: 400 })],
    ["a 400 that is not JSON", "/cookie-consent.data", { method: "POST", body: form() }, new Response("Choose one.", { status: 400 })],
    ["a body that cannot be sent twice", "/upload.data", { method: "POST", body: new ReadableStream() }, refusal("fresh-1")],
  ] as const)("leaves %s alone", async (_, url, init, answer) => {
    const { fetch, sent, stored } = setup([answer]);
    const response = await fetch(url, init as RequestInit);
    expect(response).toBe(answer);
    expect(sent).toHaveLength(1);
    expect(stored()).toBe("stale");
  });

  it("leaves a Request object alone: its body is already read", async () => {
    const answer = refusal("fresh-1");
    const { fetch, sent } = setup([answer]);
    expect(await fetch(new Request(`${ORIGIN}/cookie-consent.data`, { method: "POST", body: form() }))).toBe(answer);
    expect(sent).toHaveLength(1);
  });
});
