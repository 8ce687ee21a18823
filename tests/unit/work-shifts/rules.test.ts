import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  initialSignupState,
  isPending,
  parseSignupPush,
  placeLabel,
  REFUSAL_MESSAGES,
  seatsLabel,
  seatsLeftLabel,
  shiftSignups,
  signupFormSchema,
  signupName,
  signupPushPayload,
  signupReducer,
  signUpRefusal,
  withdrawRefusal,
  type ShiftFacts,
  type ShiftSignup,
  type SignupEvent,
  type SignupState,
  type SignupUpdate,
} from "~/work-shifts/rules";
import { workShiftSchema } from "~/work-shifts/shift-form";

const now = new Date("2026-11-27T12:00:00Z");
const later: ShiftFacts = { starts_at: new Date("2026-11-28T09:00:00Z"), seats: 5, seats_taken: 3 };

describe("signing up and withdrawing", () => {
  it.each([
    ["open with seats", later, false, null],
    ["unknown", undefined, false, "not_found"],
    ["starting now", { ...later, starts_at: now }, false, "started"],
    ["in the past", { ...later, starts_at: new Date("2026-11-01T09:00:00Z") }, false, "started"],
    ["full", { ...later, seats_taken: 5 }, false, "full"],
    ["already signed up", later, true, "already_signed_up"],
    ["already signed up for a full one", { ...later, seats_taken: 5 }, true, "already_signed_up"],
  ] as const)("sign up for a shift %s", (_case, shift, signedUp, code) => {
    const refusal = signUpRefusal(shift, signedUp, now);
    expect(refusal?.code ?? null).toBe(code);
    if (refusal) expect(refusal.message).toBe(REFUSAL_MESSAGES[refusal.code]);
  });

  it.each([
    ["signed up", later, true, null],
    ["signed up for a full one", { ...later, seats_taken: 5 }, true, null],
    ["not signed up", later, false, "not_signed_up"],
    ["started", { ...later, starts_at: new Date("2026-11-27T11:00:00Z") }, true, "started"],
    ["unknown", undefined, true, "not_found"],
  ] as const)("withdraw from a shift %s", (_case, shift, signedUp, code) => {
    expect(withdrawRefusal(shift, signedUp, now)?.code ?? null).toBe(code);
  });
});

describe("labels", () => {
  it.each([
    [3, 5, "3 of 5 seats taken", "2 seats left"],
    [0, 1, "0 of 1 seat taken", "1 seat left"],
    [4, 5, "4 of 5 seats taken", "1 seat left"],
    [5, 5, "5 of 5 seats taken", "Full"],
  ])("%i of %i", (taken, seats, label, left) => {
    expect(seatsLabel(taken, seats)).toBe(label);
    expect(seatsLeftLabel(taken, seats)).toBe(left);
  });

  it("names the place, or Online", () => {
    expect(placeLabel(null)).toBe("Online");
    expect(placeLabel("Student Life Centre")).toBe("Student Life Centre");
  });

  it.each([
    ["Leah", "Okonkwo", "Leah O."],
    ["Leah", "", "Leah"],
    [" Ann ", "de la Cruz", "Ann D."],
    [null, null, "Someone"],
  ])("%s %s is shown as %s", (first, last, shown) => {
    expect(signupName(first, last)).toBe(shown);
  });
});

describe("the forms", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };
  const shift = { title: "Info booth", day: "2026-12-01", start: "09:00", end: "13:00", time_zone: "UTC", seats: "4", location: "" };

  it("reads a shift in UTC, empty place as online", () => {
    const submission = parseWithZod(form(shift), { schema: workShiftSchema(now) });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      title: "Info booth",
      starts_at: new Date("2026-12-01T09:00:00Z"),
      ends_at: new Date("2026-12-01T13:00:00Z"),
      seats: 4,
      location: null,
    });
  });

  it("reads local times in the chosen time zone", () => {
    const submission = parseWithZod(form({ ...shift, time_zone: "America/Toronto", location: " Room 101 " }), { schema: workShiftSchema(now) });
    expect(submission.status === "success" && submission.value).toMatchObject({ starts_at: new Date("2026-12-01T14:00:00Z"), ends_at: new Date("2026-12-01T18:00:00Z"), location: "Room 101" });
  });

  it.each([
    [{ title: " " }, "title", "Enter a title"],
    [{ seats: "0" }, "seats", "A shift has at least 1 seat"],
    [{ seats: "501" }, "seats", "A shift has at most 500 seats"],
    [{ seats: "2.5" }, "seats", "Enter a whole number of seats"],
    [{ time_zone: "Mars/Olympus" }, "time_zone", "Choose a time zone"],
    [{ day: "2026-02-30" }, "day", "Enter the day and start time, like 2026-12-01 and 09:00"],
    [{ end: "09:00" }, "end", "A shift must end after it starts"],
    [{ end: "25:00" }, "end", "Enter the end time, like 13:00"],
    [{ day: "2026-11-20" }, "day", "A shift must start in the future"],
    [{ location: "x".repeat(201) }, "location", "The place is too long (at most 200 characters)"],
  ])("refuses %j", (change, field, message) => {
    const submission = parseWithZod(form({ ...shift, ...change }), { schema: workShiftSchema(now) });
    expect(submission.status).toBe("error");
    expect(submission.reply().error?.[field]).toEqual([message]);
  });

  it("reads a toggle and refuses anything else", () => {
    expect(parseWithZod(form({ intent: "sign_up", shift_id: "12" }), { schema: signupFormSchema }).status).toBe("success");
    expect(parseWithZod(form({ intent: "withdraw", shift_id: "12", respond: "data" }), { schema: signupFormSchema }).status).toBe("success");
    expect(parseWithZod(form({ intent: "delete", shift_id: "12" }), { schema: signupFormSchema }).status).toBe("error");
    expect(parseWithZod(form({ intent: "sign_up", shift_id: "abc" }), { schema: signupFormSchema }).status).toBe("error");
  });
});

describe("the optimistic signup state (SPEC §4)", () => {
  const leah = { id: 7, name: "Leah O." };
  const ann: ShiftSignup = { id: 100, work_shift_id: 1, user_id: 8, name: "Ann B." };
  const leahSignup: ShiftSignup = { id: 101, work_shift_id: 1, user_id: 7, name: "Leah O." };
  const run = (events: SignupEvent[], start: SignupState = initialSignupState([ann])) => events.reduce(signupReducer, start);
  const ids = (state: SignupState, shiftId = 1) => shiftSignups(state, shiftId).map((signup) => signup.id);
  const added = (signup: ShiftSignup, seatsTaken = 2): SignupUpdate => ({ work_shift_id: signup.work_shift_id, seats_taken: seatsTaken, signups: [signup], deleted_id: null });
  const deleted = (id: number, seatsTaken = 1): SignupUpdate => ({ work_shift_id: 1, seats_taken: seatsTaken, signups: [], deleted_id: id });
  const toggle: SignupEvent = { type: "toggle", shiftId: 1, user: leah, cacheKey: "t1" };

  it.each<[string, SignupEvent[], (number | string)[], Record<number, string>, boolean]>([
    ["toggle on adds a temporary signup under the cache key", [toggle], [100, "t1"], {}, true],
    ["success replaces the temporary signup with the server's", [toggle, { type: "succeeded", cacheKey: "t1", update: added(leahSignup) }], [100, 101], {}, false],
    ["failure reverts the toggle on and stores the error", [toggle, { type: "failed", cacheKey: "t1", error: "Full" }], [100], { 1: "Full" }, false],
    ["a second toggle while one is in flight is ignored", [toggle, { ...toggle, cacheKey: "t2" }], [100, "t1"], {}, true],
    ["a push of the own signup before the answer replaces the temporary one, and the answer adds nothing twice", [toggle, { type: "pushed", update: added(leahSignup) }, { type: "succeeded", cacheKey: "t1", update: added(leahSignup) }], [100, 101], {}, false],
    ["a push repeating what the answer applied changes nothing", [toggle, { type: "succeeded", cacheKey: "t1", update: added(leahSignup) }, { type: "pushed", update: added(leahSignup) }], [100, 101], {}, false],
    ["a push adds another person's signup", [{ type: "pushed", update: added({ ...leahSignup, id: 102, user_id: 9, name: "Ben C." }) }], [100, 102], {}, false],
    ["a push removes the deleted id", [{ type: "pushed", update: deleted(100, 0) }], [], {}, false],
    ["a push for another shift leaves this one alone", [{ type: "pushed", update: added({ ...leahSignup, id: 200, work_shift_id: 2 }) }], [100], {}, false],
    ["a late push of a deleted signup does not bring it back", [{ type: "pushed", update: deleted(102) }, { type: "pushed", update: added({ ...leahSignup, id: 102, user_id: 9 }) }], [100], {}, false],
    ["a new toggle clears the shift's error", [toggle, { type: "failed", cacheKey: "t1", error: "Full" }, { ...toggle, cacheKey: "t2" }], [100, "t2"], {}, true],
  ])("%s", (_case, events, shown, errors, pending) => {
    const state = run(events);
    expect(ids(state)).toEqual(shown);
    expect(state.errors).toEqual(errors);
    expect(isPending(state, 1)).toBe(pending);
  });

  describe("toggling off", () => {
    const mine = initialSignupState([ann, leahSignup]);
    const off: SignupEvent = { type: "toggle", shiftId: 1, user: leah, cacheKey: "t3" };

    it.each<[string, SignupEvent[], (number | string)[], Record<number, string>]>([
      ["removes the own signup locally", [off], [100], {}],
      ["success keeps it removed", [off, { type: "succeeded", cacheKey: "t3", update: deleted(101) }], [100], {}],
      ["failure puts it back and stores the error", [off, { type: "failed", cacheKey: "t3", error: "That shift has already started." }], [100, 101], { 1: "That shift has already started." }],
      ["failure after a push deleted it does not put it back", [off, { type: "pushed", update: deleted(101) }, { type: "failed", cacheKey: "t3", error: "Not signed up" }], [100], { 1: "Not signed up" }],
      ["the push of the own withdrawal repeats nothing", [off, { type: "succeeded", cacheKey: "t3", update: deleted(101) }, { type: "pushed", update: deleted(101) }], [100], {}],
    ])("%s", (_case, events, shown, errors) => {
      const state = run(events, mine);
      expect(ids(state)).toEqual(shown);
      expect(state.errors).toEqual(errors);
    });
  });

  it("keeps toggles in flight on top of a fresh loader list", () => {
    const state = run([toggle, { type: "loaded", signups: [ann, { ...leahSignup, id: 300, user_id: 9 }] }]);
    expect(ids(state)).toEqual([100, 300, "t1"]);
    const withdrawing = run([{ type: "toggle", shiftId: 1, user: leah, cacheKey: "t4" }, { type: "loaded", signups: [ann, leahSignup] }], initialSignupState([ann, leahSignup]));
    expect(ids(withdrawing)).toEqual([100]);
    // The loader already has the signup the toggle is adding: no temporary twin.
    expect(ids(run([toggle, { type: "loaded", signups: [ann, leahSignup] }]))).toEqual([100, 101]);
  });

  it("reads the pushed document it was sent, and ignores other pushes", () => {
    const update: SignupUpdate = { work_shift_id: 1, seats_taken: 2, signups: [leahSignup], deleted_id: null };
    expect(parseSignupPush(JSON.parse(JSON.stringify(signupPushPayload(update))))).toEqual(update);
    const withdrawal: SignupUpdate = { work_shift_id: 1, seats_taken: 1, signups: [], deleted_id: 101 };
    expect(parseSignupPush(signupPushPayload(withdrawal))).toEqual(withdrawal);
    expect(parseSignupPush({ data: [], meta: { unread_notifications: 3 } })).toBeNull();
    expect(parseSignupPush({ data: [{ type: "chat", id: "1", attributes: {} }], meta: { work_shift: { id: 1, seats_taken: 0 } } })?.signups).toEqual([]);
    expect(parseSignupPush(null)).toBeNull();
  });
});
