import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/config/env.server";

describe("ABLY_API_KEY", () => {
  it.each([
    ["appId.keyId:secretPart+/=", true],
    ["a1-b.c_2:XYZ", true],
    ["no-colon", false],
    ["appId:secret", false],
    ["appId.keyId:", false],
  ])("%s is accepted: %s", (key, ok) => {
    const parse = () => parseConfig({ NODE_ENV: "test", ABLY_API_KEY: key });
    if (ok) expect(parse().ABLY_API_KEY).toBe(key);
    else expect(parse).toThrow(ConfigError);
  });

  it("never echoes the key in the error", () => {
    try {
      parseConfig({ NODE_ENV: "test", ABLY_API_KEY: "appId:very-secret" });
    } catch (error) {
      expect(String((error as Error).message)).not.toContain("very-secret");
    }
  });
});
