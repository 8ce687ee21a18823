import { describe, expect, it } from "vitest";
import { formFieldsHaveNul, jsonBodyHasNul, MALFORMED_ADDRESS, NUL_IN_ADDRESS, refusedAddressReason } from "~/security/request-input";

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
    expect(formFieldsHaveNul(new URLSearchParams(body))).toBe(nul);
  });

  it("looks at the text fields of a multipart form, not at its files", () => {
    const form = new FormData();
    form.set("caption", "fine");
    form.set("file", new Blob([new Uint8Array([0, 1, 2])]), "binary.bin");
    expect(formFieldsHaveNul(form)).toBe(false);
    form.set("caption", "not\u0000fine");
    expect(formFieldsHaveNul(form)).toBe(true);
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
