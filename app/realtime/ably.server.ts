import * as Ably from "ably";
import type { RealtimeEvent } from "~/realtime/channels";
import { realtimeHub } from "~/realtime/hub.server";
import { singleton } from "~/utils/singleton.server";

/**
 * The Ably transport (ABLY_API_KEY set). The server keeps writing every event to the database
 * first (the replay a reconnecting browser asks for); the instance that stored it also publishes
 * it through Ably's REST client. Browsers connect with tokens from /api/v1/realtime/token that grant
 * only the channels the user may read, subscribe-only.
 */

/** How long a browser's token lasts before ably-js asks the token endpoint again. */
export const TOKEN_TTL_MS = 60 * 60 * 1000;

export function ablyRest(apiKey: string): Ably.Rest {
  return singleton(`ably-rest:${apiKey.split(":")[0]}`, () => new Ably.Rest({ key: apiKey, queryTime: false }));
}

/** The capability of a browser token: subscribe and history on exactly these channels. */
export function capabilityFor(channels: readonly string[]): Record<string, Ably.CapabilityOp[]> {
  return Object.fromEntries(channels.map((channel) => [channel, ["history", "subscribe"] as Ably.CapabilityOp[]]));
}

/** A signed token request for this user and channels; signed locally with the key's secret. */
export async function createBrowserTokenRequest(apiKey: string, userId: number, channels: readonly string[]): Promise<Ably.TokenRequest> {
  return ablyRest(apiKey).auth.createTokenRequest({
    clientId: `user-${userId}`,
    capability: JSON.stringify(capabilityFor(channels)),
    ttl: TOKEN_TTL_MS,
  });
}

/** Relays every event stored by this instance to Ably (message name = action, id = event id). */
export function startAblyRelay(apiKey: string) {
  const rest = ablyRest(apiKey);
  realtimeHub().setRelay(async (event: RealtimeEvent) => {
    await rest.channels.get(event.channel).publish({ id: `event-${event.id}`, name: event.action, data: event });
  });
}
