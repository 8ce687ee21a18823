/** The largest value of an id column (PostgreSQL integer). */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * An id as written in an address or a form ("42"): a positive whole number an id column can
 * hold, else null. Anything larger would fail inside the query rather than simply not be found.
 */
export function parseRecordId(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= MAX_RECORD_ID ? id : null;
}
