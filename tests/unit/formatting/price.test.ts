import { describe, expect, it } from "vitest";
import { formatPrice, type PriceFormatOptions } from "~/formatting/price";
import type { Currency } from "~/db/schema";

describe("formatPrice", () => {
  it.each<[number, string]>([
    [0, "Free"],
    [-0, "Free"],
    [1, "$0.01"],
    [5, "$0.05"],
    [50, "$0.50"],
    [99, "$0.99"],
    [100, "$1"],
    [1000, "$10"],
    [1250, "$12.50"],
    [1299, "$12.99"],
    [1201, "$12.01"],
    [1210, "$12.10"],
    [2000, "$20"],
    [2995, "$29.95"],
    [17940, "$179.40"],
    [4995, "$49.95"],
    [9900, "$99"],
    [99999, "$999.99"],
    [100000, "$1,000"],
    [123456, "$1,234.56"],
    [1000000, "$10,000"],
    [123456789, "$1,234,567.89"],
    [100000000, "$1,000,000"],
    [123456789000, "$1,234,567,890"],
  ])("%i cents in USD → %s", (cents, expected) => {
    expect(formatPrice(cents)).toBe(expected);
  });

  it("defaults to USD", () => {
    expect(formatPrice(1250)).toBe(formatPrice(1250, "USD"));
  });

  it.each<[number, Currency, PriceFormatOptions, string]>([
    // forceCents
    [2000, "USD", { forceCents: true }, "$20.00"],
    [100, "USD", { forceCents: true }, "$1.00"],
    [1250, "USD", { forceCents: true }, "$12.50"],
    [100000000, "USD", { forceCents: true }, "$1,000,000.00"],
    [0, "USD", { forceCents: true }, "Free"],
    [2000, "USD", { forceCents: false }, "$20"],
    // hideCents (rounds to the nearest unit)
    [1250, "USD", { hideCents: true }, "$13"],
    [1249, "USD", { hideCents: true }, "$12"],
    [1299, "USD", { hideCents: true }, "$13"],
    [2000, "USD", { hideCents: true }, "$20"],
    [123456, "USD", { hideCents: true }, "$1,235"],
    [0, "USD", { hideCents: true }, "Free"],
    [1250, "USD", { hideCents: false }, "$12.50"],
    // hideCents wins over forceCents
    [1250, "USD", { hideCents: true, forceCents: true }, "$13"],
    [2000, "USD", { hideCents: true, forceCents: true }, "$20"],
    // CAD gets a suffix
    [2000, "CAD", {}, "$20 CAD"],
    [1250, "CAD", {}, "$12.50 CAD"],
    [5, "CAD", {}, "$0.05 CAD"],
    [123456789, "CAD", {}, "$1,234,567.89 CAD"],
    [2000, "CAD", { forceCents: true }, "$20.00 CAD"],
    [1250, "CAD", { hideCents: true }, "$13 CAD"],
    [0, "CAD", {}, "Free"],
    [0, "CAD", { forceCents: true }, "Free"],
  ])("%i cents in %s with %j → %s", (cents, currency, options, expected) => {
    expect(formatPrice(cents, currency, options)).toBe(expected);
  });

  it("never shows a USD suffix", () => {
    expect(formatPrice(2000, "USD")).not.toContain("USD");
  });

  it.each<[number, string]>([
    [-1250, "-$12.50"],
    [-2000, "-$20"],
  ])("formats a negative amount %i as %s", (cents, expected) => {
    expect(formatPrice(cents)).toBe(expected);
  });

  it.each([12.5, 0.1, -0.5, 1999.99, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    "throws a RangeError for non-integer cents %s",
    (cents) => {
      expect(() => formatPrice(cents)).toThrow(RangeError);
      expect(() => formatPrice(cents)).toThrow(`Price must be integer cents, got ${cents}`);
    },
  );

  it("throws a RangeError for non-integer cents whatever the options", () => {
    expect(() => formatPrice(10.5, "CAD", { hideCents: true })).toThrow(RangeError);
  });
});

describe("formatPrice agrees with the platform's currency formatting", () => {
  // The formatter is written by hand for speed; Intl.NumberFormat is the reference it must match.
  const reference = (cents: number, currency: Currency, digits: number) => {
    const amount = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      currencyDisplay: "narrowSymbol",
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(cents / 100);
    return currency === "USD" ? amount : `${amount} ${currency}`;
  };
  const samples = [1, 7, 49, 50, 51, 99, 100, 101, 149, 150, 151, 999, 1049, 1050, 99_950, 99_999, 100_049, 1_234_550, 987_654_321];

  it.each(samples.flatMap((cents) => [cents, -cents]))("%i cents in every currency and precision", (cents) => {
    for (const currency of ["USD", "CAD"] as const) {
      expect(formatPrice(cents, currency, { forceCents: true })).toBe(reference(cents, currency, 2));
      expect(formatPrice(cents, currency, { hideCents: true })).toBe(reference(cents, currency, 0));
      expect(formatPrice(cents, currency)).toBe(reference(cents, currency, cents % 100 === 0 ? 0 : 2));
    }
  });
});
