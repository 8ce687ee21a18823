import { describe, expect, it } from "vitest";
import {
  answerHello,
  describeError,
  deviceProblemMessage,
  deviceProblemOf,
  MESH_LIMIT,
  meshAdmits,
  nextSpeaker,
  NO_SPEAKER,
  offers,
  SPEAKER_HOLD_MS,
  signalFor,
  troubleAfter,
  videoQualityFor,
  type LinkState,
  type SpeakerState,
} from "~/study-rooms/video/mesh-plan";

describe("who offers", () => {
  it.each([
    [3, 7, true],
    [7, 3, false],
    [10, 9, false],
  ])("%i to %i: %s", (self, peer, expected) => {
    expect(offers(self, peer)).toBe(expected);
    // Exactly one of the two offers, so their offers never cross.
    expect(offers(peer, self)).toBe(!expected);
  });
});

describe("answering a hello", () => {
  it.each<[string, { selfId: number; peerId: number; reply: boolean; link: LinkState; othersLinked: number }, string]>([
    ["the lower id offers to a newcomer", { selfId: 1, peerId: 2, reply: false, link: "none", othersLinked: 0 }, "offer"],
    ["the lower id offers to a hello back", { selfId: 1, peerId: 2, reply: true, link: "none", othersLinked: 0 }, "offer"],
    ["the higher id says hello back, so the other offers", { selfId: 2, peerId: 1, reply: false, link: "none", othersLinked: 0 }, "greet"],
    ["a hello back is not answered with another", { selfId: 2, peerId: 1, reply: true, link: "none", othersLinked: 0 }, "wait"],
    ["a working link is kept", { selfId: 1, peerId: 2, reply: true, link: "live", othersLinked: 2 }, "wait"],
    ["an ended link is offered again", { selfId: 1, peerId: 2, reply: false, link: "ended", othersLinked: 1 }, "offer"],
    ["a fifth person is refused", { selfId: 1, peerId: 5, reply: false, link: "none", othersLinked: 3 }, "refuse"],
    ["refused whichever id is lower", { selfId: 5, peerId: 1, reply: false, link: "none", othersLinked: 3 }, "refuse"],
    ["the fourth person is taken", { selfId: 1, peerId: 4, reply: false, link: "none", othersLinked: 2 }, "offer"],
    ["someone already linked is never refused", { selfId: 2, peerId: 1, reply: false, link: "live", othersLinked: 3 }, "greet"],
  ])("%s", (_, input, expected) => {
    expect(answerHello(input)).toBe(expected);
  });

  it("takes up to MESH_LIMIT people, oneself included", () => {
    expect(MESH_LIMIT).toBe(4);
    expect([0, 1, 2, 3, 4].map(meshAdmits)).toEqual([true, true, true, false, false]);
  });
});

describe("the picture for the number of people", () => {
  it.each([
    [1, "640x360@24", 800_000],
    [2, "640x360@24", 800_000],
    [3, "480x270@20", 450_000],
    [4, "320x180@15", 250_000],
    [9, "320x180@15", 250_000],
  ])("%i people: %s", (people, picture, bitrate) => {
    const quality = videoQualityFor(people);
    expect(`${quality.width}x${quality.height}@${quality.frameRate}`).toBe(picture);
    expect(quality.maxBitrate).toBe(bitrate);
    // Everyone's upload (one stream per other person) stays under a megabit.
    expect(quality.maxBitrate * Math.min(people - 1, MESH_LIMIT - 1)).toBeLessThanOrEqual(1_000_000);
  });
});

describe("the dominant speaker", () => {
  const run = (steps: [number, [number, number][]][], start: SpeakerState = NO_SPEAKER) => {
    let state = start;
    return steps.map(([now, levels]) => (state = nextSpeaker(state, levels, now)).speakerId);
  };

  it.each<[string, [number, [number, number][]][], (number | null)[]]>([
    ["nobody above the hum", [[0, [[1, 0.01], [2, 0.005]]]], [null]],
    ["the loudest above the hum", [[0, [[1, 0.05], [2, 0.2], [3, 0.1]]]], [2]],
    [
      "keeps the speaker through a short pause, then lets go",
      [
        [0, [[1, 0.1]]],
        [1_000, [[1, 0]]],
        [SPEAKER_HOLD_MS + 1, [[1, 0]]],
      ],
      [1, 1, null],
    ],
    [
      "someone louder waits for the hold to end",
      [
        [0, [[1, 0.1], [2, 0]]],
        [500, [[1, 0], [2, 0.3]]],
        [SPEAKER_HOLD_MS, [[1, 0], [2, 0.3]]],
      ],
      [1, 1, 2],
    ],
    [
      "a louder voice takes over once the hold ends, even while the speaker goes on",
      [
        [0, [[1, 0.1]]],
        [1_000, [[1, 0.05], [2, 0.3]]],
        [2_000, [[1, 0.05], [2, 0.3]]],
        [3_000, [[1, 0.05], [2, 0.3]]],
      ],
      [1, 1, 2, 2],
    ],
    ["equal voices go to the lower id", [[0, [[5, 0.1], [3, 0.1]]]], [3]],
  ])("%s", (_, steps, expected) => {
    expect(run(steps)).toEqual(expected);
  });

  it("keeps the current speaker when a voice is as loud", () => {
    expect(nextSpeaker({ speakerId: 5, heldUntil: 0 }, [[3, 0.1], [5, 0.1]], 10_000).speakerId).toBe(5);
  });
});

describe("devices that do not start", () => {
  it.each([
    ["NotAllowedError", "denied"],
    ["SecurityError", "denied"],
    ["NotFoundError", "missing"],
    ["OverconstrainedError", "missing"],
    ["NotReadableError", "busy"],
    ["AbortError", "busy"],
    ["TypeError", "failed"],
  ])("%s is %s", (name, problem) => {
    expect(deviceProblemOf(Object.assign(new Error("x"), { name }))).toBe(problem);
  });

  it("is failed for anything that is not an error", () => {
    expect(deviceProblemOf(undefined)).toBe("failed");
    expect(deviceProblemOf("denied")).toBe("failed");
  });

  it.each([
    ["denied", "both", "Your browser blocked the camera and microphone. Allow them in the address bar's site settings and reload."],
    ["denied", "camera", "Your browser blocked the camera. Allow it in the address bar's site settings and reload. The others can hear you but not see you."],
    ["missing", "both", "No camera or microphone was found. Connect one and reload. You can still see and hear the others."],
    ["missing", "microphone", "No microphone was found. Connect one and reload. The others can see you but not hear you."],
    ["busy", "camera", "Your camera is in use by another app or could not start. Close the other app and reload. The others can hear you but not see you."],
    ["busy", "both", "Your camera and microphone are in use by another app or could not start. Close the other app and reload. You can still see and hear the others."],
    ["failed", "both", "Your camera and microphone could not start. Reload to try again. You can still see and hear the others."],
  ] as const)("%s %s: %s", (problem, gap, message) => {
    expect(deviceProblemMessage(problem, gap)).toBe(message);
  });
});

describe("what is still wrong with the devices", () => {
  it.each([
    ["a camera that fails", null, "camera", "busy", { problem: "busy", gap: "camera" }],
    ["a microphone failing too", { problem: "busy", gap: "camera" }, "microphone", "missing", { problem: "missing", gap: "both" }],
    ["the same camera failing again", { problem: "denied", gap: "camera" }, "camera", "busy", { problem: "busy", gap: "camera" }],
    ["the camera starting after all", { problem: "denied", gap: "camera" }, "camera", null, null],
    ["the camera starting, the microphone still not", { problem: "missing", gap: "both" }, "camera", null, { problem: "missing", gap: "microphone" }],
    ["the microphone starting while the camera's trouble stays", { problem: "busy", gap: "camera" }, "microphone", null, { problem: "busy", gap: "camera" }],
    ["a device starting with nothing wrong", null, "microphone", null, null],
  ] as const)("%s", (_, current, device, failed, expected) => {
    expect(troubleAfter(current, device, failed)).toEqual(expected);
  });

  it("describes an error for support by its name and words", () => {
    expect(describeError(new DOMException("Permission denied", "NotAllowedError"))).toBe("NotAllowedError: Permission denied");
    expect(describeError({ name: "NotFoundError" })).toBe("NotFoundError");
    expect(describeError("timeout")).toBe("timeout");
  });
});

describe("signals a tab hears", () => {
  const push = (overrides: Record<string, unknown> = {}) => ({
    study_room_signal: { room: "room-a", from: 2, from_client: "tab-b", to_client: "tab-a", signal: { type: "offer", sdp: "v=0" }, ...overrides },
  });

  it.each<[string, unknown, boolean]>([
    ["one for this room and tab", push(), true],
    ["a hello for every tab of the person", push({ to_client: null, signal: { type: "hello" } }), true],
    ["one for another tab", push({ to_client: "tab-c" }), false],
    ["one for another room", push({ room: "room-b" }), false],
    ["an unknown kind of signal", push({ signal: { type: "shout" } }), false],
    ["another push on the channel", { notification: { id: 1 } }, false],
    ["nothing", null, false],
  ])("%s: %s", (_, payload, heard) => {
    expect(signalFor(payload, "room-a", "tab-a") !== null).toBe(heard);
  });
});
