import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { HeadersArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { ApiError, tooManyRequestsError } from "~/api/errors";
import { handleApi } from "~/api/handler.server";
import { tooManyRequestsMessage } from "~/errors/messages";
import { passRetryAfter, retryAfterHeaders, tooManyRequests } from "~/security/retry-after";

const headerArgs = (given: { action?: HeadersInit; loader?: HeadersInit; error?: HeadersInit }): HeadersArgs => ({
  actionHeaders: new Headers(given.action),
  loaderHeaders: new Headers(given.loader),
  parentHeaders: new Headers(),
  errorHeaders: given.error ? new Headers(given.error) : undefined,
});

describe("Retry-After", () => {
  it.each([
    [300, "300"],
    [59.2, "60"],
    [0.4, "1"],
    [0, "1"],
  ])("of %d seconds is %s: whole seconds, rounded up, at least 1", (seconds, header) => {
    expect(retryAfterHeaders(seconds)).toEqual({ "Retry-After": header });
  });

  it("goes with a form's 429 and its data", () => {
    const refusal = tooManyRequests({ result: "shown again" }, 42);
    expect(refusal.data).toEqual({ result: "shown again" });
    expect(refusal.init).toMatchObject({ status: 429 });
    expect(new Headers(refusal.init?.headers).get("Retry-After")).toBe("42");
  });

  it("reaches a page's headers from its action, a thrown response or its loader", () => {
    expect(new Headers(passRetryAfter(headerArgs({ action: { "Retry-After": "42", "X-Other": "no" } }))).get("Retry-After")).toBe("42");
    expect(new Headers(passRetryAfter(headerArgs({ error: { "Retry-After": "7" } }))).get("Retry-After")).toBe("7");
    expect(new Headers(passRetryAfter(headerArgs({ loader: { "Retry-After": "9" } }))).get("Retry-After")).toBe("9");
  });

  it("adds nothing else to a page's headers", () => {
    expect([...new Headers(passRetryAfter(headerArgs({ action: { "X-Other": "no" }, loader: { "Cache-Control": "no-store" } })))]).toEqual([]);
  });
});

describe("an API 429", () => {
  it("says when to retry in meta.retry_after and in the header", async () => {
    const error = tooManyRequestsError(90);
    expect(error.toDocument()).toEqual({ errors: [{ status: "429", code: "too_many_requests", detail: tooManyRequestsMessage }], meta: { retry_after: 90 } });
    const response = await handleApi(async () => {
      throw error;
    });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("90");
    expect(await response.json()).toMatchObject({ meta: { retry_after: 90 } });
  });

  it("keeps its own code, detail and other meta", () => {
    const error = new ApiError(429, "too_many_streams", "Close a tab", { retryAfterSeconds: 20, meta: { open: 10 } });
    expect(error.toDocument()).toEqual({ errors: [{ status: "429", code: "too_many_streams", detail: "Close a tab" }], meta: { retry_after: 20, open: 10 } });
    expect(error.headers()).toEqual({ "Retry-After": "20" });
  });

  it("other errors carry no Retry-After", async () => {
    const response = await handleApi(async () => {
      throw new ApiError(400, "invalid_parameter", "Bad");
    });
    expect(response.headers.get("Retry-After")).toBeNull();
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** `~/a/b` and `./b` as imported by `importer` → app/a/b.ts(x). */
function importedAppFiles(importer: string, source: string, files: ReadonlySet<string>) {
  return [...source.matchAll(/from\s+["'](~\/|\.{1,2}\/)([^"']+)["']/g)].flatMap(([, prefix, rest]) => {
    const base = prefix === "~/" ? path.join("app", rest!) : path.join(path.dirname(importer), prefix!, rest!);
    return [".ts", ".tsx"].map((extension) => `${base}${extension}`).filter((file) => files.has(file));
  });
}

describe("every page that can refuse with 429", () => {
  // Remix drops an action's Retry-After from a page's answer unless the route passes it on, so a
  // page route whose action answers a 429 itself or through an app module must export
  // `headers = passRetryAfter` (API routes answer their own Response and need nothing).
  it("passes its Retry-After on", () => {
    const files = sourceFiles("app");
    const fileSet = new Set(files);
    const refusing = (source: string) => /\b(tooManyRequests|retryAfterHeaders)\(/.test(source);
    // Modules a page imports its refusal from: domain modules and the route-private `*.server.ts` beside routes.
    const isRouteModule = (file: string) => file.startsWith(path.join("app", "routes")) && !/\.server\.tsx?$/.test(file);
    const refusingModules = new Set(files.filter((file) => !isRouteModule(file) && refusing(readFileSync(file, "utf8"))));
    // ApiError answers JSON through handleApi, which sets the header itself.
    refusingModules.delete(path.join("app", "api", "errors.ts"));
    refusingModules.delete(path.join("app", "security", "retry-after.ts"));
    const offenders = sourceFiles(path.join("app", "routes")).filter(isRouteModule).filter((file) => {
      const source = readFileSync(file, "utf8");
      const isPage = /export default function/.test(source);
      const canRefuse = refusing(source) || importedAppFiles(file, source, fileSet).some((imported) => refusingModules.has(imported));
      return isPage && canRefuse && !/export const headers = passRetryAfter;/.test(source);
    });
    expect(offenders).toEqual([]);
    expect(refusingModules.size).toBeGreaterThan(0);
  });
});
