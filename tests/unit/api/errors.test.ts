import { describe, expect, it } from "vitest";
import { ApiError, errorDocument, type ApiErrorObject } from "~/api/errors";

describe("ApiError", () => {
  it("is an Error carrying status, code and the detail as its message", () => {
    const error = new ApiError(404, "not_found", "Course not found");
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.name).toBe("ApiError");
    expect(error.status).toBe(404);
    expect(error.code).toBe("not_found");
    expect(error.message).toBe("Course not found");
    expect(error.extras).toEqual({});
  });

  it("can be thrown and caught as an ApiError", () => {
    const thrower = () => {
      throw new ApiError(429, "rate_limited", "Slow down");
    };
    expect(thrower).toThrow(ApiError);
    expect(thrower).toThrow("Slow down");
  });

  it("has a stack trace", () => {
    expect(new ApiError(500, "internal", "x").stack).toContain("ApiError");
  });

  describe("toDocument", () => {
    it.each<[number, string, string, string]>([
      [400, "bad_request", "Malformed JSON", "400"],
      [401, "unauthenticated", "Log in first", "401"],
      [403, "forbidden", "Not yours", "403"],
      [404, "not_found", "No such course", "404"],
      [422, "invalid", "Name is too short", "422"],
      [429, "rate_limited", "Too many requests", "429"],
      [500, "internal", "Something broke", "500"],
      [503, "database_unavailable", "Try again soon", "503"],
    ])("a %i %s error gives one error object with the status as a string", (status, code, detail, statusText) => {
      expect(new ApiError(status, code, detail).toDocument()).toEqual({ errors: [{ status: statusText, code, detail }] });
    });

    it("has no source key and no meta key when none were given", () => {
      const document = new ApiError(400, "bad", "Bad").toDocument();
      expect(Object.keys(document)).toEqual(["errors"]);
      expect(Object.keys(document.errors[0]!)).toEqual(["status", "code", "detail"]);
    });

    it.each([
      [{ pointer: "/data/attributes/email" }],
      [{ parameter: "page" }],
      [{ pointer: "/data", parameter: "include" }],
    ])("adds source %j to the error object", (source) => {
      const document = new ApiError(422, "invalid", "Bad value", { source }).toDocument();
      expect(document.errors).toEqual([{ status: "422", code: "invalid", detail: "Bad value", source }]);
    });

    it("adds meta at the top level of the document, not in the error object", () => {
      const document = new ApiError(429, "rate_limited", "Slow down", { meta: { retry_after: 60 } }).toDocument();
      expect(document).toEqual({
        errors: [{ status: "429", code: "rate_limited", detail: "Slow down" }],
        meta: { retry_after: 60 },
      });
    });

    it("uses the given error list instead of building one", () => {
      const errors: ApiErrorObject[] = [
        { status: "422", code: "blank", detail: "Name can't be blank", source: { pointer: "/data/attributes/name" } },
        { status: "422", code: "taken", detail: "Email is taken", source: { pointer: "/data/attributes/email" } },
      ];
      const document = new ApiError(422, "invalid", "Validation failed", { errors, source: { pointer: "/ignored" } }).toDocument();
      expect(document).toEqual({ errors });
    });

    it("keeps an empty given error list", () => {
      expect(new ApiError(422, "invalid", "x", { errors: [] }).toDocument()).toEqual({ errors: [] });
    });

    it("combines a given error list with meta", () => {
      const errors: ApiErrorObject[] = [{ status: "409", code: "conflict", detail: "Already enrolled" }];
      expect(new ApiError(409, "conflict", "x", { errors, meta: { id: 1 } }).toDocument()).toEqual({ errors, meta: { id: 1 } });
    });

    it("gives a JSON-serializable document", () => {
      const document = new ApiError(400, "csrf_auth_failed", "Bad token", { meta: { csrf_token: "abc" } }).toDocument();
      expect(JSON.parse(JSON.stringify(document))).toEqual(document);
    });
  });
});

describe("errorDocument", () => {
  it("builds the same document as an ApiError", () => {
    expect(errorDocument(404, "not_found", "No such page")).toEqual(new ApiError(404, "not_found", "No such page").toDocument());
  });

  it.each<[number, string, string, Record<string, unknown> | undefined, unknown]>([
    [404, "not_found", "No such page", undefined, { errors: [{ status: "404", code: "not_found", detail: "No such page" }] }],
    [
      400,
      "csrf_auth_failed",
      "Invalid CSRF token",
      { csrf_token: "new-token" },
      { errors: [{ status: "400", code: "csrf_auth_failed", detail: "Invalid CSRF token" }], meta: { csrf_token: "new-token" } },
    ],
    [503, "database_unavailable", "Try later", {}, { errors: [{ status: "503", code: "database_unavailable", detail: "Try later" }], meta: {} }],
  ])("%i %s", (status, code, detail, meta, expected) => {
    expect(errorDocument(status, code, detail, meta)).toEqual(expected);
  });

  it("has no meta key when meta is not given", () => {
    expect(errorDocument(500, "internal", "x")).not.toHaveProperty("meta");
  });
});
