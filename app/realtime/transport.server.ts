import { config } from "~/config/env.server";
import { startAblyRelay } from "~/realtime/ably.server";
import { realtimeHub } from "~/realtime/hub.server";
import { logger } from "~/utils/logger.server";
import { singleton } from "~/utils/singleton.server";

export type TransportName = "ably" | "sse";

function ablyKey(): string | undefined {
  try {
    return config().ABLY_API_KEY;
  } catch {
    return undefined;
  }
}

/** Which transport browsers use: Ably when ABLY_API_KEY is set, else the app's own SSE stream. */
export function realtimeTransport(): TransportName {
  return ablyKey() ? "ably" : "sse";
}

/** With Ably, makes sure this instance relays the events it stores (idempotent, cheap). */
export function ensureRealtimeRelay() {
  const key = ablyKey();
  if (!key) return;
  singleton("ably-relay", () => {
    startAblyRelay(key);
    realtimeHub()
      .start()
      .catch((error) => logger().warn({ err: error }, "realtime relay could not start"));
    return true;
  });
}
