import { describe, expect, it } from "vitest";
import {
  errorMessage,
  fallbackMessage,
  humanize,
  serverErrorMessage,
  tooManyRequestsMessage,
  tryAgainInMessage,
  unauthorizedMessage,
  type FailedRequest,
} from "~/errors/messages";

describe("message constants (SPEC §8 wording)", () => {
  it.each([
    [serverErrorMessage, "There was a problem on the site.  Please contact us if this issue persists"],
    [tooManyRequestsMessage, "Too many requests. Try again in a couple minutes"],
    [unauthorizedMessage, "You are not authorized to perform this action"],
    [fallbackMessage, "Error"],
  ])("%j is exactly the spec text", (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it("keeps the two spaces after 'site.' in the 500 message", () => {
    expect(serverErrorMessage).toContain("site.  Please");
  });
});

describe("errorMessage: status and body precedence", () => {
  const cases: Array<[string, FailedRequest, string]> = [
    ["500 with no body", { status: 500 }, serverErrorMessage],
    ["500 beats a string body", { status: 500, body: "Boom" }, serverErrorMessage],
    ["500 beats body.message", { status: 500, body: { message: "Stack trace here" } }, serverErrorMessage],
    ["500 beats field errors", { status: 500, body: { email: ["is taken"] } }, serverErrorMessage],
    ["429 with no body", { status: 429 }, tooManyRequestsMessage],
    ["429 beats a string body", { status: 429, body: "Slow down" }, tooManyRequestsMessage],
    ["429 beats body.message", { status: 429, body: { message: "Rate limited" } }, tooManyRequestsMessage],
    ["a string body is shown as is", { status: 422, body: "Name is too short" }, "Name is too short"],
    ["a string body is not trimmed", { status: 400, body: "  padded  " }, "  padded  "],
    ["a multi-line string body is kept", { status: 400, body: "one\ntwo" }, "one\ntwo"],
    ["a string body without a status", { body: "Network error" }, "Network error"],
    ["a string body beats 401", { status: 401, body: "Session expired" }, "Session expired"],
    ["body.message is used", { status: 422, body: { message: "Could not save" } }, "Could not save"],
    ["body.message beats field errors", { status: 422, body: { message: "Nope", email: ["is taken"] } }, "Nope"],
    ["body.message beats 401", { status: 401, body: { message: "Log in again" } }, "Log in again"],
    ["401 with no body", { status: 401 }, unauthorizedMessage],
    ["401 with a null body", { status: 401, body: null }, unauthorizedMessage],
    ["401 beats field errors", { status: 401, body: { errors: [{ detail: "Not logged in" }] } }, unauthorizedMessage],
    ["401 with a blank string body", { status: 401, body: "   " }, unauthorizedMessage],
    ["401 with a blank body.message", { status: 401, body: { message: " " } }, unauthorizedMessage],
    ["403 is not treated as 401", { status: 403 }, fallbackMessage],
    ["no status and no body", {}, fallbackMessage],
    ["undefined body", { status: 400, body: undefined }, fallbackMessage],
    ["null body", { status: 400, body: null }, fallbackMessage],
    ["empty string body", { status: 400, body: "" }, fallbackMessage],
    ["whitespace-only string body", { status: 400, body: " \n\t " }, fallbackMessage],
    ["numeric body", { status: 400, body: 42 }, fallbackMessage],
    ["boolean body", { status: 400, body: true }, fallbackMessage],
    ["empty object body", { status: 400, body: {} }, fallbackMessage],
    ["empty array body", { status: 400, body: [] }, fallbackMessage],
    ["non-string body.message is not used", { status: 400, body: { message: 123 } }, fallbackMessage],
    ["empty body.message falls back", { status: 400, body: { message: "" } }, fallbackMessage],
    ["blank body.message falls back", { status: 400, body: { message: "  " } }, fallbackMessage],
    ["body.message of whitespace beside a field error", { status: 422, body: { message: " ", name: ["is blank"] } }, "Name: is blank"],
    ["404 with a string body", { status: 404, body: "Not found" }, "Not found"],
  ];

  it.each(cases)("%s", (_label, request, expected) => {
    expect(errorMessage(request)).toBe(expected);
  });
});

describe("errorMessage: flattening object and array bodies", () => {
  const cases: Array<[string, unknown, string]> = [
    // arrays
    ["an array of strings is joined by newline", ["First", "Second"], "First\nSecond"],
    ["empty and blank entries in an array are dropped", ["First", "", "  ", "Second"], "First\nSecond"],
    ["non-string entries in an array are dropped", ["First", 3, null, false, "Second"], "First\nSecond"],
    ["nested arrays are flattened", [["a", "b"], "c"], "a\nb\nc"],
    ["an array of objects is flattened item by item", [{ email: ["is taken"] }, { name: "is blank" }], "Email: is taken\nName: is blank"],
    // detail
    ["a detail string", { detail: "Course is full" }, "Course is full"],
    ["a detail array is joined by newline", { detail: ["One", "Two"] }, "One\nTwo"],
    ["blank detail entries are dropped", { detail: ["One", "", "Two"] }, "One\nTwo"],
    ["a detail object is flattened", { detail: { email: ["is invalid"] } }, "Email: is invalid"],
    ["an empty detail array gives the fallback", { detail: [] }, fallbackMessage],
    // field errors
    ["a field error array", { email: ["is taken"] }, "Email: is taken"],
    ["several messages for one field are joined by comma", { email: ["is taken", "is too long"] }, "Email: is taken, is too long"],
    ["a field error given as a string", { name: "can't be blank" }, "Name: can't be blank"],
    ["field names are humanized", { first_name: ["is required"] }, "First name: is required"],
    ["an _id suffix is dropped from the field name", { school_id: ["must exist"] }, "School: must exist"],
    ["dotted field names are humanized", { "user.email": ["is invalid"] }, "User email: is invalid"],
    ["several fields are one line each", { first_name: ["is required"], email: ["is taken"] }, "First name: is required\nEmail: is taken"],
    ["a field with no messages is left out", { email: [], name: ["is blank"] }, "Name: is blank"],
    ["a field with only blank messages is left out", { email: ["", " "], name: ["is blank"] }, "Name: is blank"],
    ["a field with a non-string value is left out", { count: 3, flag: true, nothing: null }, fallbackMessage],
    ["nested field objects are flattened inside the field", { user: { email: ["is taken"] } }, "User: Email: is taken"],
    // base
    ["base errors are joined by comma", { base: ["Card declined", "Try another card"] }, "Card declined, Try another card"],
    ["a base string", { base: "Card declined" }, "Card declined"],
    ["blank base entries are dropped", { base: ["Card declined", "", "Try again"] }, "Card declined, Try again"],
    ["base with field errors", { base: ["Not saved"], email: ["is taken"] }, "Not saved\nEmail: is taken"],
    ["an empty base gives the fallback", { base: [] }, fallbackMessage],
    // errors wrapper and API error documents
    ["an errors object of field errors", { errors: { email: ["is taken"], base: ["Not saved"] } }, "Email: is taken\nNot saved"],
    ["an errors array of strings", { errors: ["One", "Two"] }, "One\nTwo"],
    [
      "an API error document shows each detail, skipping status, code, source, title and meta",
      {
        errors: [
          { status: "422", code: "invalid", title: "Invalid", detail: "Name is too short", source: { pointer: "/data/attributes/name" } },
          { status: "422", code: "taken", detail: "Email is taken", meta: { field: "email" } },
        ],
        meta: { request_id: "abc" },
      },
      "Name is too short\nEmail is taken",
    ],
    ["only skipped keys gives the fallback", { status: "400", code: "bad", source: {}, title: "Bad", meta: {} }, fallbackMessage],
    ["an empty errors array gives the fallback", { errors: [] }, fallbackMessage],
    ["strings inside field messages are trimmed", { email: ["  is taken  "] }, "Email: is taken"],
    ["a non-string message key is treated as a field", { message: ["is wrong"] }, "Message: is wrong"],
  ];

  it.each(cases)("%s", (_label, body, expected) => {
    expect(errorMessage({ status: 422, body })).toBe(expected);
  });

  it("flattens when there is no status at all", () => {
    expect(errorMessage({ body: { email: ["is taken"] } })).toBe("Email: is taken");
  });

  it.each([400, 403, 404, 409, 422, 503])("flattens field errors for status %i", (status) => {
    expect(errorMessage({ status, body: { base: ["Nope"] } })).toBe("Nope");
  });

  it("keeps field order as given", () => {
    const body = { zeta: ["z"], alpha: ["a"], mid_name: ["m"] };
    expect(errorMessage({ status: 422, body }).split("\n")).toEqual(["Zeta: z", "Alpha: a", "Mid name: m"]);
  });
});

describe("humanize", () => {
  it.each([
    ["first_name", "First name"],
    ["email", "Email"],
    ["school_id", "School"],
    ["user.email", "User email"],
    ["user__email", "User email"],
    ["_private", "Private"],
    ["trailing_", "Trailing"],
    ["course_ids", "Course ids"],
    ["id_number", "Id number"],
    ["Already", "Already"],
    ["x", "X"],
    ["", ""],
  ])("%j → %j", (field, expected) => {
    expect(humanize(field)).toBe(expected);
  });
});

describe("tryAgainInMessage", () => {
  it.each([
    [3600, "Please try again in 60 minutes."],
    [61, "Please try again in 2 minutes."],
    [60, "Please try again in 1 minute."],
    [1, "Please try again in 1 minute."],
  ])("after %i seconds: %j, never sooner than the limit allows", (seconds, ending) => {
    expect(tryAgainInMessage("Not sent.", seconds)).toBe(`Not sent. ${ending}`);
  });
});
