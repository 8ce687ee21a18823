import { useEffect, useState } from "react";
import { isValidTimeZone, slotsByDay } from "~/tutoring/availability";

/** Zones the "Show times in" list offers besides the one shown (a full IANA list would weigh more than the page). */
export const COMMON_TIME_ZONES = [
  "America/St_Johns",
  "America/Halifax",
  "America/Toronto",
  "America/New_York",
  "America/Chicago",
  "America/Winnipeg",
  "America/Denver",
  "America/Edmonton",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Vancouver",
  "America/Anchorage",
  "Pacific/Honolulu",
  "Europe/London",
  "Europe/Paris",
  "Europe/Berlin",
  "Asia/Kolkata",
  "Asia/Shanghai",
  "Asia/Tokyo",
  "Australia/Sydney",
  "UTC",
] as const;

/** The zone a profile shows times in: `?tz` when it names a zone, else the tutor's own (cacheable: the address says it all). */
export function shownTimeZone(params: URLSearchParams, tutorTimeZone: string): { zone: string; chosen: boolean } {
  const asked = params.get("tz");
  return asked && isValidTimeZone(asked) ? { zone: asked, chosen: true } : { zone: tutorTimeZone, chosen: false };
}

function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isValidTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

/**
 * A tutor's next open times, grouped by the viewer's days. The server writes them in the zone the
 * address asks for (or the tutor's); with JavaScript, a viewer who did not choose sees them in
 * their own browser's zone. Without it, the form below changes the zone.
 */
export function OpenTimes({ slots, zone, chosen, tutorTimeZone }: { slots: { start: string; end: string }[]; zone: string; chosen: boolean; tutorTimeZone: string }) {
  const [shown, setShown] = useState(zone);
  useEffect(() => {
    const own = chosen ? null : browserTimeZone();
    setShown(own ?? zone);
  }, [zone, chosen]);
  const days = slotsByDay(
    slots.map((slot) => ({ start: new Date(slot.start), end: new Date(slot.end) })),
    shown,
  );
  const zones = COMMON_TIME_ZONES.includes(shown as (typeof COMMON_TIME_ZONES)[number]) ? COMMON_TIME_ZONES : [shown, ...COMMON_TIME_ZONES];
  return (
    <div className="open-times">
      <form method="get" className="open-times__zone">
        <label htmlFor="open-times-zone">Times shown in</label>
        <select id="open-times-zone" name="tz" defaultValue={shown} key={shown}>
          {zones.map((name) => (
            <option key={name} value={name}>
              {name.replaceAll("_", " ")}
              {name === tutorTimeZone ? " (the tutor's time zone)" : ""}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--soft">
          Show
        </button>
      </form>
      {days.length === 0 ? (
        <p className="muted">No open times in the next four weeks.</p>
      ) : (
        <ul className="open-times__days">
          {days.map((day) => (
            <li key={day.date}>
              <h3 className="open-times__day">{day.label}</h3>
              <ul className="open-times__slots">
                {day.slots.map((slot) => (
                  <li key={slot.start.toISOString()}>
                    <time dateTime={slot.start.toISOString()}>{slot.label}</time>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
