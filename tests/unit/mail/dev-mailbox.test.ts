import { describe, expect, it } from "vitest";
import { parseConfig } from "~/config/env.server";
import { devMailboxAccess, formatUtc } from "~/mail/dev-mailbox";

describe("devMailboxAccess", () => {
  const production = { NODE_ENV: "production", SESSION_SECRET: "s".repeat(32) };
  it.each<[Record<string, string>, "open" | "key" | "closed"]>([
    [{}, "open"],
    [{ NODE_ENV: "development" }, "open"],
    [{ NODE_ENV: "test" }, "open"],
    [{ NODE_ENV: "development", DEV_MAILBOX: "false" }, "open"],
    // Production: closed unless DEV_MAILBOX says so, whatever the database or mail setup.
    [production, "closed"],
    [{ ...production, DATABASE_URL: "postgresql://db/app", APP_ORIGIN: "https://m.example" }, "closed"],
    [{ ...production, SMTP_URL: "smtp://localhost:2525" }, "closed"],
    [{ ...production, DEV_MAILBOX: "false" }, "closed"],
    [{ ...production, DEV_MAILBOX: "0" }, "closed"],
    [{ ...production, DEV_MAILBOX: "true" }, "open"],
    [{ ...production, DEV_MAILBOX: "1" }, "open"],
    // What `npm start` sets: only through the link printed at start.
    [{ ...production, DEV_MAILBOX: "local" }, "key"],
  ])("%j → %s", (env, expected) => {
    expect(devMailboxAccess(parseConfig(env))).toBe(expected);
  });

  it("refuses an unknown DEV_MAILBOX value", () => {
    expect(() => parseConfig({ DEV_MAILBOX: "yes" })).toThrow(/DEV_MAILBOX/);
  });
});

describe("mail settings in the environment", () => {
  it("defaults: no SMTP, the test sender, no mailbox flag", () => {
    const config = parseConfig({});
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.MAIL_FROM).toBe("Marketplace <no-reply@marketplace.test>");
    expect(config.DEV_MAILBOX).toBe("off");
  });

  it.each(["smtp://localhost:2525", "smtps://user:pw@smtp.example.com:465"])("accepts SMTP_URL %s", (url) => {
    expect(parseConfig({ SMTP_URL: url }).SMTP_URL).toBe(url);
  });

  it.each(["http://smtp.example.com", "smtp://", "localhost:25"])("refuses SMTP_URL %s without echoing it", (url) => {
    expect(() => parseConfig({ SMTP_URL: url })).toThrow(/SMTP_URL: must be an smtp/);
    try {
      parseConfig({ SMTP_URL: `${url}?password=hunter2` });
    } catch (error) {
      expect(String(error)).not.toContain("hunter2");
    }
  });
});

it("formats times in UTC, the same on server and client", () => {
  expect(formatUtc(new Date("2026-11-22T06:40:12.345Z"))).toBe("2026-11-22 06:40:12 UTC");
});
