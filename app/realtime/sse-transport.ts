import type { RealtimeEvent } from "~/realtime/channels";
import type { Transport } from "~/realtime/client";

export const EVENTS_PATH = "/api/v1/realtime/events";

function eventsUrl(channels: readonly string[], lastEventId: string | null) {
  const query = new URLSearchParams({ channels: channels.join(",") });
  if (lastEventId) query.set("since", lastEventId);
  return `${EVENTS_PATH}?${query}`;
}

/**
 * The built-in transport: one EventSource on the app's SSE endpoint. The client owns reconnects
 * (so they back off and resume with `since`), so this closes the EventSource on any error. An
 * error before the stream opened is checked with a plain request: 401/403 means refused.
 */
export function sseTransport(createEventSource: (url: string) => EventSource = (url) => new EventSource(url)): Transport {
  return {
    name: "sse",
    connect(channels, lastEventId, handlers) {
      const url = eventsUrl(channels, lastEventId);
      const source = createEventSource(url);
      let opened = false;
      let done = false;
      source.onopen = () => {
        opened = true;
        handlers.open();
      };
      source.onmessage = (message) => {
        try {
          handlers.event(JSON.parse(message.data) as RealtimeEvent);
        } catch {
          // not an event of ours
        }
      };
      source.onerror = () => {
        if (done) return;
        done = true;
        source.close();
        if (opened) return handlers.closed("disconnected");
        fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
          .then((response) => handlers.closed(response.status === 401 || response.status === 403 ? "rejected" : "disconnected"))
          .catch(() => handlers.closed("disconnected"));
      };
      return () => {
        done = true;
        source.close();
      };
    },
  };
}
