import { describe, expect, it } from "vitest";
import { guestCacheKey } from "../../../server/guest-page-cache";
import { allowsTracking, consentFromForm, consentValue, consentVariant, parseConsent } from "~/tracking/consent";
import { landingPageFor, LANDING_PAGE_NAMES, pageViewDelay } from "~/tracking/landing-pages";

describe("cookie consent", () => {
  it.each([
    [undefined, null, false, "unset"],
    ["", null, false, "unset"],
    ["accepted", { choice: "accepted", analytics: true }, true, "analytics"],
    ["rejected", { choice: "rejected", analytics: false }, false, "necessary"],
    ["custom.analytics", { choice: "custom", analytics: true }, true, "analytics"],
    ["custom.necessary", { choice: "custom", analytics: false }, false, "necessary"],
    ["yes-track-me", null, false, "unset"],
    ["constructor", null, false, "unset"],
  ] as const)("reads %j as %j: tracking %s, cache variant %s", (value, consent, tracking, variant) => {
    expect(parseConsent(value)).toEqual(consent);
    expect(allowsTracking(value)).toBe(tracking);
    expect(consentVariant(value)).toBe(variant);
  });

  it.each([
    [{ choice: "accept" }, "accepted"],
    [{ choice: "reject" }, "rejected"],
    [{ choice: "reject", analytics: "on" }, "rejected"],
    [{ choice: "custom", analytics: "on" }, "custom.analytics"],
    [{ choice: "custom" }, "custom.necessary"],
  ] as const)("stores the form %j as %s", (form, value) => {
    expect(consentValue(consentFromForm(form))).toBe(value);
  });
});

describe("tracked landing pages (SPEC §1)", () => {
  it.each([
    ["/", "homepage"],
    ["/university", "university"],
    ["/high-school", "high_school"],
    ["/for-educators", "educators"],
    ["/for-parents", "parents"],
    ["/on-demand", "on_demand"],
    ["/live-prep", "live_prep"],
    ["/mcat", "mcat"],
    ["/tutors", "tutor"],
    ["/scholarships", "scholarships"],
    ["/pricing", "subscription"],
    ["/blog", "blog"],
    ["/referral", "referral"],
    ["/blog/", "blog"],
    ["/blog/some-post", null],
    ["/courses", null],
    ["/mcat/exam-dates", null],
    ["/toString", null],
  ])("%s is %s", (path, name) => {
    expect(landingPageFor(path)).toBe(name);
  });

  it("names each page once", () => {
    expect(new Set(LANDING_PAGE_NAMES).size).toBe(LANDING_PAGE_NAMES.length);
  });

  it("sends a page view 400 ms after it shows, 1 s for the first page (SPEC §9)", () => {
    expect(pageViewDelay(true)).toBe(1_000);
    expect(pageViewDelay(false)).toBe(400);
  });
});

describe("the guest page cache and the consent cookie", () => {
  it("keeps three copies of a guest page at most: unchosen, analytics allowed, necessary only", () => {
    const url = new URL("http://localhost/university");
    const key = (value?: string) => guestCacheKey("GET", url, { accept: "text/html", cookies: { cookie_consent: value } });
    expect(key(undefined)).toBe(key("made-up"));
    expect(key("accepted")).toBe(key("custom.analytics"));
    expect(key("rejected")).toBe(key("custom.necessary"));
    expect(new Set([key(undefined), key("accepted"), key("rejected")]).size).toBe(3);
  });
});
