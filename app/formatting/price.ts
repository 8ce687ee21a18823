import type { Currency } from "~/db/schema";

export interface PriceFormatOptions {
  /** Always show cents, e.g. $20.00. */
  forceCents?: boolean;
  /** Never show cents (rounds to the nearest unit). */
  hideCents?: boolean;
}

/** Integer cents to a display price: USD by default, ".00" dropped, zero shown as "Free" (SPEC §9). */
export function formatPrice(cents: number, currency: Currency = "USD", options: PriceFormatOptions = {}): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Price must be integer cents, got ${cents}`);
  if (cents === 0) return "Free";
  const wholeUnits = cents % 100 === 0;
  const digits = options.hideCents ? 0 : options.forceCents || !wholeUnits ? 2 : 0;
  const amount = new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(cents / 100);
  return currency === "USD" ? amount : `${amount} ${currency}`;
}
