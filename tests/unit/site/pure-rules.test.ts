import { describe, expect, it } from "vitest";
import { announcementActionSchema, isRecipient, mayResolve, pendingAfterResponse } from "~/community/announcements";
import { contactMail, contactSchema } from "~/contact/contact";
import { applicantBalance, calculatorSchema, chanceFor, rankSchools } from "~/mcat/med-school-calculator";
import { countryFromQuery, intervalFromQuery, planOffer } from "~/pricing/plan-offer";
import { prefixTsQuery, searchQuerySchema } from "~/search/search";
import { sitemapXml } from "~/seo/sitemap";

describe("plan offers (SPEC §9)", () => {
  it.each([
    ["plus", "month", null, 2995, 0, 2995, "USD", 2995],
    ["plus", "year", null, 17940, 0, 17940, "USD", 1495],
    ["plus", "year", "US", 17940, 0, 17940, "USD", 1495],
    ["plus", "month", "CA", 2995, 150, 3145, "CAD", 2995],
    ["plus", "year", "CA", 17940, 897, 18837, "CAD", 1495],
    ["pre_med_plus", "month", null, 4995, 0, 4995, "USD", 4995],
    ["pre_med_plus", "year", "CA", 29940, 1497, 31437, "CAD", 2495],
  ] as const)("%s %s in %s: %i + %i tax = %i %s", (plan, interval, country, price, tax, total, currency, perMonth) => {
    const offer = planOffer(plan, interval, country);
    expect(offer).toMatchObject({ priceCents: price, taxCents: tax, totalCents: total, currency, perMonthCents: perMonth });
    expect(offer.taxPercent).toBe(country === "CA" ? 5 : 0);
  });

  it("computes the yearly saving and links to checkout with the plan and interval", () => {
    expect(planOffer("plus", "year", null).savingsPercent).toBe(50);
    expect(planOffer("pre_med_plus", "year", null).savingsPercent).toBe(50);
    expect(planOffer("plus", "month", null).checkoutHref).toBe("/checkout?plan=plus&interval=month");
    expect(planOffer("pre_med_plus", "year", null).checkoutHref).toBe("/checkout?plan=premed_plus&interval=year");
    expect(planOffer("plus", "year", null, "MCAT").name).toBe("MCAT Plus");
    expect(planOffer("pre_med_plus", "year", null, "MCAT").name).toBe("Pre-Med Plus");
  });

  it.each([
    [null, "year"],
    ["", "year"],
    ["month", "month"],
    ["year", "year"],
    ["weekly", "year"],
  ] as const)("interval from %j is %s (yearly by default)", (query, expected) => {
    expect(intervalFromQuery(query)).toBe(expected);
  });

  it.each([
    ["CA", null, "CA"],
    ["US", "CA", "US"],
    [null, "CA", "CA"],
    ["FR", "US", "US"],
    [null, null, null],
  ] as const)("country from query %j and account %j is %j", (query, account, expected) => {
    expect(countryFromQuery(query, account)).toBe(expected);
  });
});

describe("med school calculator", () => {
  const school = { name: "Median U", median_gpa: "3.80", median_mcat: 512 };
  it.each([
    [3.8, 512, 0, "competitive"],
    [3.9, 512, 1, "competitive"],
    [3.8, 516, 2, "strong"],
    [4.0, 512, 2, "strong"],
    [3.7, 512, -1, "competitive"],
    [3.7, 510, -2, "reach"],
    [3.6, 508, -4, "reach"],
    [3.5, 508, -5, "unlikely"],
  ] as const)("GPA %f and MCAT %i against 3.80/512: balance %f, %s", (gpa, mcat, balance, chance) => {
    expect(applicantBalance({ gpa, mcat }, school)).toBe(balance);
    expect(chanceFor(balance)).toBe(chance);
  });

  it("ranks the best chances first", () => {
    const ranked = rankSchools({ gpa: 3.8, mcat: 512 }, [
      { name: "Hard", median_gpa: "3.95", median_mcat: 520 },
      { name: "Easy", median_gpa: "3.50", median_mcat: 505 },
      { name: "Even", median_gpa: "3.80", median_mcat: 512 },
    ]);
    expect(ranked.map((s) => s.name)).toEqual(["Easy", "Even", "Hard"]);
  });

  it.each([
    [{ gpa: "3.5", mcat: "510" }, true],
    [{ gpa: "4.1", mcat: "510" }, false],
    [{ gpa: "-1", mcat: "510" }, false],
    [{ gpa: "abc", mcat: "510" }, false],
    [{ gpa: "3.5", mcat: "471" }, false],
    [{ gpa: "3.5", mcat: "529" }, false],
    [{ gpa: "3.5", mcat: "510.5" }, false],
    [{ gpa: "3.5", mcat: "528" }, true],
  ])("validates %j: %s", (input, ok) => {
    expect(calculatorSchema.safeParse(input).success).toBe(ok);
  });
});

describe("search text", () => {
  it.each([
    ["calculus", "calculus:*"],
    ["Calc  deriv", "calc:* & deriv:*"],
    ["MATH 137", "math:* & 137:*"],
    ["Économie", "economie:*"],
    ["&|!:*()'", null],
    ["", null],
    ["a b c d e f g h i j", "a:* & b:* & c:* & d:* & e:* & f:* & g:* & h:*"],
  ])("%j → %j", (text, expected) => {
    expect(prefixTsQuery(text)).toBe(expected);
  });

  it("falls back to defaults on a malformed query", () => {
    expect(searchQuerySchema.parse({ type: "teacher", page: "-3" })).toEqual({ type: "course", query: "", page: 1 });
    expect(searchQuerySchema.parse({ type: "school", query: " ubc ", page: "2" })).toEqual({ type: "school", query: "ubc", page: 2 });
  });
});

describe("announcement rules", () => {
  it.each([
    [5, 4],
    [1, 0],
    [0, 0],
  ])("pending %i becomes %i after a response", (before, after) => {
    expect(pendingAfterResponse(before)).toBe(after);
  });

  it.each([
    [["class_rep"], ["class_rep"], true],
    [["class_rep"], ["marketing_rep"], false],
    [["marketing_rep", "tutor"], ["class_rep", "marketing_rep"], true],
    [[], ["class_rep"], false],
    [["admin"], ["class_rep"], false],
  ])("roles %j receive audience %j: %s", (roles, audience, expected) => {
    expect(isRecipient(roles, audience)).toBe(expected);
  });

  it("lets the responder or staff resolve", () => {
    expect(mayResolve({ id: 1, roles: ["class_rep"] }, { user_id: 1 })).toBe(true);
    expect(mayResolve({ id: 2, roles: ["class_rep"] }, { user_id: 1 })).toBe(false);
    expect(mayResolve({ id: 3, roles: ["admin"] }, { user_id: 1 })).toBe(true);
    expect(mayResolve({ id: 4, roles: ["marketing_manager"] }, { user_id: 1 })).toBe(true);
  });

  it("parses each form and refuses malformed ones", () => {
    expect(announcementActionSchema.safeParse({ intent: "respond", announcement_id: "3", reply_status: "accepted" }).success).toBe(true);
    expect(announcementActionSchema.safeParse({ intent: "respond", announcement_id: "3", reply_status: "resolved" }).success).toBe(false);
    expect(announcementActionSchema.safeParse({ intent: "comment", announcement_id: "3", body: "  " }).success).toBe(false);
    expect(announcementActionSchema.safeParse({ intent: "resolve", response_id: "x" }).success).toBe(false);
    expect(announcementActionSchema.safeParse({ intent: "create", title: "T", body: "B", audience: ["class_rep", "class_rep"] })).toMatchObject({
      success: true,
      data: { audience: ["class_rep"] },
    });
    expect(announcementActionSchema.safeParse({ intent: "create", title: "T", body: "B", audience: ["student"] }).success).toBe(false);
    expect(announcementActionSchema.safeParse({ intent: "launch" }).success).toBe(false);
  });
});

describe("contact mail and sitemap", () => {
  it("escapes the sender's text in the HTML body and keeps the subject on one line", () => {
    const input = contactSchema.parse({ name: "Eve\r\nBcc: x@y", email: "eve@example.com", topic: "technical", body: "<script>alert(1)</script> help" });
    const mail = contactMail({ ...input, id: 7 });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain("<script>");
    expect(mail.text).toContain("<script>alert(1)</script> help");
  });

  it("writes absolute, escaped URLs", () => {
    const xml = sitemapXml("https://example.com", [{ path: "/blog?category=a&b" }, { path: "/", lastModified: new Date("2026-01-02T03:04:05Z") }]);
    expect(xml).toContain("<loc>https://example.com/blog?category=a&amp;b</loc>");
    expect(xml).toContain("<lastmod>2026-01-02</lastmod>");
  });
});
