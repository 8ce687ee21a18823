/**
 * Dates on the public pages, as 'MMM d, yyyy' (SPEC §9) in UTC so the server's HTML and the
 * browser's render agree. Accepts a Date, an ISO time or a 'yyyy-mm-dd' date.
 */
const DATE = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const DATE_TIME = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

export function displayDate(value: Date | string): string {
  return DATE.format(typeof value === "string" ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : value);
}

export function displayDateTime(value: Date | string): string {
  return DATE_TIME.format(typeof value === "string" ? new Date(value) : value);
}

/** A machine-readable value for <time dateTime>. */
export function isoOf(value: Date | string): string {
  return typeof value === "string" ? value : value.toISOString();
}
