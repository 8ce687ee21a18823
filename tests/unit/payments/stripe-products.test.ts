import { describe, expect, it } from "vitest";
import { planLookupKey, planPriceRows, planPriceSchema, STRIPE_PRICE_ID_PATTERN } from "~/payments/stripe-products";

describe("a Stripe price id", () => {
  it.each([
    ["price_1PQx2bC3dE4fG5hI", true],
    ["price_emu123", true],
    ["price_", false],
    ["prod_1PQx2b", false],
    ["PRICE_abc", false],
    ["price_abc-def", false],
    ["price_abc def", false],
    [" price_abc", false],
  ])("%s → %s", (id, valid) => {
    expect(STRIPE_PRICE_ID_PATTERN.test(id)).toBe(valid);
  });

  it("is trimmed before it is checked, and a bad one is refused with the same message", () => {
    expect(planPriceSchema.safeParse({ plan: "plus", interval: "month", currency: "USD", stripe_price_id: " price_abc " })).toMatchObject({ success: true, data: { stripe_price_id: "price_abc" } });
    const refused = planPriceSchema.safeParse({ plan: "plus", interval: "month", currency: "USD", stripe_price_id: "prod_abc" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/starts with price_/);
  });
});

describe("the plans' rows", () => {
  it("lists each plan × interval × currency in order, with the id set for it or its lookup key", () => {
    const updatedAt = new Date("2026-11-01T00:00:00Z");
    const rows = planPriceRows([{ plan: "plus", billing_interval: "year", currency: "CAD", stripe_price_id: "price_set", updated_at: updatedAt }]);
    expect(rows.map((row) => `${row.plan}/${row.interval}/${row.currency}`)).toEqual([
      "plus/month/USD", "plus/month/CAD", "plus/year/USD", "plus/year/CAD",
      "pre_med_plus/month/USD", "pre_med_plus/month/CAD", "pre_med_plus/year/USD", "pre_med_plus/year/CAD",
    ]);
    expect(rows.filter((row) => row.stripePriceId)).toEqual([
      { plan: "plus", planName: "Plus", interval: "year", currency: "CAD", amountCents: 17940, lookupKey: "plus_year_cad", stripePriceId: "price_set", updatedAt },
    ]);
    expect(planLookupKey("pre_med_plus", "month", "USD")).toBe("pre_med_plus_month_usd");
  });
});
