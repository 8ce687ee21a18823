import { describe, expect, it } from "vitest";
import { createShareSchema } from "~/shares/share-forms";
import { countsAsNewView, expiryFor, REPEAT_VIEW_MS, SHARE_EXPIRY_CHOICES, SHARE_TOKEN_PATTERN, shareState } from "~/shares/share-links";

const now = new Date("2026-03-10T12:00:00Z");
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe("how long a link works", () => {
  it.each([
    ["never", null],
    ["1d", at(DAY)],
    ["7d", at(7 * DAY)],
    ["30d", at(30 * DAY)],
  ] as const)("%s expires at %s", (choice, expected) => {
    expect(expiryFor(choice, now)).toEqual(expected);
  });

  it("knows no other choice", () => {
    expect(expiryFor("forever", now)).toBeUndefined();
    expect(expiryFor("", now)).toBeUndefined();
  });

  it("offers never, a day, a week and a month, in that order", () => {
    expect(SHARE_EXPIRY_CHOICES.map((choice) => choice.value)).toEqual(["never", "1d", "7d", "30d"]);
  });
});

describe("whether a link works at a moment", () => {
  it.each([
    ["no expiry, not revoked", { expires_at: null, revoked_at: null }, "active"],
    ["expires later", { expires_at: at(HOUR), revoked_at: null }, "active"],
    ["expires a millisecond later", { expires_at: at(1), revoked_at: null }, "active"],
    ["expires now", { expires_at: now, revoked_at: null }, "expired"],
    ["expired yesterday", { expires_at: at(-DAY), revoked_at: null }, "expired"],
    ["expired as a string from JSON", { expires_at: at(-DAY).toISOString(), revoked_at: null }, "expired"],
    ["revoked", { expires_at: null, revoked_at: at(-HOUR) }, "revoked"],
    ["revoked and expired", { expires_at: at(-DAY), revoked_at: at(-HOUR) }, "revoked"],
    ["revoked, by a clock ahead of this one", { expires_at: at(DAY), revoked_at: at(HOUR) }, "revoked"],
  ] as const)("%s → %s", (_name, share, state) => {
    expect(shareState(share, now)).toBe(state);
  });
});

describe("when an opening counts as a view", () => {
  it.each([
    ["first opening", null, true],
    ["reload a minute later", at(-60 * 1000), false],
    ["just under the repeat time", at(-REPEAT_VIEW_MS + 1), false],
    ["at the repeat time", at(-REPEAT_VIEW_MS), true],
    ["the next day", at(-DAY), true],
  ] as const)("%s → %s", (_name, last, counts) => {
    expect(countsAsNewView(last, now)).toBe(counts);
  });
});

describe("the share form", () => {
  it("takes a resource and an expiry, never-expiring by default", () => {
    expect(createShareSchema.safeParse({ intent: "create", resource_type: "flash_card_deck", resource_id: "12" }).data).toEqual({
      intent: "create",
      resource_type: "flash_card_deck",
      resource_id: 12,
      expiry: "never",
    });
  });

  it.each([
    ["an unknown expiry", { expiry: "90d" }],
    ["a type that is not a name", { resource_type: "../decks" }],
    ["no id", { resource_id: "" }],
    ["a negative id", { resource_id: "-3" }],
    ["an id past the column", { resource_id: "99999999999" }],
  ])("refuses %s", (_name, change) => {
    expect(createShareSchema.safeParse({ intent: "create", resource_type: "flash_card_deck", resource_id: "12", expiry: "7d", ...change }).success).toBe(false);
  });
});

describe("a token's shape", () => {
  it.each([
    ["32 URL-safe characters", "abcdefghijklmnopqrstuvwxyz012-_A", true],
    ["too short to be one", "abc", false],
    ["with a slash", "abcdefghijklmnopqrstuvwxyz/12345", false],
    ["with a dot", "abcdefghijklmnopqrstuvwxyz.12345", false],
  ])("%s → %s", (_name, token, valid) => {
    expect(SHARE_TOKEN_PATTERN.test(token)).toBe(valid);
  });
});
