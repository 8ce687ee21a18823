import { format } from "date-fns";
import { useEffect, useState } from "react";
import { displayDateTime } from "~/formatting/display";

/**
 * A moment in the viewer's own time zone. The server (and a browser without JavaScript) shows it
 * in UTC, saying so; once the page runs, the browser rewrites it in its local time and names the
 * zone. The <time dateTime> always carries the exact instant.
 */
export function LocalTime({ value, pattern = "EEE, MMM d, yyyy, h:mm a" }: { value: string; pattern?: string }) {
  const [local, setLocal] = useState<string | null>(null);
  useEffect(() => {
    // After hydration: the server's text and the first browser render must agree.
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    setLocal(`${format(new Date(value), pattern)} (${zone.replace(/_/g, " ")})`);
  }, [value, pattern]);
  return <time dateTime={value}>{local ?? displayDateTime(value)}</time>;
}

/** A date range on one day (or across midnight) in the viewer's time zone. */
export function LocalTimeRange({ start, end }: { start: string; end: string }) {
  return (
    <>
      <LocalTime value={start} /> – <LocalTime value={end} pattern="h:mm a" />
    </>
  );
}
