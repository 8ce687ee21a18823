import { describe, expect, it } from "vitest";
import {
  currencyForCountry,
  DEFAULT_BILLING_INTERVAL,
  monthlyEquivalent,
  planPrice,
  salesTaxPercent,
  withSalesTax,
  yearlySavingsPercent,
} from "~/pricing/plans";
import { CANADIAN_PROVINCES_AND_TERRITORIES, isRegionOf, US_STATES_DC_AND_TERRITORIES } from "~/pricing/regions";

describe("plans (SPEC §9)", () => {
  it.each([
    ["plus", "month", 2995],
    ["plus", "year", 17940],
    ["pre_med_plus", "month", 4995],
    ["pre_med_plus", "year", 29940],
  ] as const)("%s billed per %s costs %i cents", (plan, interval, cents) => {
    expect(planPrice(plan, interval)).toBe(cents);
  });

  it("defaults to yearly billing", () => expect(DEFAULT_BILLING_INTERVAL).toBe("year"));

  it.each([
    ["plus", "year", 1495],
    ["plus", "month", 2995],
    ["pre_med_plus", "year", 2495],
  ] as const)("%s per %s is %i cents a month", (plan, interval, cents) => {
    expect(monthlyEquivalent(plan, interval)).toBe(cents);
  });

  it.each([
    ["plus", 50],
    ["pre_med_plus", 50],
  ] as const)("yearly %s saves %i%% against twelve monthly payments", (plan, percent) => {
    expect(yearlySavingsPercent(plan)).toBe(percent);
  });
});

describe("currency and tax by country", () => {
  it.each([
    ["CA", "CAD", 5],
    ["US", "USD", 0],
    [null, "USD", 0],
    ["FR", "USD", 0],
  ] as const)("%s pays in %s with %i%% tax", (country, currency, tax) => {
    expect(currencyForCountry(country)).toBe(currency);
    expect(salesTaxPercent(country)).toBe(tax);
  });

  it.each([
    [17940, "CA", 897, 18837],
    [2995, "CA", 150, 3145], // 149.75 rounds half up
    [1, "CA", 0, 1],
    [10, "CA", 1, 11], // 0.5 rounds up
    [0, "CA", 0, 0],
    [17940, "US", 0, 17940],
  ] as const)("%i cents in %s: tax %i, total %i", (subtotal, country, tax, total) => {
    const priced = withSalesTax(subtotal, country);
    expect(priced.taxCents).toBe(tax);
    expect(priced.totalCents).toBe(total);
  });

  it.each([-1, 1.5, Number.NaN])("refuses %s as a price", (cents) => {
    expect(() => withSalesTax(cents, "CA")).toThrow(RangeError);
  });
});

describe("regions", () => {
  it("lists Canada's 13 provinces and territories", () => expect(CANADIAN_PROVINCES_AND_TERRITORIES).toHaveLength(13));
  it("lists the 50 states, DC and 6 territories", () => expect(US_STATES_DC_AND_TERRITORIES).toHaveLength(57));
  it("checks a region against its country", () => {
    expect(isRegionOf("CA", "ON")).toBe(true);
    expect(isRegionOf("US", "ON")).toBe(false);
    expect(isRegionOf("US", "DC")).toBe(true);
  });
});
