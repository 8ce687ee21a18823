import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/config/env.server";

describe("payments configuration", () => {
  it("runs on the local emulator with no Stripe variables", () => {
    expect(parseConfig({}).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it("needs the webhook secret together with a secret key, and never echoes either", () => {
    expect(() => parseConfig({ STRIPE_SECRET_KEY: "sk_test_abc123" })).toThrow(/STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY/);
    expect(parseConfig({ STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc" }).STRIPE_SECRET_KEY).toBe("sk_test_abc123");
    try {
      parseConfig({ STRIPE_SECRET_KEY: "pk_live_oops", STRIPE_WEBHOOK_SECRET: "nope" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
      expect((error as Error).message).not.toContain("pk_live_oops");
      expect((error as Error).message).not.toContain('"nope"');
    }
  });

  it("accepts an emulator run elsewhere, and a fixed emulator port", () => {
    const config = parseConfig({ STRIPE_EMULATOR_URL: "http://127.0.0.1:12111", STRIPE_EMULATOR_PORT: "12111" });
    expect(config).toMatchObject({ STRIPE_EMULATOR_URL: "http://127.0.0.1:12111", STRIPE_EMULATOR_PORT: 12111 });
  });
});
