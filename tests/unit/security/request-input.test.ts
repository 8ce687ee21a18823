import { describe, expect, it } from "vitest";
import { formBodyHasNul, jsonBodyHasNul, MALFORMED_ADDRESS, NUL_IN_ADDRESS, refusedAddressReason } from "~/security/request-input";

describe("addresses refused before any route runs", () => {
  it.each([
    ["/courses", null],
    ["/courses?page=2&query=calculus%20ii", null],
    ["/partners/caf%C3%A9", null],
    ["/search?query=%ff", null], // the query decodes leniently everywhere (to U+FFFD)
    ["/partners/%ff", MALFORMED_ADDRESS],
    ["/partners/%E0%A4%A", MALFORMED_ADDRESS],
    ["/partners/%", MALFORMED_ADDRESS],
    ["/courses/%00", NUL_IN_ADDRESS],
    ["/courses?school=%00", NUL_IN_ADDRESS],
    ["/courses?%00=1", NUL_IN_ADDRESS],
    ["/courses?q=100%25", null],
  ])("%s → %s", (target, reason) => {
    expect(refusedAddressReason(target)).toBe(reason);
  });
});

describe("bodies refused before any action runs", () => {
  it.each([
    ["email=a%40b.c&body=hello", false],
    ["body=50%25%2000", false],
    ["body=a%00b", true],
    ["b%00dy=x", true],
    ["body=a\u0000b", true],
  ])("form %j holds a NUL: %s", (body, nul) => {
    expect(formBodyHasNul(body)).toBe(nul);
  });

  it.each([
    ['{"user":{"bio":"hi"}}', false],
    ['{"bio":"a\\u0000b"}', true],
    ['{"bio":"a\\U0000b"}', true],
    ['{"bio":"the text \\\\u0000"}', false],
    ['{"bio":"\\\\\\u0000"}', true],
    ['{"bio":"raw \u0000"}', true],
  ])("JSON %s holds a NUL: %s", (body, nul) => {
    expect(jsonBodyHasNul(body)).toBe(nul);
  });
});
