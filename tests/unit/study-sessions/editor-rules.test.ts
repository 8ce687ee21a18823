import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { rosterActionRefusal } from "~/study-sessions/roster";
import { expandWeeklySeries, localToUtc, studySessionSchema, utcToLocal } from "~/study-sessions/editor-rules";

const iso = (spans: { start_time: Date; end_time: Date }[]) => spans.map((span) => [span.start_time.toISOString(), span.end_time.toISOString()]);

describe("wall-clock times in a time zone", () => {
  it.each([
    ["2026-07-01", "18:00", "America/Toronto", "2026-07-01T22:00:00.000Z"],
    ["2026-12-01", "18:00", "America/Toronto", "2026-12-01T23:00:00.000Z"],
    ["2026-12-01", "09:30", "Asia/Kolkata", "2026-12-01T04:00:00.000Z"],
    ["2026-12-01", "00:00", "UTC", "2026-12-01T00:00:00.000Z"],
  ])("%s %s in %s is %s", (day, time, zone, expected) => {
    expect(localToUtc(day, time, zone)?.toISOString()).toBe(expected);
  });

  it.each([
    ["2026-02-30", "18:00"],
    ["2026-13-01", "18:00"],
    ["2026-12-01", "24:00"],
    ["2026-12-01", "7pm"],
    ["1999-12-01", "18:00"],
    ["", ""],
  ])("refuses %s %s", (day, time) => {
    expect(localToUtc(day, time, "America/Toronto")).toBeNull();
  });

  it("shows an instant back as the day and time it was entered", () => {
    expect(utcToLocal(new Date("2026-12-01T23:00:00.000Z"), "America/Toronto")).toEqual({ day: "2026-12-01", time: "18:00" });
  });
});

describe("a weekly series", () => {
  it("keeps its wall-clock time across the end of daylight saving time", () => {
    const series = expandWeeklySeries({ firstDay: "2026-10-27", start: "18:00", end: "20:00", weeks: 4, weekdays: [], timeZone: "America/Toronto" });
    expect(series).not.toHaveProperty("error");
    expect(iso(series as never)).toEqual([
      ["2026-10-27T22:00:00.000Z", "2026-10-28T00:00:00.000Z"],
      ["2026-11-03T23:00:00.000Z", "2026-11-04T01:00:00.000Z"],
      ["2026-11-10T23:00:00.000Z", "2026-11-11T01:00:00.000Z"],
      ["2026-11-17T23:00:00.000Z", "2026-11-18T01:00:00.000Z"],
    ]);
  });

  it("meets on each chosen weekday for the number of weeks", () => {
    const series = expandWeeklySeries({ firstDay: "2026-12-01", start: "10:00", end: "11:00", weeks: 2, weekdays: ["TU", "TH"], timeZone: "UTC" });
    expect(iso(series as never).map(([start]) => start)).toEqual(["2026-12-01T10:00:00.000Z", "2026-12-03T10:00:00.000Z", "2026-12-08T10:00:00.000Z", "2026-12-10T10:00:00.000Z"]);
  });

  it("is one date for one week on the first day's weekday", () => {
    expect(iso(expandWeeklySeries({ firstDay: "2026-12-01", start: "10:00", end: "11:00", weeks: 1, weekdays: [], timeZone: "UTC" }) as never)).toEqual([["2026-12-01T10:00:00.000Z", "2026-12-01T11:00:00.000Z"]]);
  });

  it.each([
    [{ firstDay: "2026-12-01", start: "10:00", end: "10:00" }, "A date must end after it starts"],
    [{ firstDay: "", start: "10:00", end: "11:00" }, "Enter the series' first day and its start and end times"],
  ])("refuses %o", (fields, error) => {
    expect(expandWeeklySeries({ weeks: 2, weekdays: [], timeZone: "UTC", ...fields })).toEqual({ error });
  });
});

describe("the session form", () => {
  const base = { title: "Calculus crash course", session_type: "exam_prep", currency: "CAD", time_zone: "America/Toronto", price: "49.99" };
  const parse = (fields: Record<string, string | string[]>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) form.append(name, item);
    return parseWithZod(form, { schema: studySessionSchema });
  };

  it("takes a weekly series of four dates and prices in cents", () => {
    const result = parse({ ...base, series_first_day: "2026-12-01", series_start: "18:00", series_end: "20:00", series_weeks: "4" });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value.price_cents).toBe(4999);
    expect(result.value.dates).toHaveLength(4);
    expect(result.value.dates[0]!.start_time.toISOString()).toBe("2026-12-01T23:00:00.000Z");
  });

  it("keeps existing dates by id, drops removed ones and ignores blank rows", () => {
    const result = parse({
      ...base,
      "dates[0].id": "7",
      "dates[0].day": "2026-12-05",
      "dates[0].start": "09:00",
      "dates[0].end": "10:00",
      "dates[1].id": "8",
      "dates[1].day": "2026-12-06",
      "dates[1].start": "09:00",
      "dates[1].end": "10:00",
      "dates[1].remove": "on",
      "dates[2].day": "",
    });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value.dates.map((date) => date.id)).toEqual([7]);
  });

  it.each([
    [{ title: "" }, "title", "Enter a title"],
    [{ price: "ten" }, "price", "Enter the price in dollars, like 49 or 49.99"],
    [{ regular_price: "20" }, "regular_price", "The regular price cannot be below the price"],
    [{ time_zone: "Mars/Olympus" }, "time_zone", "Choose a time zone"],
    [{ session_type: "party" }, "session_type", "Choose a kind of session"],
    [{ mcat_type: "rave" }, "mcat_type", "Choose an MCAT event kind"],
    [{ "dates[0].day": "2026-12-05", "dates[0].start": "11:00", "dates[0].end": "10:00" }, "dates[0].end", "A date must end after it starts"],
    [{ "dates[0].day": "2026-12-05", "dates[0].start": "", "dates[0].end": "10:00" }, "dates[0].day", "Enter the day and start time, like 2026-12-01 and 18:00"],
    [{ series_first_day: "2026-12-01", series_start: "18:00", series_end: "20:00", series_weeks: "53" }, "series_weeks", "At most 52 weeks"],
  ])("refuses %o on %s", (fields, field, message) => {
    const result = parse({ ...base, ...fields } as Record<string, string>);
    expect(result.status).toBe("error");
    expect(result.reply().error?.[field]).toEqual([message]);
  });
});

describe("what staff may do to an enrolment", () => {
  it.each([
    ["resend", "active", null],
    ["resend", "pending_payment", "not_active"],
    ["resend", "refunded", "not_active"],
    ["refund", "active", null],
    ["refund", "pending_payment", null],
    ["refund", "refunded", "already_ended"],
    ["remove", "pending_payment", null],
    ["remove", "removed", "already_ended"],
  ] as const)("%s on %s → %s", (action, status, code) => {
    expect(rosterActionRefusal(action, status)?.code ?? null).toBe(code);
  });
});
