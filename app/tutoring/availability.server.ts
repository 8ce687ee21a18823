import { sql } from "kysely";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import { statement } from "~/db/statement.server";
import { bookableSlots, type AvailabilityException, type Interval, type SlotQuery, type WeeklyWindow } from "~/tutoring/availability";
import { BOOKING_HORIZON_DAYS, BOOKING_NOTICE_MINUTES, SLOT_STEP_MINUTES } from "~/tutoring/rules";

const DAY_MS = 86_400_000;

/**
 * Tutors' availability as the pure module reads it — time zone, weekly windows, exceptions,
 * session length and the sessions already booked — in one statement however many tutors.
 */
const tutorCalendars = statement((values: { tutorIds: number[]; from: Date }) =>
  db()
    .selectFrom("tutor_profiles")
    .where("tutor_profiles.user_id", "=", sql<number>`any(${values.tutorIds})`)
    .select((eb) => [
      "tutor_profiles.user_id",
      "tutor_profiles.time_zone",
      "tutor_profiles.session_minutes",
      sql<WeeklyWindow[]>`coalesce((${eb
        .selectFrom("tutor_availabilities as a")
        .whereRef("a.tutor_id", "=", "tutor_profiles.user_id")
        .select(sql`json_agg(json_build_object('weekday', a.weekday, 'startMinute', a.start_minute, 'endMinute', a.end_minute) order by a.weekday, a.start_minute)`.as("w"))}), '[]'::json)`.as(
        "weekly",
      ),
      sql<AvailabilityException[]>`coalesce((${eb
        .selectFrom("tutor_availability_exceptions as x")
        .whereRef("x.tutor_id", "=", "tutor_profiles.user_id")
        .where("x.date", ">=", sql<string>`(${values.from}::timestamptz at time zone tutor_profiles.time_zone)::date - 1`)
        .select(
          sql`json_agg(json_build_object('id', x.id, 'date', to_char(x.date, 'YYYY-MM-DD'), 'kind', x.kind, 'startMinute', x.start_minute, 'endMinute', x.end_minute) order by x.date, x.start_minute nulls first)`.as("x"),
        )}), '[]'::json)`.as("exceptions"),
      sql<{ start: string; end: string }[]>`coalesce((${eb
        .selectFrom("tutoring_sessions as s")
        .whereRef("s.tutor_id", "=", "tutor_profiles.user_id")
        .where("s.status", "<>", "cancelled")
        .where("s.ends_at", ">", values.from)
        .select(sql`json_agg(json_build_object('start', s.starts_at, 'end', s.ends_at) order by s.starts_at)`.as("b"))}), '[]'::json)`.as("bookings"),
    ]),
);

export interface TutorCalendar {
  timeZone: string;
  sessionMinutes: number;
  weekly: WeeklyWindow[];
  exceptions: (AvailabilityException & { id: number })[];
  bookings: Interval[];
}

/** Tutors' calendars from `from` on (exceptions and bookings before it are left out), by tutor id; someone with no tutor profile has none. */
export async function loadTutorCalendars(tutorIds: readonly number[], from: Date, executor: Executor = db()): Promise<Map<number, TutorCalendar>> {
  const rows = tutorIds.length === 0 ? [] : await tutorCalendars.execute({ tutorIds: [...tutorIds], from }, executor);
  return new Map(
    rows.map((row) => [
      row.user_id,
      {
        timeZone: row.time_zone,
        sessionMinutes: row.session_minutes,
        weekly: row.weekly,
        exceptions: row.exceptions as TutorCalendar["exceptions"],
        bookings: row.bookings.map((booking) => ({ start: new Date(booking.start), end: new Date(booking.end) })),
      },
    ]),
  );
}

/** One tutor's calendar, or null for someone with no tutor profile. */
export async function loadTutorCalendar(tutorId: number, from: Date, executor: Executor = db()): Promise<TutorCalendar | null> {
  return (await loadTutorCalendars([tutorId], from, executor)).get(tutorId) ?? null;
}

/** What bookableSlots is asked for a tutor's calendar at `now`: the booking rules of app/tutoring/rules.ts. */
export function slotQuery(calendar: TutorCalendar, now: Date, days = BOOKING_HORIZON_DAYS): SlotQuery {
  return {
    timeZone: calendar.timeZone,
    weekly: calendar.weekly,
    exceptions: calendar.exceptions,
    bookings: calendar.bookings,
    from: now,
    to: new Date(now.getTime() + days * DAY_MS),
    now,
    slotMinutes: calendar.sessionMinutes,
    stepMinutes: SLOT_STEP_MINUTES,
    minNoticeMinutes: BOOKING_NOTICE_MINUTES,
  };
}

/** Which of the tutors have a bookable time in the next `days` days. */
export async function tutorsOpenWithin(tutorIds: readonly number[], now: Date, days: number): Promise<Set<number>> {
  const calendars = await loadTutorCalendars(tutorIds, now);
  return new Set([...calendars].filter(([, calendar]) => bookableSlots(slotQuery(calendar, now, days)).length > 0).map(([id]) => id));
}

/** The tutor's open slots from now on, at most `limit` (the profile's "next open times"). */
export async function nextOpenSlots(tutorId: number, now: Date, limit: number): Promise<Interval[]> {
  const calendar = await loadTutorCalendar(tutorId, now);
  if (!calendar) return [];
  return bookableSlots(slotQuery(calendar, now)).slice(0, limit);
}

/** Replaces the tutor's weekly hours and sets their time zone and session length, in one transaction. */
export async function saveWeeklyHours(tutorId: number, input: { timeZone: string; sessionMinutes: number; windows: WeeklyWindow[] }) {
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.updateTable("tutor_profiles").set({ time_zone: input.timeZone, session_minutes: input.sessionMinutes }).where("user_id", "=", tutorId).execute();
      await trx.deleteFrom("tutor_availabilities").where("tutor_id", "=", tutorId).execute();
      if (input.windows.length > 0) {
        await trx
          .insertInto("tutor_availabilities")
          .values(input.windows.map((window) => ({ tutor_id: tutorId, weekday: window.weekday, start_minute: window.startMinute, end_minute: window.endMinute })))
          .execute();
      }
    });
}

export async function addAvailabilityException(tutorId: number, exception: AvailabilityException) {
  await db()
    .insertInto("tutor_availability_exceptions")
    .values({ tutor_id: tutorId, date: exception.date, kind: exception.kind, start_minute: exception.startMinute, end_minute: exception.endMinute })
    .execute();
}

/** Removes one of the tutor's own exceptions; false when it is not theirs (or gone). */
export async function deleteAvailabilityException(tutorId: number, exceptionId: number): Promise<boolean> {
  const result = await db().deleteFrom("tutor_availability_exceptions").where("id", "=", exceptionId).where("tutor_id", "=", tutorId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
