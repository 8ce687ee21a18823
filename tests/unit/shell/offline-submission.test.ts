import { describe, expect, it, vi } from "vitest";
import { createOfflineSafeAction, isNetworkFailure, isOfflineAnswer, revalidateUnlessOffline } from "~/shell/offline-submission";
import { OFFLINE_MESSAGE } from "~/shell/request";

const post = (fields: Record<string, string>) => new Request("http://localhost/community/interactions", { method: "POST", body: new URLSearchParams(fields) });

describe("isNetworkFailure: a request that never got an answer, in each browser's words", () => {
  it.each([
    [new TypeError("Failed to fetch"), true],
    [new TypeError("NetworkError when attempting to fetch resource."), true],
    [new TypeError("Load failed"), true],
    [new TypeError("The network connection was lost."), true],
    [new TypeError("The Internet connection appears to be offline."), true],
    // A fault in the page, a refusal or a redirect is not a lost connection.
    [new TypeError("Cannot read properties of undefined (reading 'error')"), false],
    [new Error("Failed to fetch"), false],
    [new Response(null, { status: 302, headers: { Location: "/" } }), false],
    [new DOMException("The operation was aborted.", "AbortError"), false],
    [undefined, false],
  ])("%s → %s", (error, expected) => {
    expect(isNetworkFailure(error)).toBe(expected);
  });
});

describe("createOfflineSafeAction", () => {
  it("passes the server's answer through unchanged", async () => {
    const notify = vi.fn();
    const answer = { ok: true, message: "Comment posted." };
    const result = await createOfflineSafeAction({ notify })({ request: post({ intent: "comment" }), serverAction: async () => answer as never });
    expect(result).toBe(answer);
    expect(notify).not.toHaveBeenCalled();
  });

  it("turns a lost connection into a 503 offline answer and tells the person", async () => {
    const notify = vi.fn();
    const result = await createOfflineSafeAction({ notify })({ request: post({ intent: "comment" }), serverAction: () => Promise.reject(new TypeError("Failed to fetch")) });
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body).toEqual({ ok: false, offline: true, message: OFFLINE_MESSAGE });
    expect(isOfflineAnswer(body)).toBe(true);
    expect(notify).toHaveBeenCalledOnce();
    expect(notify).toHaveBeenCalledWith(OFFLINE_MESSAGE);
  });

  it("keeps quiet for a submission the person did not make, and still answers offline", async () => {
    const notify = vi.fn();
    const action = createOfflineSafeAction({ notify }, { background: (form) => form.get("intent") === "presence" });
    const lost = () => Promise.reject(new TypeError("Failed to fetch"));
    const heartbeat = (await action({ request: post({ intent: "presence" }), serverAction: lost })) as Response;
    expect(heartbeat.status).toBe(503);
    expect(notify).not.toHaveBeenCalled();
    // The same route's forms a person sends are still told.
    await action({ request: post({ intent: "invite" }), serverAction: lost });
    expect(notify).toHaveBeenCalledOnce();
  });

  it("lets anything else through as before: refusals, redirects and faults", async () => {
    const notify = vi.fn();
    const action = createOfflineSafeAction({ notify });
    const redirect = new Response(null, { status: 302, headers: { Location: "/dashboard" } });
    await expect(action({ request: post({}), serverAction: () => Promise.reject(redirect) })).rejects.toBe(redirect);
    const fault = new TypeError("x is not a function");
    await expect(action({ request: post({}), serverAction: () => Promise.reject(fault) })).rejects.toBe(fault);
    expect(notify).not.toHaveBeenCalled();
  });
});

describe("revalidateUnlessOffline", () => {
  const base = { currentUrl: new URL("http://localhost/blog/a"), nextUrl: new URL("http://localhost/blog/a"), currentParams: {}, nextParams: {} };
  it.each([
    ["an offline answer", { ok: false, offline: true, message: OFFLINE_MESSAGE }, true, false],
    ["a posted comment", { ok: true, message: "Comment posted." }, true, true],
    ["a refusal", { ok: false, message: "Comments are closed." }, true, true],
    ["no answer, router says no", undefined, false, false],
  ])("%s", (_name, actionResult, defaultShouldRevalidate, expected) => {
    expect(revalidateUnlessOffline({ ...base, actionResult, defaultShouldRevalidate })).toBe(expected);
  });
});
