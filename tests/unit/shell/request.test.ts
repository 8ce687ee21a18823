import { describe, expect, it, vi } from "vitest";
import { serverErrorMessage, tooManyRequestsMessage, unauthorizedMessage } from "~/errors/messages";
import { createRequest, errorCode, OFFLINE_MESSAGE, type RequestDependencies } from "~/shell/request";

type Answer = Response | Error;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/vnd.api+json" } });
}

function apiError(status: number, code: string, detail: string, meta?: Record<string, unknown>) {
  return json(status, { errors: [{ status: String(status), code, detail }], ...(meta ? { meta } : {}) });
}

/** A fake server answering in turn, recording what each request carried. */
function setup(answers: Answer[], { reauthenticates = true }: { reauthenticates?: boolean } = {}) {
  const sent: Array<{ url: string; init: RequestInit; token: string }> = [];
  let token = "token-1";
  const dependencies: RequestDependencies = {
    fetch: vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, init, token: (init.headers as Record<string, string>)["X-CSRF-Token"]! });
      const next = answers.shift();
      if (!next) throw new Error("no more answers");
      if (next instanceof Error) throw next;
      return next;
    }),
    csrfToken: { get: () => token, set: (fresh) => (token = fresh) },
    reauthenticate: vi.fn(async () => reauthenticates),
    notifyOffline: vi.fn(),
  };
  return { request: createRequest(dependencies), sent, dependencies, token: () => token };
}

describe("request: what is sent", () => {
  it("sends JSON with cookies, Accept and the CSRF header", async () => {
    const { request, sent } = setup([json(200, { data: [] })]);
    const answer = await request("/api/v1/notifications/mark_as_read", { method: "PUT", json: { type: "Message", group_key: null } });
    expect(answer).toEqual({ ok: true, status: 200, data: { data: [] } });
    expect(sent).toHaveLength(1);
    const { url, init } = sent[0]!;
    expect(url).toBe("/api/v1/notifications/mark_as_read");
    expect(init.method).toBe("PUT");
    expect(init.credentials).toBe("same-origin");
    expect(init.headers).toEqual({ Accept: "application/json", "X-CSRF-Token": "token-1", "Content-Type": "application/json" });
    expect(init.body).toBe(JSON.stringify({ type: "Message", group_key: null }));
  });

  it("a GET has no body and no Content-Type", async () => {
    const { request, sent } = setup([json(200, { ok: 1 })]);
    await request("/api/v1/notifications");
    expect(sent[0]!.init.method).toBe("GET");
    expect(sent[0]!.init.body).toBeUndefined();
    expect(sent[0]!.init.headers).not.toHaveProperty("Content-Type");
  });

  it("204 answers null data", async () => {
    const { request } = setup([new Response(null, { status: 204 })]);
    expect(await request("/x", { method: "DELETE" })).toEqual({ ok: true, status: 204, data: null });
  });
});

describe("request: a rotated CSRF token (400 csrf_auth_failed)", () => {
  it("stores the fresh token and retries once, transparently", async () => {
    const { request, sent, token } = setup([apiError(400, "csrf_auth_failed", "Reload", { csrf_token: "token-2" }), json(200, { done: true })]);
    const answer = await request("/x", { method: "PUT" });
    expect(answer).toEqual({ ok: true, status: 200, data: { done: true } });
    expect(sent.map((call) => call.token)).toEqual(["token-1", "token-2"]);
    expect(token()).toBe("token-2");
  });

  it("retries only once: a second refusal is the answer", async () => {
    const { request, sent } = setup([
      apiError(400, "csrf_auth_failed", "Your security token is out of date.", { csrf_token: "token-2" }),
      apiError(400, "csrf_auth_failed", "Your security token is out of date.", { csrf_token: "token-3" }),
    ]);
    const answer = await request("/x", { method: "PUT" });
    expect(sent).toHaveLength(2);
    expect(answer).toMatchObject({ ok: false, status: 400, code: "csrf_auth_failed", message: "Your security token is out of date." });
  });

  it("without a fresh token in the answer, there is no retry", async () => {
    const { request, sent } = setup([apiError(400, "csrf_auth_failed", "Reload the page.")]);
    expect(await request("/x", { method: "PUT" })).toMatchObject({ ok: false, status: 400, message: "Reload the page." });
    expect(sent).toHaveLength(1);
  });

  it("another 400 is not retried", async () => {
    const { request, sent } = setup([apiError(400, "invalid_parameter", "limit must be a whole number", { csrf_token: "x" })]);
    expect(await request("/x")).toMatchObject({ ok: false, message: "limit must be a whole number" });
    expect(sent).toHaveLength(1);
  });
});

describe("request: 401 asks for the password again", () => {
  it.each(["reauthentication_required", "unauthenticated"])("%s: opens the dialog, then sends the request again", async (code) => {
    const { request, sent, dependencies } = setup([apiError(401, code, "Enter your password again."), json(200, { saved: true })]);
    const answer = await request("/api/v1/users/1", { method: "PUT", json: { email: "new@demo.test" } });
    expect(dependencies.reauthenticate).toHaveBeenCalledWith(code);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.init.body).toBe(JSON.stringify({ email: "new@demo.test" }));
    expect(answer).toEqual({ ok: true, status: 200, data: { saved: true } });
  });

  it("closing the dialog fails the request with the 401 message", async () => {
    const { request, sent } = setup([apiError(401, "reauthentication_required", "Enter your password again.")], { reauthenticates: false });
    expect(await request("/x", { method: "PUT" })).toMatchObject({ ok: false, status: 401, code: "reauthentication_required", message: unauthorizedMessage });
    expect(sent).toHaveLength(1);
  });

  it("asks only once per request", async () => {
    const { request, sent, dependencies } = setup([apiError(401, "reauthentication_required", "a"), apiError(401, "reauthentication_required", "b")]);
    expect(await request("/x", { method: "PUT" })).toMatchObject({ ok: false, status: 401 });
    expect(dependencies.reauthenticate).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(2);
  });

  it("a background call's 401 opens no dialog: nobody asked for it", async () => {
    const { request, sent, dependencies } = setup([apiError(401, "unauthenticated", "Sign in again.")]);
    expect(await request("/site_tours/viewed_tour", { method: "PUT", json: { site_tour_id: 1 }, background: true })).toMatchObject({ ok: false, status: 401, code: "unauthenticated" });
    expect(dependencies.reauthenticate).not.toHaveBeenCalled();
    expect(sent).toHaveLength(1);
  });

  it("a 401 with another code does not open the dialog", async () => {
    const { request, dependencies } = setup([apiError(401, "invalid_token", "Bad token")]);
    expect(await request("/x")).toMatchObject({ ok: false, status: 401, message: unauthorizedMessage });
    expect(dependencies.reauthenticate).not.toHaveBeenCalled();
  });
});

describe("request: other failures become the message helper's message", () => {
  it.each<[string, Response, string]>([
    ["500", new Response("Internal error", { status: 500 }), serverErrorMessage],
    ["429", apiError(429, "too_many_requests", "Slow down"), tooManyRequestsMessage],
    ["an API error document", apiError(422, "invalid", "Body can't be blank"), "Body can't be blank"],
    ["a body.message", json(409, { message: "Already booked" }), "Already booked"],
    ["field errors", json(422, { email: ["is taken"] }), "Email: is taken"],
    ["a plain-text body", new Response("Chat not found", { status: 404, headers: { "Content-Type": "text/plain" } }), "Chat not found"],
    ["an HTML error page", new Response("<!doctype html><h1>Bad gateway</h1>", { status: 502, headers: { "Content-Type": "text/html" } }), "Error"],
    ["an empty body", new Response(null, { status: 403 }), "Error"],
  ])("%s", async (_label, response, message) => {
    const { request } = setup([response]);
    expect(await request("/x")).toMatchObject({ ok: false, status: response.status, message });
  });
});

describe("request: no connection", () => {
  it("a network failure toasts and resolves as a failure (never throws)", async () => {
    const { request, dependencies } = setup([new TypeError("Failed to fetch")]);
    const answer = await request("/api/v1/notifications");
    expect(answer).toEqual({ ok: false, offline: true, message: OFFLINE_MESSAGE });
    expect(dependencies.notifyOffline).toHaveBeenCalledWith(OFFLINE_MESSAGE);
  });

  it("a background call fails quietly", async () => {
    const { request, dependencies } = setup([new TypeError("Failed to fetch")]);
    expect(await request("/x", { method: "PUT", background: true })).toMatchObject({ ok: false, offline: true });
    expect(dependencies.notifyOffline).not.toHaveBeenCalled();
  });

  it("an aborted request is neither toasted nor an error to show", async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException("The operation was aborted.", "AbortError");
    const { request, dependencies } = setup([abort]);
    expect(await request("/x", { signal: controller.signal })).toMatchObject({ ok: false, aborted: true });
    expect(dependencies.notifyOffline).not.toHaveBeenCalled();
  });
});

describe("errorCode", () => {
  it.each<[unknown, string | undefined]>([
    [{ errors: [{ code: "csrf_auth_failed" }] }, "csrf_auth_failed"],
    [{ error_code: "reauthentication_required" }, "reauthentication_required"],
    [{ code: "unauthenticated" }, "unauthenticated"],
    [{ errors: [] }, undefined],
    ["csrf_auth_failed", undefined],
    [null, undefined],
  ])("%j → %j", (body, code) => {
    expect(errorCode(body)).toBe(code);
  });
});
