import type { Currency } from "~/db/schema";

export interface PriceFormatOptions {
  /** Always show cents, e.g. $20.00. */
  forceCents?: boolean;
  /** Never show cents (rounds half away from zero to the nearest unit). */
  hideCents?: boolean;
}

/** Both currencies the site sells in print with a dollar sign; CAD adds its code after the amount. */
const SYMBOL: Record<Currency, string> = { USD: "$", CAD: "$" };

/** "1234567" → "1,234,567". */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * Integer cents to a display price: USD by default, ".00" dropped, zero shown as "Free" (SPEC §9).
 * Written with integer arithmetic rather than Intl.NumberFormat: the browser builds each Intl
 * formatter from its locale data on first use, which cost a pricing page tens of milliseconds of
 * main-thread time while it hydrated on a slow phone, for output that never varies here.
 */
export function formatPrice(cents: number, currency: Currency = "USD", options: PriceFormatOptions = {}): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Price must be integer cents, got ${cents}`);
  if (cents === 0) return "Free";
  const sign = cents < 0 ? "-" : "";
  const magnitude = Math.abs(cents);
  const showCents = !options.hideCents && (options.forceCents || magnitude % 100 !== 0);
  const amount = showCents
    ? `${groupThousands(String(Math.floor(magnitude / 100)))}.${String(magnitude % 100).padStart(2, "0")}`
    : groupThousands(String(Math.floor((magnitude + 50) / 100)));
  const price = `${sign}${SYMBOL[currency]}${amount}`;
  return currency === "USD" ? price : `${price} ${currency}`;
}
