import { describe, expect, it } from "vitest";
import { extensionVersion, isClientId } from "~/platform/extension";

describe("extensionVersion: reading the extension's answer", () => {
  it.each([
    ["an answer", { type: "marketplace-extension:pong", version: "1.4.2" }, "1.4.2"],
    ["a one-part version", { type: "marketplace-extension:pong", version: "3" }, "3"],
    ["a pre-release", { type: "marketplace-extension:pong", version: "2.0.0-beta.1" }, "2.0.0-beta.1"],
    ["our own ping", { type: "marketplace-extension:ping" }, null],
    ["another script's message", { type: "webpackOk" }, null],
    ["a string", "marketplace-extension:pong", null],
    ["null", null, null],
    ["no version", { type: "marketplace-extension:pong" }, null],
    ["a number for a version", { type: "marketplace-extension:pong", version: 1.4 }, null],
    ["markup for a version", { type: "marketplace-extension:pong", version: "<img src=x>" }, null],
    ["an empty version", { type: "marketplace-extension:pong", version: "" }, null],
    ["an overlong version", { type: "marketplace-extension:pong", version: `1.${"0".repeat(60)}` }, null],
  ])("%s", (_name, message, expected) => {
    expect(extensionVersion(message)).toBe(expected);
  });
});

describe("isClientId", () => {
  it.each([
    ["0b6e6f3a-8d0c-4a59-9f5e-3b1c2d4e5f60", true],
    ["abcdefgh", true],
    ["short", false],
    ["has spaces in it", false],
    [42, false],
    ["x".repeat(81), false],
  ])("%s", (value, expected) => {
    expect(isClientId(value)).toBe(expected);
  });
});
