import type { MeetingService } from "~/meetings/service";

/**
 * The built-in meeting service used without Zoom credentials: each meeting gets a random id and
 * the join address of the app's own meeting page, /meetings/{id}, which names the session and who
 * may enter. It holds no call: there is no video without a meeting service.
 */
export const EMULATED_MEETING_ID = /^emu-[0-9a-f]{24}$/;

export function emulatedMeetings(randomHex: () => string): MeetingService {
  return {
    kind: "emulator",
    async create() {
      const meetingId = `emu-${randomHex()}`;
      return { meetingId, joinUrl: `/meetings/${meetingId}` };
    },
    async update() {
      // The emulator's page reads the date itself, so a moved date needs no call.
    },
  };
}
