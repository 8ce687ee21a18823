import { sql } from "kysely";
import type { IsoDate, PlannerItem, PlannerItemKind } from "~/classes/planner";
import { db } from "~/db/db.server";
import type { ScheduleEventKind } from "~/db/schema";

/**
 * A class's planner: its lessons, its schedule's events and its assignments' due days. Dates go in
 * and come out as "YYYY-MM-DD" text; whether a day is in the class's term is the caller's check
 * (planner.ts `termDayProblem`). Every change names the class, so an item of another class is
 * never found.
 */

const dateText = sql<string>`to_char(on_date, 'YYYY-MM-DD')`;

/** Everything on the class's planner, by day, then all-day items first, then by time and title. */
export async function plannerItems(classId: number): Promise<PlannerItem[]> {
  const [lessons, events, assignments] = await Promise.all([
    db().selectFrom("course_lessons").where("course_section_id", "=", classId).select(["id", "title", "notes", dateText.as("date")]).execute(),
    db()
      .selectFrom("course_schedule_events")
      .innerJoin("course_schedules", "course_schedules.id", "course_schedule_events.course_schedule_id")
      .where("course_schedules.course_section_id", "=", classId)
      .select(["course_schedule_events.id", "title", "kind", dateText.as("date"), sql<string | null>`to_char(at_time, 'HH24:MI')`.as("time")])
      .execute(),
    db()
      .selectFrom("course_assignments")
      .where("course_section_id", "=", classId)
      .select(["id", "title", sql<string>`to_char(due_at at time zone 'UTC', 'YYYY-MM-DD')`.as("date"), sql<string>`to_char(due_at at time zone 'UTC', 'HH24:MI')`.as("time")])
      .execute(),
  ]);
  const items: PlannerItem[] = [
    ...events.map((event) => ({ kind: "event" as const, id: event.id, title: event.title, eventKind: event.kind, date: event.date, time: event.time })),
    ...lessons.map((lesson) => ({ kind: "lesson" as const, ...lesson })),
    ...assignments.map((assignment) => ({ kind: "assignment" as const, ...assignment })),
  ];
  const timeOf = (item: PlannerItem) => ("time" in item && item.time ? item.time : "");
  return items.sort((a, b) => a.date.localeCompare(b.date) || timeOf(a).localeCompare(timeOf(b)) || a.title.localeCompare(b.title) || a.id - b.id);
}

export async function addLesson(input: { classId: number; title: string; notes: string; date: IsoDate; by: number }) {
  const row = await db()
    .insertInto("course_lessons")
    .values({ course_section_id: input.classId, title: input.title, notes: input.notes, on_date: input.date, created_by: input.by })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The class's one schedule, made the first time it is needed (the unique index keeps it one when two teachers add at once). */
async function scheduleOf(classId: number) {
  await db().insertInto("course_schedules").values({ course_section_id: classId }).onConflict((conflict) => conflict.column("course_section_id").doNothing()).execute();
  return (await db().selectFrom("course_schedules").select("id").where("course_section_id", "=", classId).executeTakeFirstOrThrow()).id;
}

export async function addEvent(input: { classId: number; title: string; eventKind: ScheduleEventKind; date: IsoDate; time: string | null; by: number }) {
  const scheduleId = await scheduleOf(input.classId);
  const row = await db()
    .insertInto("course_schedule_events")
    .values({ course_schedule_id: scheduleId, title: input.title, kind: input.eventKind, on_date: input.date, at_time: input.time, created_by: input.by })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The class's own events only. */
const eventsOf = (classId: number) => db().selectFrom("course_schedules").select("id").where("course_section_id", "=", classId);

/** Edits a lesson of the class (its day changes by moving it); false when the class has no such lesson. */
export async function updateLesson(input: { classId: number; id: number; title: string; notes: string }) {
  const result = await db()
    .updateTable("course_lessons")
    .set({ title: input.title, notes: input.notes })
    .where("id", "=", input.id)
    .where("course_section_id", "=", input.classId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Edits an event of the class's schedule; false when it has no such event. */
export async function updateEvent(input: { classId: number; id: number; title: string; eventKind: ScheduleEventKind; time: string | null }) {
  const result = await db()
    .updateTable("course_schedule_events")
    .set({ title: input.title, kind: input.eventKind, at_time: input.time })
    .where("id", "=", input.id)
    .where("course_schedule_id", "in", eventsOf(input.classId))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Moves a lesson or an event to another day (an event keeps its time); false when the class has no such item. */
export async function moveItem(input: { classId: number; kind: PlannerItemKind; id: number; date: IsoDate }) {
  const result =
    input.kind === "lesson"
      ? await db().updateTable("course_lessons").set({ on_date: input.date }).where("id", "=", input.id).where("course_section_id", "=", input.classId).executeTakeFirst()
      : await db().updateTable("course_schedule_events").set({ on_date: input.date }).where("id", "=", input.id).where("course_schedule_id", "in", eventsOf(input.classId)).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes a lesson or an event; the title when it was there, undefined when the class has no such item. */
export async function deleteItem(input: { classId: number; kind: PlannerItemKind; id: number }) {
  const row =
    input.kind === "lesson"
      ? await db().deleteFrom("course_lessons").where("id", "=", input.id).where("course_section_id", "=", input.classId).returning("title").executeTakeFirst()
      : await db().deleteFrom("course_schedule_events").where("id", "=", input.id).where("course_schedule_id", "in", eventsOf(input.classId)).returning("title").executeTakeFirst();
  return row?.title;
}
