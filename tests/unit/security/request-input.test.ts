import { describe, expect, it } from "vitest";
import {
  FIELD_INDEX_TOO_LARGE,
  FIELD_NAME_TOO_DEEP,
  LISTS_TOO_LONG,
  MALFORMED_ADDRESS,
  NOT_A_PATH,
  NUL_IN_ADDRESS,
  TOO_MANY_FIELDS,
  formFieldsHaveNul,
  jsonBodyHasNul,
  jsonNestedTooDeep,
  refusedAddressReason,
  refusedFieldNamesReason,
} from "~/security/request-input";

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

describe("refusedFieldNamesReason: names a form parser would turn into unbounded work", () => {
  const many = (count: number, name: (i: number) => string) => Array.from({ length: count }, (_, i) => name(i));
  it.each<[string, string[], string | null]>([
    ["plain names", ["email", "password", "csrf_token"], null],
    ["the profile's nested lists", ["user_courses_attributes[0].course_id", "user_courses_attributes[1][id]", "user_courses_attributes[1][_destroy]"], null],
    ["a position of 1,000", ["x[1000]"], null],
    ["a position of 1,001", ["x[1001]"], FIELD_INDEX_TOO_LARGE],
    ["the 150-byte freeze (x[30000000])", ["x[30000000]"], FIELD_INDEX_TOO_LARGE],
    ["leading zeros do not hide a position", ["x[0000000030000000]"], FIELD_INDEX_TOO_LARGE],
    ["a position deep in a name", ["a.b[2].c[99999999]"], FIELD_INDEX_TOO_LARGE],
    ["eight levels", ["a.b.c.d.e.f.g.h"], null],
    ["nine levels", ["a.b.c.d.e.f.g.h.i"], FIELD_NAME_TOO_DEEP],
    ["1,500 levels of brackets", [`a${"[b]".repeat(1500)}`], FIELD_NAME_TOO_DEEP],
    ["empty brackets append, they add no position", ["todos[]", "todos[]"], null],
    ["ten lists of 1,000 fit", many(10, (i) => `list${i}[999]`), null],
    ["eleven lists of 1,000 do not", many(11, (i) => `list${i}[999]`), LISTS_TOO_LONG],
    ["nested lists count every inner list", many(11, (i) => `a[${i}].b[999]`), LISTS_TOO_LONG],
    ["a list counted once however many fields fill it", many(1000, (i) => `a[${i}]`), null],
    ["5,000 fields", many(5000, (i) => `f${i}`), null],
    ["5,001 fields", many(5001, (i) => `f${i}`), TOO_MANY_FIELDS],
  ])("%s", (_label, names, expected) => {
    expect(refusedFieldNamesReason(names)).toBe(expected);
  });

  it("refuses the same names in an address's query", () => {
    expect(refusedAddressReason("/courses?x%5B30000000%5D=1")).toBe(FIELD_INDEX_TOO_LARGE);
    expect(refusedAddressReason("/courses?page=2&query=a[1]")).toBeNull();
  });
});

describe("refusedAddressReason: the request target must be a path", () => {
  it.each([
    ["http://evil.example/about", NOT_A_PATH],
    ["about", NOT_A_PATH],
    ["/about", null],
    ["//evil.example/about", null],
  ])("%s → %s", (target, expected) => {
    expect(refusedAddressReason(target)).toBe(expected);
  });
});

describe("jsonNestedTooDeep", () => {
  it.each<[string, string, boolean]>([
    ["a flat document", '{"user":{"email":"a@b.test"}}', false],
    ["32 levels", `${"[".repeat(32)}${"]".repeat(32)}`, false],
    ["33 levels", `${"[".repeat(33)}${"]".repeat(33)}`, true],
    ["brackets inside strings do not count", JSON.stringify({ text: "[".repeat(100) }), false],
    ["escaped quotes do not end a string", JSON.stringify({ text: `\\"${"{".repeat(100)}` }), false],
    ["siblings do not add up", `[${Array.from({ length: 100 }, () => "[[1]]").join(",")}]`, false],
  ])("%s", (_label, text, expected) => {
    expect(jsonNestedTooDeep(text)).toBe(expected);
  });
});
