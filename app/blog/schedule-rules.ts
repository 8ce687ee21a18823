import { TZDate } from "@date-fns/tz";

/**
 * When a blog post goes out: the editor's buttons (save as draft, schedule, publish) turned into
 * the post's state, pure so a table test covers every case (tests/unit/blog/schedule-rules.test.ts).
 *
 * - A draft has no time; the public blog never shows it.
 * - Scheduling needs a time strictly after now and at most a year ahead. A time in the past (or
 *   now) is refused, never quietly published: the editor asked for later, so they choose again
 *   or press "Publish now". The blog-publishing job publishes the post at that time.
 * - Publishing now keeps the first publication time of a post already published (an edit does
 *   not bring an old post to the top), and otherwise takes now.
 */
export type PostStatus = "draft" | "scheduled" | "published";
export type PublishIntent = "draft" | "schedule" | "publish";

export const MAX_SCHEDULE_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;

export type Publication = { ok: true; status: PostStatus; published_at: Date | null } | { ok: false; field: "publish_at"; message: string };

export function decidePublication(input: {
  intent: PublishIntent;
  /** The time asked for (schedule only); null when none or not a time. */
  publishAt: Date | null;
  now: Date;
  current: { status: PostStatus; published_at: Date | null } | null;
}): Publication {
  const { intent, publishAt, now, current } = input;
  if (intent === "draft") return { ok: true, status: "draft", published_at: null };
  if (intent === "publish") {
    const first = current?.status === "published" && current.published_at ? current.published_at : now;
    return { ok: true, status: "published", published_at: first };
  }
  if (!publishAt) return { ok: false, field: "publish_at", message: "Choose the day and time to publish it, like 2026-12-01 09:00" };
  if (publishAt.getTime() <= now.getTime()) return { ok: false, field: "publish_at", message: "Choose a time in the future, or publish it now" };
  if (publishAt.getTime() - now.getTime() > MAX_SCHEDULE_AHEAD_MS) return { ok: false, field: "publish_at", message: "Schedule it at most a year ahead" };
  return { ok: true, status: "scheduled", published_at: publishAt };
}

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A `datetime-local` value ("2026-12-01T09:00", seconds optional) in a time zone as the instant
 * it names; null for anything else. The form sends the time zone beside it (without JavaScript
 * the browser cannot say which one its reader means).
 */
export function parseLocalTime(value: string, timeZone: string): Date | null {
  const match = LOCAL_TIME.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  if (year < 2000 || year > 2100 || month < 1 || month > 12 || hours > 23 || minutes > 59 || seconds > 59) return null;
  const checked = new Date(Date.UTC(year, month - 1, day));
  if (checked.getUTCMonth() !== month - 1 || checked.getUTCDate() !== day) return null;
  try {
    const instant = new TZDate(year, month - 1, day, hours, minutes, seconds, timeZone).getTime();
    return Number.isNaN(instant) ? null : new Date(instant);
  } catch {
    return null;
  }
}

/** An instant as a `datetime-local` value in a time zone (to the second). */
export function toLocalTime(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}T${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`;
}

/** A post's address from its title: lower case words joined by dashes. */
export function slugFromTitle(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
}
