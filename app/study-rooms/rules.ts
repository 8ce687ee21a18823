/** Study rooms' limits and timings, shared by the server and the room's page. */

/** Whoever showed a sign of life in a room within this long is in it. */
export const PRESENCE_WINDOW_MS = 60_000;
/** A room holds up to this many members. */
export const ROOM_MEMBER_LIMIT = 8;
export const ROOM_NAME_LIMIT = 80;
export const WHITEBOARD_LIMIT = 10;
/** How long an invite rings in the invitee's app (SPEC §4, §8); after that it waits among their notifications. */
export const INVITE_RING_MS = 9_000;
