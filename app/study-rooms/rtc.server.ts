import { createHmac } from "node:crypto";
import { AccessToken, TokenVerifier } from "livekit-server-sdk";
import { config, type AppConfig } from "~/config/env.server";

/** How long a room's video token lasts: long enough to connect, short enough that a leaked one soon dies. */
export const RTC_TOKEN_TTL_SECONDS = 10 * 60;

export type RtcSettings =
  | { transport: "livekit"; url: string; apiKey: string; apiSecret: string }
  | { transport: "mesh"; apiKey: string; apiSecret: string; iceServers: AppConfig["RTC_ICE_SERVERS"] };

/**
 * Which video the rooms use: a LiveKit server when it is configured, else the built-in
 * peer-to-peer mesh. Both get the same kind of token, signed by livekit-server-sdk: with LiveKit's
 * key, or with a key of the app's own (derived from the session secret). The mesh's signalling
 * checks the session and the room's members on every signal, so there the token is a formality
 * that keeps one answer shape (and lets a LiveKit server be configured later without new code).
 */
export function rtcSettings(settings: AppConfig = config()): RtcSettings {
  if (settings.LIVEKIT_URL && settings.LIVEKIT_API_KEY && settings.LIVEKIT_API_SECRET) {
    return { transport: "livekit", url: settings.LIVEKIT_URL, apiKey: settings.LIVEKIT_API_KEY, apiSecret: settings.LIVEKIT_API_SECRET };
  }
  const apiSecret = createHmac("sha256", settings.sessionSecret).update("study-room mesh").digest("base64url");
  return { transport: "mesh", apiKey: "mesh", apiSecret, iceServers: settings.RTC_ICE_SERVERS };
}

export interface RoomTokenAnswer {
  token: string;
  transport: RtcSettings["transport"];
  /** The LiveKit server to connect to (LiveKit only). */
  url?: string;
  /** STUN/TURN servers for the mesh (mesh only). */
  ice_servers?: AppConfig["RTC_ICE_SERVERS"];
  expires_at: string;
}

/** A token that lets one member into one room's video, as themselves, for a few minutes. */
export async function roomToken(input: { slug: string; userId: number; name: string; now: Date }, settings: RtcSettings = rtcSettings()): Promise<RoomTokenAnswer> {
  const token = new AccessToken(settings.apiKey, settings.apiSecret, { identity: String(input.userId), name: input.name, ttl: RTC_TOKEN_TTL_SECONDS });
  token.addGrant({ room: input.slug, roomJoin: true, canPublish: true, canSubscribe: true, canPublishData: true });
  const answer: RoomTokenAnswer = { token: await token.toJwt(), transport: settings.transport, expires_at: new Date(input.now.getTime() + RTC_TOKEN_TTL_SECONDS * 1000).toISOString() };
  if (settings.transport === "livekit") answer.url = settings.url;
  else answer.ice_servers = settings.iceServers;
  return answer;
}

/** The room and identity a token names, or null when it is forged, expired or for another room. */
export async function verifyRoomToken(token: string, slug: string, settings: RtcSettings = rtcSettings()) {
  try {
    const claims = await new TokenVerifier(settings.apiKey, settings.apiSecret).verify(token);
    if (claims.video?.room !== slug || !claims.video.roomJoin || !claims.sub) return null;
    return { userId: Number(claims.sub), room: slug };
  } catch {
    return null;
  }
}
