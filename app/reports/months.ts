/**
 * Month buckets of the admin reports. Pure. Months are calendar months in UTC ("2026-03"), the
 * zone the reports are read in whatever the viewer's.
 */

export type MonthKey = `${number}-${string}`;

export function monthKey(date: Date): MonthKey {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}` as MonthKey;
}

/** The first instant of the month `count` months before (negative) or after the month of `date`. */
export function monthStart(date: Date, offset = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1));
}

/** The `count` months ending with the month of `now`, oldest first. */
export function lastMonths(now: Date, count: number): MonthKey[] {
  return Array.from({ length: Math.max(0, count) }, (_, index) => monthKey(monthStart(now, index - count + 1)));
}

/**
 * Rows of (month, group, value) laid on a grid: one row per month of `months`, one column per
 * group, 0 where nothing happened; values of the same month and group add up, months outside
 * the range are left out.
 */
export function monthGrid(months: readonly MonthKey[], groups: readonly string[], rows: readonly { month: string; group: string; value: number }[]) {
  const cells = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.month}|${row.group}`;
    cells.set(key, (cells.get(key) ?? 0) + row.value);
  }
  return months.map((month) => ({ month, values: groups.map((group) => cells.get(`${month}|${group}`) ?? 0) }));
}
