import { describe, expect, it } from "vitest";
import { mayReadChannel, parseChannel, parseChannelList, readableChannels, WORK_SHIFTS_CHANNEL } from "~/realtime/channels";

describe("the work shifts' channel", () => {
  const member = { userId: 4, chatIds: [9], roomSlugs: [] };

  it("is one channel by name", () => {
    expect(parseChannel(WORK_SHIFTS_CHANNEL)).toEqual({ kind: "work-shifts" });
    expect(parseChannel("work-shifts:1")).toBeNull();
    expect(parseChannelList(`user:4,${WORK_SHIFTS_CHANNEL}`)).toEqual(["user:4", WORK_SHIFTS_CHANNEL]);
  });

  it("is read only by those who may sign up for shifts", () => {
    expect(mayReadChannel({ ...member, workShifts: true }, WORK_SHIFTS_CHANNEL)).toBe(true);
    expect(mayReadChannel({ ...member, workShifts: false }, WORK_SHIFTS_CHANNEL)).toBe(false);
    expect(mayReadChannel(member, WORK_SHIFTS_CHANNEL)).toBe(false);
    expect(readableChannels({ ...member, workShifts: true })).toEqual(["user:4", "chat:9", WORK_SHIFTS_CHANNEL]);
    expect(readableChannels(member)).toEqual(["user:4", "chat:9"]);
  });
});
