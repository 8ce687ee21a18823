/** How long a learner spent on an activity, as they report it (the progress API, "Mark complete"). Pure. */

/** Time a learner reports for an activity, in whole seconds: at most four hours, never negative. */
export const MAX_ACTIVITY_SECONDS = 4 * 60 * 60;

export function parseDuration(raw: string | null, fallback: number): number | null {
  if (raw === null || raw === "") return Math.min(Math.max(0, fallback), MAX_ACTIVITY_SECONDS);
  if (!/^\d{1,7}$/.test(raw)) return null;
  return Math.min(Number(raw), MAX_ACTIVITY_SECONDS);
}
