/**
 * When a live study session happens (SPEC §4, §9), pure: a date is live from one hour before it
 * starts to one hour after it ends; with Zoom disabled only its start counts (live from an hour
 * before to an hour after the start). A session is live while any of its dates is, upcoming while
 * a date is still ahead, and past once every date's window has closed.
 */

export const LIVE_WINDOW_MS = 60 * 60 * 1000;

export interface SessionDate {
  start_time: Date;
  end_time: Date;
}

export type SessionTiming = "upcoming" | "live" | "past";

/** The time a date's window is measured from at its end: its end, or its start with Zoom disabled. */
export function dateEnd(date: SessionDate, disableZoom: boolean): Date {
  return disableZoom ? date.start_time : date.end_time;
}

/** The window in which a date is live (and its join link shows), half-open: [opens, closes). */
export function liveWindow(date: SessionDate, disableZoom: boolean): { opens: Date; closes: Date } {
  return {
    opens: new Date(date.start_time.getTime() - LIVE_WINDOW_MS),
    closes: new Date(dateEnd(date, disableZoom).getTime() + LIVE_WINDOW_MS),
  };
}

export function dateTiming(date: SessionDate, disableZoom: boolean, now: Date): SessionTiming {
  const { opens, closes } = liveWindow(date, disableZoom);
  if (now < opens) return "upcoming";
  return now < closes ? "live" : "past";
}

/** A session without dates is upcoming: it has been announced but not scheduled. */
export function sessionTiming(dates: readonly SessionDate[], disableZoom: boolean, now: Date): SessionTiming {
  if (dates.length === 0) return "upcoming";
  const timings = dates.map((date) => dateTiming(date, disableZoom, now));
  if (timings.includes("live")) return "live";
  return timings.includes("upcoming") ? "upcoming" : "past";
}

/** The date live now, else the next one to open, else none (all past). */
export function currentOrNextDate<T extends SessionDate>(dates: readonly T[], disableZoom: boolean, now: Date): T | undefined {
  const sorted = [...dates].sort((a, b) => a.start_time.getTime() - b.start_time.getTime());
  return sorted.find((date) => dateTiming(date, disableZoom, now) === "live") ?? sorted.find((date) => dateTiming(date, disableZoom, now) === "upcoming");
}

/** The last date's end (its start with Zoom disabled), from which access to the recording is counted. */
export function lastDateEnd(dates: readonly SessionDate[], disableZoom: boolean): Date | null {
  if (dates.length === 0) return null;
  return new Date(Math.max(...dates.map((date) => dateEnd(date, disableZoom).getTime())));
}
