import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  flattenUserFields,
  newPasswordSchema,
  PASSWORD_MISMATCH_MESSAGE,
  passwordResetRequestSchema,
  passwordRouteIntent,
} from "~/accounts/password-reset-forms";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

describe("passwordRouteIntent", () => {
  it.each<[string, unknown, string]>([
    ["POST", null, "request-reset"],
    ["POST", "", "request-reset"],
    ["post", undefined, "request-reset"],
    ["POST", "put", "set-password"],
    ["POST", "PUT", "set-password"],
    ["POST", " patch ", "set-password"],
    ["PUT", null, "set-password"],
    ["PATCH", null, "set-password"],
    ["POST", "delete", "unsupported"],
    ["DELETE", null, "unsupported"],
    ["GET", "put", "unsupported"],
  ])("%s with _method=%j → %s", (method, override, intent) => {
    expect(passwordRouteIntent(method, override)).toBe(intent);
  });
});

describe("flattenUserFields", () => {
  it.each<[Record<string, string>, Record<string, string>]>([
    [{ "user[email]": "a@b.test" }, { email: "a@b.test" }],
    [{ "user.email": "a@b.test" }, { email: "a@b.test" }],
    [{ email: "a@b.test", csrf_token: "t", _method: "put" }, { email: "a@b.test", csrf_token: "t", _method: "put" }],
    [{ "user[reset_password_token]": "tok", "user[password]": "p" }, { reset_password_token: "tok", password: "p" }],
    [{ "a[b": "x", "user[": "y", "__proto__.x": "z", "user[email][x]": "w" }, {}],
  ])("%j → %j", (input, expected) => {
    expect(Object.fromEntries(flattenUserFields(form(input)))).toEqual(expected);
  });

  it("drops file uploads", () => {
    const data = new FormData();
    data.append("email", new Blob(["x"]), "x.txt");
    expect([...flattenUserFields(data)]).toEqual([]);
  });
});

describe("passwordResetRequestSchema", () => {
  it.each<[Record<string, string>, string | null]>([
    [{ email: "student@demo.test" }, null],
    [{ email: "  Student@Demo.test " }, null],
    [{ email: "" }, "Enter your email address"],
    [{}, "Enter your email address"],
    [{ email: "not-an-email" }, "Enter a valid email address"],
    [{ email: `${"a".repeat(250)}@b.test` }, "That email address is too long"],
  ])("%j → %j", (fields, error) => {
    const submission = parseWithZod(form(fields), { schema: passwordResetRequestSchema });
    if (error === null) expect(submission.status).toBe("success");
    else expect(submission.reply().error?.email).toEqual([error]);
  });
});

describe("newPasswordSchema", () => {
  const valid = { reset_password_token: "t".repeat(43), password: "a-new-password", password_confirmation: "a-new-password" };
  it.each<[Record<string, string>, Record<string, string[]> | null]>([
    [valid, null],
    [{ ...valid, password: "x".repeat(64), password_confirmation: "x".repeat(64) }, null],
    [{ ...valid, password: "short", password_confirmation: "short" }, { password: ["Use at least 8 characters"] }],
    [{ ...valid, password: "x".repeat(129), password_confirmation: "x".repeat(129) }, { password: ["Use at most 128 characters"] }],
    [{ ...valid, password_confirmation: "another-password" }, { password_confirmation: [PASSWORD_MISMATCH_MESSAGE] }],
    [{ ...valid, reset_password_token: "" }, { reset_password_token: ["The reset link is incomplete"] }],
    [{ password: "a-new-password", password_confirmation: "a-new-password" }, { reset_password_token: ["The reset link is incomplete"] }],
  ])("%j → %j", (fields, errors) => {
    const submission = parseWithZod(form(fields), { schema: newPasswordSchema });
    if (errors === null) expect(submission.status).toBe("success");
    else expect(submission.reply().error).toMatchObject(errors);
  });
});
