/**
 * CSV for the admin reports (RFC 4180). Pure. A cell a spreadsheet would read as a formula
 * (starting with = + - @, a tab or a carriage return; a plain negative number excepted) is prefixed with an apostrophe,
 * so an opened export never runs what a user typed into a name. Numbers are written as they are.
 */

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number ("-12.50") is data, not a formula, and stays as it is so a spreadsheet reads it as a number. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A header row and data rows, lines ended by CRLF as RFC 4180 asks. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** Cents as a decimal amount (-1234 → "-12.34"), exact: no floating point on money. */
export function centsToAmount(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
