import { describe, expect, it } from "vitest";
import { parseStripeForm } from "../../../server/stripe-emulator/form-body";

describe("the Stripe emulator's form parser", () => {
  it("reads nested objects and indexed arrays as the SDK sends them", () => {
    const body =
      "mode=payment&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=5900&line_items[0][quantity]=1&line_items[1][price]=price_1&metadata[purchase_id]=12&discounts[0][coupon]=c1";
    expect(parseStripeForm(body)).toEqual({
      mode: "payment",
      line_items: [{ price_data: { currency: "usd", unit_amount: "5900" }, quantity: "1" }, { price: "price_1" }],
      metadata: { purchase_id: "12" },
      discounts: [{ coupon: "c1" }],
    });
  });

  it("keeps empty values, Stripe's way of unsetting a field", () => {
    expect(parseStripeForm("pause_collection=&metadata[pause_at]=")).toEqual({ pause_collection: "", metadata: { pause_at: "" } });
  });

  it("decodes encoded brackets and ignores malformed keys", () => {
    expect(parseStripeForm("lookup_keys%5B0%5D=plus_year_usd&a]b=1")).toEqual({ lookup_keys: ["plus_year_usd"] });
  });
});
