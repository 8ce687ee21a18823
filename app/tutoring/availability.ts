import { tzOffset } from "@date-fns/tz";

/**
 * Which tutoring slots a student may book, pure (no clock, no database: `now` is an argument, so
 * the page that lists slots and the action that books one give the same answer for the same data).
 *
 * - A tutor thinks in their own wall clock, so the weekly hours, the exceptions and the grid of
 *   start times are all tutor-local; only the final test (inside an open window, clear of bookings,
 *   far enough ahead) is done in real time, where a session's length is what the student lives.
 * - An "unavailable" exception wins over everything on its date, the weekly hours and the
 *   "available" exceptions alike: a tutor who blocks time off must be able to trust it.
 * - Open time is a plain union of real time: windows that touch merge, within a day and across
 *   midnight (Monday until 24:00 and Tuesday from 00:00 hold a 23:30 start), since windows
 *   themselves may not cross midnight and overnight hours would otherwise be impossible.
 * - Daylight saving: a grid start the clock skips (spring forward) is not offered, and one the
 *   clock shows twice (fall back) is offered once, at its first occurrence, so every start names
 *   one instant and a student never sees the same label twice. A window's end or start, or an
 *   exception's, means "the first instant the clock shows that time or later": an end in a
 *   skipped hour is the moment of the jump (01:00–02:30 on the spring day closes at 03:00 new
 *   time), an end in a repeated hour is its first pass (00:00–01:30 on the fall day closes at the
 *   first 01:30), and an end after the repeated hour covers both passes. This mapping never runs
 *   backwards, so days keep their order and exceptions cut exactly what the windows would cover.
 * - Labels are built from fixed English names rather than Intl's output, whose spaces and forms
 *   differ between ICU versions: the server renders them and the browser hydrates them.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
const MINUTES_PER_DAY = 1440;

export interface WeeklyWindow {
  /** 0 = Sunday … 6 = Saturday, tutor-local. */
  weekday: number;
  /** Minutes after local midnight, 0..1440; 1440 is the next local midnight. */
  startMinute: number;
  endMinute: number;
}

export interface AvailabilityException {
  /** "YYYY-MM-DD", tutor-local. */
  date: string;
  kind: "unavailable" | "available";
  /** Both null: the whole day (one null: open-ended on that side). */
  startMinute: number | null;
  endMinute: number | null;
}

export interface Interval {
  start: Date;
  end: Date;
}

export interface AvailabilityRules {
  /** The tutor's IANA time zone. */
  timeZone: string;
  weekly: WeeklyWindow[];
  exceptions: AvailabilityException[];
}

export interface SlotQuery extends AvailabilityRules {
  /** The tutor's existing (not cancelled) sessions. */
  bookings: Interval[];
  /** Slots starting in [from, to). */
  from: Date;
  to: Date;
  now: Date;
  slotMinutes: number;
  /** Start times are multiples of this after tutor-local midnight. */
  stepMinutes: number;
  minNoticeMinutes: number;
}

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export function isValidTimeZone(name: string): boolean {
  // Offsets like "+05:00" are refused: they have no daylight-saving rules, so a tutor's weekly
  // hours would drift by an hour twice a year.
  if (!/^[A-Za-z]/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

// ── Wall-clock time ─────────────────────────────────────────────────────────────────────────
// A "wall" value is a local date and time written as if it were UTC milliseconds; a local date is
// its day number (wall / DAY).

function wallOf(instant: number, timeZone: string): number {
  return instant + tzOffset(timeZone, new Date(instant)) * MINUTE;
}

function localDayOf(instant: number, timeZone: string): number {
  return Math.floor(wallOf(instant, timeZone) / DAY);
}

function dayNumber(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  return new Date(time).getUTCDate() === day && new Date(time).getUTCMonth() === month - 1 ? time / DAY : null;
}

/** The first instant at which the clock shows `wall` or later; `exists` is false when the clock jumps over it. */
function resolveWall(wall: number, timeZone: string): { instant: number; exists: boolean } {
  // The zone's offsets a day either side cover any transition near `wall` (offsets stay within ±14 h).
  const offsets = new Set([-DAY, 0, DAY].map((shift) => tzOffset(timeZone, new Date(wall + shift))));
  const candidates = [...offsets].map((offset) => wall - offset * MINUTE).sort((a, b) => a - b);
  const exact = candidates.find((instant) => wallOf(instant, timeZone) === wall);
  if (exact !== undefined) return { instant: exact, exists: true };
  // Skipped: the clock reads earlier at the first candidate and later at the last; find the jump.
  let before = candidates[0]!;
  let after = candidates.at(-1)!;
  while (after - before > MINUTE) {
    const middle = before + Math.floor((after - before) / 2 / MINUTE) * MINUTE;
    if (wallOf(middle, timeZone) < wall) before = middle;
    else after = middle;
  }
  return { instant: after, exists: false };
}

/** A tutor-local date and minute in real time (see the daylight-saving rules above); null for a malformed date. */
export function localTimeToInstant(date: string, minute: number, timeZone: string): { instant: Date; exists: boolean } | null {
  const day = dayNumber(date);
  if (day === null) return null;
  const { instant, exists } = resolveWall(day * DAY + minute * MINUTE, timeZone);
  return { instant: new Date(instant), exists };
}

// ── Open windows ────────────────────────────────────────────────────────────────────────────

type Span = [number, number];

function merge(spans: Span[]): Span[] {
  const merged: Span[] = [];
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

function subtract(spans: Span[], [cutStart, cutEnd]: Span): Span[] {
  return spans.flatMap(([start, end]): Span[] => {
    if (cutEnd <= start || end <= cutStart) return [[start, end]];
    return [...(start < cutStart ? [[start, cutStart] as Span] : []), ...(cutEnd < end ? [[cutEnd, end] as Span] : [])];
  });
}

function isMinuteSpan(start: number, end: number): boolean {
  return Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end <= MINUTES_PER_DAY && end > start;
}

function exceptionSpan(exception: AvailabilityException): Span {
  return [exception.startMinute ?? 0, exception.endMinute ?? MINUTES_PER_DAY];
}

function windowsOnDay(rules: AvailabilityRules, day: number): Span[] {
  const weekday = new Date(day * DAY).getUTCDay();
  const exceptions = rules.exceptions.filter((exception) => dayNumber(exception.date) === day && isMinuteSpan(...exceptionSpan(exception)));
  const added = [
    ...rules.weekly.filter((window) => window.weekday === weekday && isMinuteSpan(window.startMinute, window.endMinute)).map((window): Span => [window.startMinute, window.endMinute]),
    ...exceptions.filter((exception) => exception.kind === "available").map(exceptionSpan),
  ];
  const open = exceptions.filter((exception) => exception.kind === "unavailable").map(exceptionSpan).reduce(subtract, merge(added));
  const instant = (minute: number) => resolveWall(day * DAY + minute * MINUTE, rules.timeZone).instant;
  return merge(open.map(([start, end]): Span => [instant(start), instant(end)]).filter(([start, end]) => end > start));
}

function assertTimeZone(timeZone: string): void {
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
}

/** A tutor-local date's open windows in real time, after its exceptions, merged; none for a malformed date. */
export function availabilityWindowsOn(rules: AvailabilityRules, localDate: string): Interval[] {
  assertTimeZone(rules.timeZone);
  const day = dayNumber(localDate);
  if (day === null) return [];
  return windowsOnDay(rules, day).map(([start, end]) => ({ start: new Date(start), end: new Date(end) }));
}

// ── Slots ───────────────────────────────────────────────────────────────────────────────────

/** The bookable slots starting in [from, to), in order. */
export function bookableSlots(query: SlotQuery): Interval[] {
  assertTimeZone(query.timeZone);
  for (const [name, value] of [["slotMinutes", query.slotMinutes], ["stepMinutes", query.stepMinutes]] as const) {
    if (!Number.isInteger(value) || value <= 0) throw new RangeError(`${name} must be a positive whole number`);
  }
  const to = query.to.getTime();
  const earliest = Math.max(query.from.getTime(), query.now.getTime() + query.minNoticeMinutes * MINUTE);
  if ([to, earliest].some(Number.isNaN)) throw new RangeError("from, to and now must be valid dates");
  if (earliest >= to) return [];
  const { timeZone } = query;
  const length = query.slotMinutes * MINUTE;
  const firstDay = localDayOf(earliest, timeZone);
  const lastDay = localDayOf(to - 1, timeZone);
  // A late slot may run into the next days' windows.
  const open: Span[] = [];
  const lastWindowDay = localDayOf(to - 1 + length, timeZone);
  for (let day = firstDay; day <= lastWindowDay; day++) open.push(...windowsOnDay(query, day));
  const openTime = merge(open);
  const booked = query.bookings.map((booking): Span => [booking.start.getTime(), booking.end.getTime()]);
  const slots: Interval[] = [];
  for (let day = firstDay; day <= lastDay; day++) {
    for (let minute = 0; minute < MINUTES_PER_DAY; minute += query.stepMinutes) {
      const { instant: start, exists } = resolveWall(day * DAY + minute * MINUTE, timeZone);
      const end = start + length;
      if (!exists || start < earliest || start >= to) continue;
      if (!openTime.some(([openStart, openEnd]) => openStart <= start && end <= openEnd)) continue;
      if (booked.some(([bookedStart, bookedEnd]) => bookedStart < end && start < bookedEnd)) continue;
      slots.push({ start: new Date(start), end: new Date(end) });
    }
  }
  return slots;
}

/** The check at booking time: is `start` exactly one of the starts bookableSlots would list? */
export function isBookableSlot(query: Omit<SlotQuery, "from" | "to">, start: Date): boolean {
  const at = start.getTime();
  if (Number.isNaN(at)) return false;
  return bookableSlots({ ...query, from: start, to: new Date(at + 1) }).some((slot) => slot.start.getTime() === at);
}

// ── Showing slots ───────────────────────────────────────────────────────────────────────────

export interface DaySlots {
  /** Viewer-local "YYYY-MM-DD". */
  date: string;
  /** "Tuesday, March 10". */
  label: string;
  /** Each labelled with its viewer-local start, "9:00 AM". */
  slots: (Interval & { label: string })[];
}

/** Slots grouped by the viewer's local date and labelled in the viewer's time zone, in order. */
export function slotsByDay(slots: Interval[], viewerTimeZone: string): DaySlots[] {
  assertTimeZone(viewerTimeZone);
  const days = new Map<string, DaySlots>();
  for (const slot of [...slots].sort((a, b) => a.start.getTime() - b.start.getTime())) {
    const wall = new Date(wallOf(slot.start.getTime(), viewerTimeZone));
    const date = wall.toISOString().slice(0, 10);
    let day = days.get(date);
    if (!day) {
      day = { date, label: `${WEEKDAY_NAMES[wall.getUTCDay()]}, ${MONTH_NAMES[wall.getUTCMonth()]} ${wall.getUTCDate()}`, slots: [] };
      days.set(date, day);
    }
    const hours = wall.getUTCHours();
    const label = `${hours % 12 || 12}:${String(wall.getUTCMinutes()).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
    day.slots.push({ start: slot.start, end: slot.end, label });
  }
  return [...days.values()];
}

// ── Checking weekly hours ───────────────────────────────────────────────────────────────────

function clock(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}

/**
 * What is wrong with a tutor's weekly hours, in words. Windows that touch are fine (they merge).
 * With `stepMinutes`, times off the grid of start times are refused too: a window from 09:15 on a
 * half-hour grid silently loses its first quarter hour, which a tutor would not expect.
 */
export function weeklyWindowProblems(windows: WeeklyWindow[], stepMinutes?: number): string[] {
  const problems: string[] = [];
  const wellFormed: WeeklyWindow[] = [];
  windows.forEach((window, index) => {
    const describe = () => `${WEEKDAY_NAMES[window.weekday]} ${clock(window.startMinute)}–${clock(window.endMinute)}`;
    if (!Number.isInteger(window.weekday) || window.weekday < 0 || window.weekday > 6) {
      problems.push(`Window ${index + 1}: choose a day from Sunday to Saturday`);
    } else if (![window.startMinute, window.endMinute].every((minute) => Number.isInteger(minute) && minute >= 0 && minute <= MINUTES_PER_DAY)) {
      problems.push(`Window ${index + 1}: times must be whole minutes from 00:00 to 24:00`);
    } else if (window.endMinute <= window.startMinute) {
      problems.push(`${describe()} must end after it starts`);
    } else {
      if (stepMinutes !== undefined && (window.startMinute % stepMinutes !== 0 || window.endMinute % stepMinutes !== 0)) {
        problems.push(`${describe()} must start and end on a multiple of ${stepMinutes} minutes after midnight`);
      }
      wellFormed.push(window);
    }
  });
  const sorted = wellFormed.sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute || a.endMinute - b.endMinute);
  sorted.forEach((first, index) => {
    for (const second of sorted.slice(index + 1)) {
      if (second.weekday === first.weekday && second.startMinute < first.endMinute) {
        problems.push(`${WEEKDAY_NAMES[first.weekday]} ${clock(first.startMinute)}–${clock(first.endMinute)} overlaps ${clock(second.startMinute)}–${clock(second.endMinute)}`);
      }
    }
  });
  return problems;
}
