import { describe, expect, it } from "vitest";
import { currentOrNextDate, dateTiming, lastDateEnd, liveWindow, sessionTiming } from "~/study-sessions/timing";

const at = (iso: string) => new Date(`2026-12-01T${iso}:00.000Z`);
const date = (start: string, end: string) => ({ start_time: at(start), end_time: at(end) });
// One date, 18:00–20:00 UTC.
const evening = date("18:00", "20:00");

describe("a date's timing", () => {
  it.each([
    ["16:59", false, "upcoming"],
    ["17:00", false, "live"], // exactly one hour before the start
    ["18:00", false, "live"],
    ["20:59", false, "live"],
    ["21:00", false, "past"], // exactly one hour after the end
    ["16:59", true, "upcoming"],
    ["17:00", true, "live"],
    ["18:59", true, "live"], // Zoom disabled: an hour after the start, whatever the end
    ["19:00", true, "past"],
    ["20:30", true, "past"],
  ] as const)("at %s with zoom disabled %s is %s", (time, disableZoom, expected) => {
    expect(dateTiming(evening, disableZoom, at(time))).toBe(expected);
  });

  it("has its live window an hour either side", () => {
    expect(liveWindow(evening, false)).toEqual({ opens: at("17:00"), closes: at("21:00") });
    expect(liveWindow(evening, true)).toEqual({ opens: at("17:00"), closes: at("19:00") });
  });
});

describe("a session's timing", () => {
  const series = [date("10:00", "11:00"), date("18:00", "20:00")];
  it.each([
    ["no dates", [], "08:00", "upcoming"],
    ["before the first window", series, "08:59", "upcoming"],
    ["in the first window", series, "09:00", "live"],
    ["between the windows", series, "14:00", "upcoming"],
    ["in the last window", series, "20:59", "live"],
    ["after the last window", series, "21:00", "past"],
  ] as const)("%s: %s", (_, dates, time, expected) => {
    expect(sessionTiming(dates, false, at(time))).toBe(expected);
  });

  it("names the date live now, else the next, else none", () => {
    expect(currentOrNextDate(series, false, at("09:30"))).toBe(series[0]);
    expect(currentOrNextDate(series, false, at("14:00"))).toBe(series[1]);
    expect(currentOrNextDate(series, false, at("21:00"))).toBeUndefined();
  });

  it("counts from the last date's end, or its start with Zoom disabled", () => {
    expect(lastDateEnd([], false)).toBeNull();
    expect(lastDateEnd([series[1]!, series[0]!], false)).toEqual(at("20:00"));
    expect(lastDateEnd(series, true)).toEqual(at("18:00"));
  });
});
