import { describe, expect, it } from "vitest";
import type { Currency } from "~/db/schema";
import {
  billedMinutes,
  billingDeadline,
  describeBilling,
  NO_BILLING,
  transition,
  type BillingActor,
  type BillingCharge,
  type BillingEvent,
  type BillingState,
} from "~/study-rooms/billing";

const t0 = new Date("2026-11-20T15:00:00Z");
const after = (minutes: number, seconds = 0) => new Date(t0.getTime() + minutes * 60_000 + seconds * 1000);
const terms = { maxMinutes: 60, rateCents: 4500, currency: "USD" as const };

const STATES = {
  none: NO_BILLING,
  pending: { status: "pending", ...terms, requestedAt: t0 },
  accepted: { status: "accepted", ...terms, startedAt: t0 },
  declined: { status: "declined", ...terms, declineReason: "Not today" },
  ended: { status: "ended", ...terms, startedAt: t0, endedAt: after(30), minutes: 30, amountCents: 2250, endReason: "ended" },
} satisfies Record<BillingState["status"], BillingState>;

// Every event happens 45 minutes after t0: within the accepted period's hour.
const at = after(45);
const EVENTS = {
  request: { type: "request", maxMinutes: 90, rateCents: 6000, currency: "CAD", at },
  accept: { type: "accept", at },
  decline: { type: "decline", reason: "  Too expensive  ", at },
  end: { type: "end", at },
  participant_removed: { type: "participant_removed", at },
  clock: { type: "clock", at },
} satisfies Record<BillingEvent["type"], BillingEvent>;

/** An expected refusal (its sentence), or the state reached and the charge taken. */
type Outcome = string | { state: BillingState; charge?: BillingCharge };
type Row = Record<BillingActor, Outcome>;
const everyone = (outcome: Outcome): Row => ({ tutor: outcome, student: outcome, system: outcome });
const only = (actor: BillingActor, outcome: Outcome, others: string): Row => ({ tutor: others, student: others, system: others, [actor]: outcome });

const NEW_REQUEST: BillingState = { status: "pending", maxMinutes: 90, rateCents: 6000, currency: "CAD", requestedAt: at };
const TUTOR_ONLY = "Only the tutor can request billing.";
const ACCEPT_STUDENT_ONLY = "Only the student can accept billing.";
const DECLINE_STUDENT_ONLY = "Only the student can decline billing.";
const unchanged = (status: keyof typeof STATES): Outcome => ({ state: STATES[status] });
const endedAt45 = (endReason: BillingCharge["endReason"]) => ({
  state: { status: "ended", ...terms, startedAt: t0, endedAt: at, minutes: 45, amountCents: 3375, endReason },
  charge: { minutes: 45, amountCents: 3375, currency: "USD", endReason },
}) satisfies Outcome;

// Typed as a full record, so a state, event or actor left out fails to compile.
const TABLE: Record<keyof typeof STATES, Record<keyof typeof EVENTS, Row>> = {
  none: {
    request: only("tutor", { state: NEW_REQUEST }, TUTOR_ONLY),
    accept: only("student", "There is no billing request to accept.", ACCEPT_STUDENT_ONLY),
    decline: only("student", "There is no billing request to decline.", DECLINE_STUDENT_ONLY),
    end: everyone("Billing has not started."),
    participant_removed: everyone(unchanged("none")),
    clock: everyone(unchanged("none")),
  },
  pending: {
    request: only("tutor", "A billing request is already waiting for the student's answer.", TUTOR_ONLY),
    accept: only("student", { state: { status: "accepted", ...terms, startedAt: at } }, ACCEPT_STUDENT_ONLY),
    decline: only("student", { state: { status: "declined", ...terms, declineReason: "Too expensive" } }, DECLINE_STUDENT_ONLY),
    end: { tutor: { state: NO_BILLING }, system: { state: NO_BILLING }, student: "To turn down the billing request, decline it with a reason." },
    participant_removed: everyone(unchanged("pending")),
    clock: everyone(unchanged("pending")),
  },
  accepted: {
    request: only("tutor", "Billing is already running: end it before requesting new billing.", TUTOR_ONLY),
    accept: only("student", "Billing has already started.", ACCEPT_STUDENT_ONLY),
    decline: only("student", "Billing has already started: end it instead.", DECLINE_STUDENT_ONLY),
    end: everyone(endedAt45("ended")),
    participant_removed: everyone(endedAt45("participant_removed")),
    // 45 minutes into a 60-minute maximum: nothing to do yet.
    clock: everyone(unchanged("accepted")),
  },
  declined: {
    request: only("tutor", { state: NEW_REQUEST }, TUTOR_ONLY),
    accept: only("student", "There is no billing request to accept.", ACCEPT_STUDENT_ONLY),
    decline: only("student", "There is no billing request to decline.", DECLINE_STUDENT_ONLY),
    end: everyone("Billing has not started."),
    participant_removed: everyone(unchanged("declined")),
    clock: everyone(unchanged("declined")),
  },
  ended: {
    request: only("tutor", { state: NEW_REQUEST }, TUTOR_ONLY),
    accept: only("student", "There is no billing request to accept.", ACCEPT_STUDENT_ONLY),
    decline: only("student", "There is no billing request to decline.", DECLINE_STUDENT_ONLY),
    end: everyone("Billing has already ended."),
    participant_removed: everyone(unchanged("ended")),
    clock: everyone(unchanged("ended")),
  },
};

const ROWS = Object.entries(TABLE).flatMap(([state, events]) =>
  Object.entries(events).flatMap(([event, row]) => Object.entries(row).map(([actor, outcome]) => [state as keyof typeof STATES, event as keyof typeof EVENTS, actor as BillingActor, outcome] as const)),
);

describe("the billing state machine, every state, event and actor", () => {
  it("covers all 5 states × 6 events × 3 actors", () => {
    expect(ROWS).toHaveLength(90);
  });

  it.each(ROWS)("%s + %s by the %s", (state, event, actor, outcome) => {
    const result = transition(STATES[state], EVENTS[event], actor);
    if (typeof outcome === "string") {
      expect(result).toEqual({ ok: false, error: outcome });
    } else {
      expect(result).toEqual({ ok: true, state: outcome.state, charge: outcome.charge ?? null });
    }
  });
});

describe("minutes billed", () => {
  it.each<[string, number, number, number]>([
    ["nothing under 30 seconds", 0, 29, 0],
    ["no time at all", 0, 0, 0],
    ["30 seconds is a started minute", 0, 30, 1],
    ["59 seconds", 0, 59, 1],
    ["one minute exactly", 1, 0, 1],
    ["a started second minute counts in full", 1, 1, 2],
    ["45 minutes", 45, 0, 45],
    ["44 minutes 59 seconds", 44, 59, 45],
    ["the maximum exactly", 60, 0, 60],
    ["never beyond the maximum", 75, 0, 60],
  ])("%s (%i min %i s)", (_name, minutes, seconds, billed) => {
    expect(billedMinutes(t0, after(minutes, seconds), 60)).toBe(billed);
  });

  it("an end before the start (two servers' clocks) bills nothing", () => {
    expect(billedMinutes(t0, after(-5), 60)).toBe(0);
    const result = transition(STATES.accepted, { type: "end", at: after(-5) }, "tutor");
    expect(result).toEqual({ ok: true, state: { status: "ended", ...terms, startedAt: t0, endedAt: t0, minutes: 0, amountCents: 0, endReason: "ended" }, charge: null });
  });
});

describe("what a billing period costs (the hourly rate for the minutes, rounded to the cent)", () => {
  const accepted = (rateCents: number, currency: Currency = "USD"): BillingState => ({ status: "accepted", maxMinutes: 240, rateCents, currency, startedAt: t0 });
  it.each<[string, number, number, Currency, BillingCharge | null]>([
    ["an hour at $45", 4500, 60, "USD", { minutes: 60, amountCents: 4500, currency: "USD", endReason: "ended" }],
    ["45 minutes at $35", 3500, 45, "USD", { minutes: 45, amountCents: 2625, currency: "USD", endReason: "ended" }],
    ["an odd rate rounds half up", 3333, 30, "USD", { minutes: 30, amountCents: 1667, currency: "USD", endReason: "ended" }],
    ["one minute at $1", 100, 1, "USD", { minutes: 1, amountCents: 2, currency: "USD", endReason: "ended" }],
    ["in Canadian dollars", 6000, 90, "CAD", { minutes: 90, amountCents: 9000, currency: "CAD", endReason: "ended" }],
    ["free tutoring still records its minutes", 0, 20, "USD", { minutes: 20, amountCents: 0, currency: "USD", endReason: "ended" }],
  ])("%s", (_name, rateCents, minutes, currency, charge) => {
    const result = transition(accepted(rateCents, currency), { type: "end", at: after(minutes) }, "student");
    expect(result).toMatchObject({ ok: true, charge, state: { status: "ended", minutes, amountCents: charge?.amountCents } });
  });

  it("a period within the grace seconds ends without a charge", () => {
    const result = transition(STATES.accepted, { type: "end", at: after(0, 29) }, "student");
    expect(result).toMatchObject({ ok: true, charge: null, state: { status: "ended", minutes: 0, amountCents: 0 } });
  });
});

describe("the maximum duration", () => {
  const deadline = after(60);

  it("billingDeadline is the start plus the maximum, only while billing runs", () => {
    expect(billingDeadline(STATES.accepted)).toEqual(deadline);
    for (const status of ["none", "pending", "declined", "ended"] as const) expect(billingDeadline(STATES[status])).toBeNull();
  });

  it.each<[string, Date]>([
    ["exactly at the deadline", deadline],
    ["when the job runs late", after(97)],
  ])("the clock ends billing at the deadline, %s", (_name, now) => {
    const result = transition(STATES.accepted, { type: "clock", at: now }, "system");
    expect(result).toEqual({
      ok: true,
      state: { status: "ended", ...terms, startedAt: t0, endedAt: deadline, minutes: 60, amountCents: 4500, endReason: "max_duration" },
      charge: { minutes: 60, amountCents: 4500, currency: "USD", endReason: "max_duration" },
    });
  });

  it("the clock a second before the deadline changes nothing", () => {
    expect(transition(STATES.accepted, { type: "clock", at: after(59, 59) }, "system")).toEqual({ ok: true, state: STATES.accepted, charge: null });
  });

  it.each<[BillingEvent["type"] & ("end" | "participant_removed"), BillingActor]>([
    ["end", "tutor"],
    ["end", "student"],
    ["participant_removed", "tutor"],
  ])("a late %s (by the %s) still bills up to the deadline only, as reaching the maximum", (type, actor) => {
    const result = transition(STATES.accepted, { type, at: after(80) }, actor);
    expect(result).toMatchObject({ ok: true, state: { status: "ended", endedAt: deadline, minutes: 60, endReason: "max_duration" }, charge: { minutes: 60, amountCents: 4500, endReason: "max_duration" } });
  });
});

describe("a charge is taken exactly once", () => {
  it("a request, its acceptance, its end, then repeated stops", () => {
    const charges: BillingCharge[] = [];
    let state: BillingState = NO_BILLING;
    const steps: [BillingEvent, BillingActor][] = [
      [{ type: "request", ...terms, at: t0 }, "tutor"],
      [{ type: "accept", at: after(1) }, "student"],
      [{ type: "end", at: after(31) }, "tutor"],
      [{ type: "participant_removed", at: after(32) }, "student"],
      [{ type: "clock", at: after(120) }, "system"],
    ];
    for (const [event, actor] of steps) {
      const result = transition(state, event, actor);
      if (!result.ok) throw new Error(result.error);
      state = result.state;
      if (result.charge) charges.push(result.charge);
    }
    expect(charges).toEqual([{ minutes: 30, amountCents: 2250, currency: "USD", endReason: "ended" }]);
    expect(transition(state, { type: "end", at: after(33) }, "student")).toEqual({ ok: false, error: "Billing has already ended." });
  });

  it("a new request after an end starts a new period with its own charge", () => {
    const requested = transition(STATES.ended, { type: "request", ...terms, at: after(40) }, "tutor");
    if (!requested.ok) throw new Error(requested.error);
    const accepted = transition(requested.state, { type: "accept", at: after(41) }, "student");
    if (!accepted.ok) throw new Error(accepted.error);
    expect(accepted.state).toEqual({ status: "accepted", ...terms, startedAt: after(41) });
    expect(transition(accepted.state, { type: "end", at: after(51) }, "tutor")).toMatchObject({ charge: { minutes: 10, amountCents: 750 } });
  });

  it("a decline clears the start: the declined state has none", () => {
    const result = transition(STATES.pending, { type: "decline", reason: "Wrong rate", at }, "student");
    expect(result).toEqual({ ok: true, state: { status: "declined", ...terms, declineReason: "Wrong rate" }, charge: null });
    expect(billingDeadline(result.ok ? result.state : NO_BILLING)).toBeNull();
  });
});

describe("the tutor's request is checked", () => {
  const eur: string = "EUR";
  it.each<[string, Partial<typeof terms> | { currency: Currency }, string | null]>([
    ["one minute", { maxMinutes: 1 }, null],
    ["240 minutes", { maxMinutes: 240 }, null],
    ["no minutes", { maxMinutes: 0 }, "The maximum duration must be a whole number of minutes from 1 to 240."],
    ["over four hours", { maxMinutes: 241 }, "The maximum duration must be a whole number of minutes from 1 to 240."],
    ["a fraction of a minute", { maxMinutes: 30.5 }, "The maximum duration must be a whole number of minutes from 1 to 240."],
    ["not a number", { maxMinutes: Number.NaN }, "The maximum duration must be a whole number of minutes from 1 to 240."],
    ["free", { rateCents: 0 }, null],
    ["$1,000 an hour", { rateCents: 100_000 }, null],
    ["over $1,000 an hour", { rateCents: 100_001 }, "The hourly rate must be in whole cents, from $0 (free) to $1,000."],
    ["a negative rate", { rateCents: -1 }, "The hourly rate must be in whole cents, from $0 (free) to $1,000."],
    ["a fraction of a cent", { rateCents: 4500.5 }, "The hourly rate must be in whole cents, from $0 (free) to $1,000."],
    ["in Canadian dollars", { currency: "CAD" }, null],
    ["an unsold currency", { currency: eur as Currency }, "The currency must be USD or CAD."],
  ])("%s", (_name, change, error) => {
    const result = transition(NO_BILLING, { type: "request", ...terms, ...change, at: t0 }, "tutor");
    expect(result).toEqual(error ? { ok: false, error } : { ok: true, state: { status: "pending", ...terms, ...change, requestedAt: t0 }, charge: null });
  });
});

describe("the student's reason to decline", () => {
  it.each<[string, string, string | { declineReason: string }]>([
    ["empty", "", "Say why you decline the billing request."],
    ["only spaces", "   \n ", "Say why you decline the billing request."],
    ["one character", "x", { declineReason: "x" }],
    ["trimmed", "\t I'd rather book a session \n", { declineReason: "I'd rather book a session" }],
    ["500 characters", "a".repeat(500), { declineReason: "a".repeat(500) }],
    ["500 characters once trimmed", ` ${"a".repeat(500)} `, { declineReason: "a".repeat(500) }],
    ["501 characters", "a".repeat(501), "Keep the reason to 500 characters or fewer."],
  ])("%s", (_name, reason, expected) => {
    const result = transition(STATES.pending, { type: "decline", reason, at }, "student");
    expect(result).toEqual(typeof expected === "string" ? { ok: false, error: expected } : { ok: true, state: { status: "declined", ...terms, ...expected }, charge: null });
  });
});

describe("describeBilling", () => {
  const ended = (change: Partial<Extract<BillingState, { status: "ended" }>>): BillingState => ({ ...STATES.ended, ...change });
  it.each<[string, BillingState, string]>([
    ["nothing asked", NO_BILLING, "No billing requested."],
    ["a request", STATES.pending, "Billing requested: up to 60 minutes at $45/h."],
    ["a request with cents, in CAD", { ...STATES.pending, rateCents: 4550, currency: "CAD", maxMinutes: 1 }, "Billing requested: up to 1 minute at $45.50 CAD/h."],
    ["a free request", { ...STATES.pending, rateCents: 0 }, "Billing requested: up to 60 minutes, free of charge."],
    ["running", STATES.accepted, "Billing in progress: up to 60 minutes at $45/h."],
    ["declined", STATES.declined, "Billing declined: Not today"],
    ["ended", STATES.ended, "Billing ended: 30 minutes at $45/h, $22.50 charged."],
    ["ended at the maximum", ended({ endReason: "max_duration", minutes: 60, amountCents: 4500 }), "Billing reached its 60-minute limit: 60 minutes at $45/h, $45 charged."],
    ["stopped by a removal", ended({ endReason: "participant_removed", minutes: 1, amountCents: 75 }), "Billing stopped when a participant was removed: 1 minute at $45/h, $0.75 charged."],
    ["ended within the grace seconds", ended({ minutes: 0, amountCents: 0 }), "Billing ended: nothing charged."],
    ["ended, free", ended({ rateCents: 0, amountCents: 0 }), "Billing ended: 30 minutes, free of charge."],
  ])("%s", (_name, state, sentence) => {
    expect(describeBilling(state)).toBe(sentence);
  });
});

it("an event without a valid time is a programming error", () => {
  expect(() => transition(STATES.accepted, { type: "end", at: new Date("nonsense") }, "tutor")).toThrow(RangeError);
});
