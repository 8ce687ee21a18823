import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/my-tutoring+/availability";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";

const database = useTestDatabase();
const PATH = "/my-tutoring/availability";

async function visitorFor(email: string) {
  const id = (await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  return { id, visitor: routeVisitor({ session: await sessionCookieFor(id) }) };
}

const windowsOf = async (tutorId: number) =>
  database().db.selectFrom("tutor_availabilities").select(["weekday", "start_minute", "end_minute"]).where("tutor_id", "=", tutorId).orderBy("weekday").orderBy("start_minute").execute();

describe("a tutor's hours", () => {
  it("saves weekly hours in the tutor's zone (an end at 00:00 is midnight), skipping blank and removed rows", async () => {
    const { id, visitor } = await visitorFor("grace.whitaker@demo.test");
    const page = await visitor.get(loader, PATH);
    expect(page.data.calendar).toMatchObject({ timeZone: "America/Toronto", sessionMinutes: 60 });
    const saved = await visitor.form(action, PATH, {
      intent: "save_hours",
      time_zone: "America/Chicago",
      session_minutes: "90",
      "windows[0].weekday": "2",
      "windows[0].start": "18:00",
      "windows[0].end": "00:00",
      "windows[1].weekday": "6",
      "windows[1].start": "09:00",
      "windows[1].end": "12:30",
      "windows[2].weekday": "1",
      "windows[2].start": "08:00",
      "windows[2].end": "09:00",
      "windows[2].remove": "on",
      "windows[3].weekday": "1",
      "windows[3].start": "",
      "windows[3].end": "",
    });
    expect(saved.status).toBe(302);
    expect(await windowsOf(id)).toEqual([
      { weekday: 2, start_minute: 1080, end_minute: 1440 },
      { weekday: 6, start_minute: 540, end_minute: 750 },
    ]);
    expect(await database().db.selectFrom("tutor_profiles").select(["time_zone", "session_minutes"]).where("user_id", "=", id).executeTakeFirstOrThrow()).toEqual({ time_zone: "America/Chicago", session_minutes: 90 });
  });

  it("refuses overlapping, off-grid or half-filled rows and an unknown zone with messages, changing nothing", async () => {
    const { id, visitor } = await visitorFor("grace.whitaker@demo.test");
    const before = await windowsOf(id);
    const refused = await visitor.form(action, PATH, {
      intent: "save_hours",
      time_zone: "America/Toronto",
      session_minutes: "60",
      "windows[0].weekday": "3",
      "windows[0].start": "10:00",
      "windows[0].end": "12:00",
      "windows[1].weekday": "3",
      "windows[1].start": "11:00",
      "windows[1].end": "13:15",
      "windows[2].weekday": "4",
      "windows[2].start": "10:00",
    });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.windows).toEqual(
      expect.arrayContaining([
        "Row 3: choose a day and a start and end time (HH:MM)",
        "Wednesday 11:00–13:15 must start and end on a multiple of 30 minutes after midnight",
        "Wednesday 10:00–12:00 overlaps 11:00–13:15",
      ]),
    );
    const zone = await visitor.form(action, PATH, { intent: "save_hours", time_zone: "Mars/Olympus", session_minutes: "45" });
    expect(zone.status).toBe(400);
    expect(zone.data.result.error.time_zone).toEqual(["Choose your time zone"]);
    expect(await windowsOf(id)).toEqual(before);
  });

  it("adds and removes days that differ, only the tutor's own, and keeps them from the slots", async () => {
    const { id, visitor } = await visitorFor("grace.whitaker@demo.test");
    const { visitor: other } = await visitorFor("jordan.pham@demo.test");
    expect((await visitor.form(action, PATH, { intent: "add_exception", date: "2030-01-08", kind: "available" })).status).toBe(400);
    expect((await visitor.form(action, PATH, { intent: "add_exception", date: "2030-01-07", kind: "unavailable", all_day: "on" })).status).toBe(302);
    expect((await visitor.form(action, PATH, { intent: "add_exception", date: "2030-01-08", kind: "available", start: "08:00", end: "10:00" })).status).toBe(302);
    const exceptions = (await visitor.get(loader, PATH)).data.calendar.exceptions as { id: number; date: string; kind: string; startMinute: number | null }[];
    expect(exceptions.map((exception) => [exception.date, exception.kind, exception.startMinute])).toEqual([
      ["2030-01-07", "unavailable", null],
      ["2030-01-08", "available", 480],
    ]);
    expect((await other.form(action, PATH, { intent: "delete_exception", exception_id: String(exceptions[0]!.id) })).status).toBe(404);
    expect((await visitor.form(action, PATH, { intent: "delete_exception", exception_id: String(exceptions[0]!.id) })).status).toBe(302);
    expect(await database().db.selectFrom("tutor_availability_exceptions").select("id").where("tutor_id", "=", id).execute()).toHaveLength(1);
  });
});
