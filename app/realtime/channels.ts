import type { RealtimeAction } from "~/db/schema";

/**
 * Realtime channel names and the events carried on them (SPEC §7 Real-time channel). Pure:
 * shared by the server (who may read a channel), the SSE endpoint, the Ably token endpoint
 * and the browser hook.
 *
 *   user:{id}     the user's notifications channel: notifications, push updates, invites
 *   chat:{id}     messages of one chat, for its members
 *   room:{slug}   a study room, for its participants
 *   work-shifts   seat counts and signups of work shifts, for everyone who may sign up
 */
export type Channel = `user:${number}` | `chat:${number}` | `room:${string}` | typeof WORK_SHIFTS_CHANNEL;

export type ParsedChannel = { kind: "user"; userId: number } | { kind: "chat"; chatId: number } | { kind: "room"; slug: string } | { kind: "work-shifts" };

/** One channel for every viewer of /work-shifts: a signup changes what all of them see. */
export const WORK_SHIFTS_CHANNEL = "work-shifts";

export const REALTIME_ACTIONS = [
  "NEW_CHAT_MESSAGE",
  "STUDY_ROOM_INVITE",
  "STUDY_ROOM_CANCEL_INVITE",
  "NEW_NOTIFICATION",
  "DISPATCH_ACTION",
  "STANDARD_PUSH_UPDATE",
  "STUDY_ROOM_INITIALIZED",
] as const satisfies readonly RealtimeAction[];

/** One event as every client sees it, whichever transport carried it. */
export interface RealtimeEvent<Payload = unknown> {
  /** Increasing per deployment: a client that reconnects asks for events after the last one it saw. */
  id: string;
  channel: string;
  action: RealtimeAction;
  payload: Payload;
  created_at: string;
}

/** What a subscriber hears: the transport's state changes and the events themselves (SPEC §7). */
export type ConnectionState = "connecting" | "connected" | "disconnected" | "rejected";

export const userChannel = (userId: number): Channel => `user:${userId}`;
export const chatChannel = (chatId: number): Channel => `chat:${chatId}`;
export const roomChannel = (slug: string): Channel => `room:${slug}`;

const MAX_CHANNELS = 50;

export function parseChannel(name: string): ParsedChannel | null {
  if (name === WORK_SHIFTS_CHANNEL) return { kind: "work-shifts" };
  const match = /^(user|chat|room):([A-Za-z0-9_-]{1,80})$/.exec(name);
  if (!match) return null;
  const [, kind, key] = match;
  if (kind === "room") return { kind, slug: key! };
  if (!/^[1-9]\d{0,9}$/.test(key!)) return null;
  const id = Number(key);
  if (id > 2_147_483_647) return null;
  return kind === "user" ? { kind, userId: id } : { kind: "chat", chatId: id };
}

/**
 * Reads a comma-separated channel list from a query. Null when it is malformed (unknown shape,
 * too many), so the endpoint refuses it instead of guessing.
 */
export function parseChannelList(value: string | null): string[] | null {
  if (value === null || value.trim() === "") return [];
  const names = [...new Set(value.split(",").map((name) => name.trim()).filter(Boolean))];
  if (names.length > MAX_CHANNELS) return null;
  return names.every((name) => parseChannel(name) !== null) ? names : null;
}

/** What a user may read, given the chats they belong to, the rooms they are in and whether they may sign up for work shifts. */
export interface ChannelMemberships {
  userId: number;
  chatIds: readonly number[];
  roomSlugs: readonly string[];
  workShifts?: boolean;
}

/** Every channel the user may read: their own notifications channel, their chats and rooms, and the work shifts'. */
export function readableChannels(memberships: ChannelMemberships): string[] {
  return [
    userChannel(memberships.userId),
    ...memberships.chatIds.map(chatChannel),
    ...memberships.roomSlugs.map(roomChannel),
    ...(memberships.workShifts ? [WORK_SHIFTS_CHANNEL] : []),
  ];
}

export function mayReadChannel(memberships: ChannelMemberships, channel: string): boolean {
  const parsed = parseChannel(channel);
  if (!parsed) return false;
  switch (parsed.kind) {
    case "user":
      return parsed.userId === memberships.userId;
    case "chat":
      return memberships.chatIds.includes(parsed.chatId);
    case "room":
      return memberships.roomSlugs.includes(parsed.slug);
    case "work-shifts":
      return memberships.workShifts === true;
  }
}

/** Parses the id a client last saw (Last-Event-ID); anything else means "from now". */
export function parseLastEventId(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  return /^\d{1,18}$/.test(trimmed) ? String(BigInt(trimmed)) : null;
}
