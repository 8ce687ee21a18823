import { useEffect, useState, type ReactNode } from "react";
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

/** Old names some browsers still report, and the names people know (and the zone list offers). */
const CURRENT_NAMES: Record<string, string> = {
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Asia/Rangoon": "Asia/Yangon",
  "Europe/Kiev": "Europe/Kyiv",
  "Atlantic/Faeroe": "Atlantic/Faroe",
};

function browserTimeZone(): string | null {
  try {
    const reported = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const zone = reported && CURRENT_NAMES[reported] && isValidTimeZone(CURRENT_NAMES[reported]) ? CURRENT_NAMES[reported] : reported;
    return zone && isValidTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

/** The zone to show times in: the server's choice, then (with JavaScript) the browser's own unless the address chose one. */
export function useShownTimeZone(zone: string, chosen: boolean): string {
  const [shown, setShown] = useState(zone);
  useEffect(() => {
    const own = chosen ? null : browserTimeZone();
    setShown(own ?? zone);
  }, [zone, chosen]);
  return shown;
}

/** "Friday, November 27, 11:30 PM" in `zone`. */
export function timeLabel(start: Date, zone: string): string {
  const [day] = slotsByDay([{ start, end: start }], zone);
  return `${day!.label}, ${day!.slots[0]!.label}`;
}

/**
 * A tutor's next open times, grouped by the viewer's days. The server writes them in the zone the
 * address asks for (or the tutor's); with JavaScript, a viewer who did not choose sees them in
 * their own browser's zone. Without it, the form below changes the zone.
 */
export function OpenTimes({
  slots,
  zone,
  chosen,
  tutorTimeZone,
  renderSlot = (slot) => <time dateTime={slot.start.toISOString()}>{slot.label}</time>,
}: {
  slots: { start: string; end: string }[];
  zone: string;
  chosen: boolean;
  tutorTimeZone: string;
  /** What each time is: a plain time on a profile, a booking button on a contract's page. */
  renderSlot?: (slot: { start: Date; end: Date; label: string; dayLabel: string }) => ReactNode;
}) {
  const shown = useShownTimeZone(zone, chosen);
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
                  <li key={slot.start.toISOString()}>{renderSlot({ ...slot, dayLabel: day.label })}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
