import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/security/safe-redirect";

const origin = "https://marketplace.example";

describe("safeRedirectPath", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/courses?query=calc#top", "/courses?query=calc#top"],
    ["/courses/waterloo-math-137", "/courses/waterloo-math-137"],
    ["/a/../b", "/b"],
    ["/%E2%9C%93", "/%E2%9C%93"],
  ])("keeps the same-site path %s", (target, expected) => {
    expect(safeRedirectPath(target, origin)).toBe(expected);
  });

  it.each([
    "https://evil.example",
    "https://evil.example/dashboard",
    "http://marketplace.example/dashboard",
    "//evil.example",
    "//evil.example/path",
    "/.//",
    "/.//evil.example",
    "/a/..//evil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%5Cevil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "javascript:alert(1)",
    "data:text/html,hi",
    "evil.example",
    "dashboard",
    "",
    " /dashboard",
    "/" + "a".repeat(3000),
  ])("refuses %j and falls back", (target) => {
    expect(safeRedirectPath(target, origin, "/home")).toBe("/home");
  });

  it.each([undefined, null, 42, {}, ["/dashboard"]])("refuses a non-string %j", (target) => {
    expect(safeRedirectPath(target, origin)).toBe("/");
  });

  it("never answers a target that leaves the app's origin, whatever the input", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.webPath(),
          fc.tuple(fc.constantFrom("/", "//", "/\\", "/%09/", "\\", "/%2F/", "https:", "/./"), fc.domain()).map(([prefix, host]) => prefix + host),
        ),
        (target) => {
          const answer = safeRedirectPath(target, origin, "/fallback");
          expect(answer.startsWith("/")).toBe(true);
          expect(answer.startsWith("//")).toBe(false);
          expect(new URL(answer, origin).origin).toBe(origin);
          // What a browser would do with it, tabs and backslashes included:
          expect(new URL(answer.replace(/[\t\n\r]/g, "").replace(/\\/g, "/"), origin).origin).toBe(origin);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
