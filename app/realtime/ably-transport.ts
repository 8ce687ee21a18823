import type { RealtimeEvent } from "~/realtime/channels";
import type { Transport } from "~/realtime/client";
import { EVENTS_PATH } from "~/realtime/sse-transport";

export const TOKEN_PATH = "/api/v1/realtime/token";

/** Ably error codes that mean "not allowed" rather than "not reachable". */
const REFUSED = (code: number | undefined) => code !== undefined && (code === 40160 || (code >= 40100 && code < 40400));

/**
 * The Ably transport: ably-js with token auth from the app (only the user's channels). Ably
 * reconnects by itself; after each (re)connection the transport asks the app for events stored
 * since the last one seen, so a gap longer than Ably's own recovery loses nothing either.
 */
export function ablyTransport(loadAbly: () => Promise<typeof import("ably")> = () => import("ably")): Transport {
  return {
    name: "ably",
    connect(channels, lastEventId, handlers) {
      let closed = false;
      let last = lastEventId;
      let close = () => undefined as void;
      const deliver = (event: RealtimeEvent) => {
        if (last === null || BigInt(event.id) > BigInt(last)) last = event.id;
        handlers.event(event);
      };
      const catchUp = async () => {
        if (!last) return;
        const query = new URLSearchParams({ channels: channels.join(","), since: last });
        const response = await fetch(`${EVENTS_PATH}?${query}`, { headers: { Accept: "application/json" }, credentials: "same-origin" });
        if (!response.ok) return;
        const body = (await response.json()) as { meta?: { events?: RealtimeEvent[] } };
        for (const event of body.meta?.events ?? []) deliver(event);
      };
      loadAbly()
        .then((Ably) => {
          if (closed) return;
          const realtime = new Ably.Realtime({
            authUrl: `${TOKEN_PATH}?${new URLSearchParams({ channels: channels.join(",") })}`,
            authMethod: "GET",
            closeOnUnload: true,
          });
          close = () => realtime.close();
          realtime.connection.on((change) => {
            if (closed) return;
            if (change.current === "connected") {
              void catchUp()
                .catch(() => undefined)
                .finally(() => !closed && handlers.open());
            } else if (change.current === "disconnected") {
              handlers.down();
            } else if (change.current === "suspended" || change.current === "failed") {
              closed = true;
              realtime.close();
              handlers.closed(REFUSED(change.reason?.code) ? "rejected" : "disconnected");
            }
          });
          for (const name of channels) {
            realtime.channels
              .get(name)
              .subscribe((message) => deliver(message.data as RealtimeEvent))
              .catch((error: { code?: number }) => {
                if (closed) return;
                closed = true;
                realtime.close();
                handlers.closed(REFUSED(error?.code) ? "rejected" : "disconnected");
              });
          }
        })
        .catch(() => !closed && handlers.closed("disconnected"));
      return () => {
        closed = true;
        close();
      };
    },
  };
}
