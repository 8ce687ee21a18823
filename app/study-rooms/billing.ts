import type { Currency } from "~/db/schema";
import { formatPrice } from "~/formatting/price";

/**
 * A tutoring room's billing, pure: the tutor asks to bill (up to a number of minutes at an hourly
 * rate), the student accepts (billing starts then) or declines with a reason, and billing stops
 * when either side ends it, when its maximum duration is reached, or when a participant is
 * removed. Stopping produces the one charge the payments module takes; the ended state refuses a
 * second end, so a retried request cannot bill twice.
 *
 * Who may do what: only the tutor asks to bill, only the student consents or refuses, since
 * billing is the student's money. Stopping is open to both sides and to the system (a job, the
 * room closing): stopping only ever lowers what the student pays, so nobody needs consent for it.
 * The system never starts or consents to billing.
 */

export const MAX_BILLING_MINUTES = 240;
export const MAX_RATE_CENTS = 100_000;
export const DECLINE_REASON_MAX_LENGTH = 500;
/** A billing period shorter than this bills nothing: accepting by mistake and ending at once is free. */
export const BILLING_GRACE_SECONDS = 30;

export type BillingActor = "tutor" | "student" | "system";
export type BillingEndReason = "ended" | "max_duration" | "participant_removed";

export interface BillingTerms {
  maxMinutes: number;
  /** Per hour, in integer cents. */
  rateCents: number;
  currency: Currency;
}

export type BillingState =
  | { status: "none" }
  | ({ status: "pending"; requestedAt: Date } & BillingTerms)
  | ({ status: "accepted"; startedAt: Date } & BillingTerms)
  | ({ status: "declined"; declineReason: string } & BillingTerms)
  | ({ status: "ended"; startedAt: Date; endedAt: Date; minutes: number; amountCents: number; endReason: BillingEndReason } & BillingTerms);

export type BillingEvent =
  | ({ type: "request"; at: Date } & BillingTerms)
  | { type: "accept"; at: Date }
  | { type: "decline"; reason: string; at: Date }
  | { type: "end"; at: Date }
  | { type: "participant_removed"; at: Date }
  /** Time passing: a job sends it so billing ends when the maximum duration is reached. */
  | { type: "clock"; at: Date };

/** What the payments module charges the student (and pays the tutor) when billing stops. */
export interface BillingCharge {
  minutes: number;
  amountCents: number;
  currency: Currency;
  endReason: BillingEndReason;
}

export type BillingTransition = { ok: true; state: BillingState; charge: BillingCharge | null } | { ok: false; error: string };

export const NO_BILLING: BillingState = { status: "none" };

const CURRENCIES: readonly Currency[] = ["USD", "CAD"];

const refuse = (error: string): BillingTransition => ({ ok: false, error });
const moved = (state: BillingState, charge: BillingCharge | null = null): BillingTransition => ({ ok: true, state, charge });
const termsOf = ({ maxMinutes, rateCents, currency }: BillingTerms): BillingTerms => ({ maxMinutes, rateCents, currency });
/** Same rounding as the tutoring ledger (app/tutoring/ledger.ts), so a room and a session held for the same minutes cost the same. */
const centsFor = (rateCents: number, minutes: number) => Math.round((rateCents * minutes) / 60);

/**
 * Minutes billed for a period: a started minute counts in full, except that a period under
 * BILLING_GRACE_SECONDS bills nothing; never more than the agreed maximum.
 */
export function billedMinutes(startedAt: Date, endedAt: Date, maxMinutes: number): number {
  const elapsed = Math.max(0, endedAt.getTime() - startedAt.getTime());
  if (elapsed < BILLING_GRACE_SECONDS * 1000) return 0;
  return Math.min(maxMinutes, Math.ceil(elapsed / 60_000));
}

/** When accepted billing must end (its start plus the maximum duration), or null when nothing is being billed. */
export function billingDeadline(state: BillingState): Date | null {
  return state.status === "accepted" ? deadlineOf(state) : null;
}

type Running = Extract<BillingState, { status: "accepted" }>;
const deadlineOf = (state: Running) => new Date(state.startedAt.getTime() + state.maxMinutes * 60_000);

/** Why these terms cannot be asked for, or null. */
export function billingTermsProblem(terms: BillingTerms): string | null {
  if (!Number.isInteger(terms.maxMinutes) || terms.maxMinutes < 1 || terms.maxMinutes > MAX_BILLING_MINUTES) return `The maximum duration must be a whole number of minutes from 1 to ${MAX_BILLING_MINUTES}.`;
  if (!Number.isInteger(terms.rateCents) || terms.rateCents < 0 || terms.rateCents > MAX_RATE_CENTS) return `The hourly rate must be in whole cents, from $0 (free) to ${formatPrice(MAX_RATE_CENTS)}.`;
  if (!CURRENCIES.includes(terms.currency)) return "The currency must be USD or CAD.";
  return null;
}

/** Who may send an event; stopping and time passing are open to everyone (see the module comment). */
function actorRefusal(type: BillingEvent["type"], actor: BillingActor): string | null {
  if (type === "request" && actor !== "tutor") return "Only the tutor can request billing.";
  if (type === "accept" && actor !== "student") return "Only the student can accept billing.";
  if (type === "decline" && actor !== "student") return "Only the student can decline billing.";
  return null;
}

/** Accepted billing stops at `at`, or at its deadline if that came first (the job that ends it may run late). */
function stop(state: Running, at: Date, reason: BillingEndReason): BillingTransition {
  const deadline = deadlineOf(state);
  const overdue = at.getTime() >= deadline.getTime();
  // An instant before the start (clocks of two servers) ends billing at its start: nothing is billed.
  const endedAt = overdue ? deadline : new Date(Math.max(at.getTime(), state.startedAt.getTime()));
  const endReason = overdue ? "max_duration" : reason;
  const minutes = billedMinutes(state.startedAt, endedAt, state.maxMinutes);
  const amountCents = centsFor(state.rateCents, minutes);
  const ended: BillingState = { status: "ended", ...termsOf(state), startedAt: state.startedAt, endedAt, minutes, amountCents, endReason };
  return moved(ended, minutes > 0 ? { minutes, amountCents, currency: state.currency, endReason } : null);
}

/**
 * The room's billing after `actor` sends `event`, with the charge to take when this change stopped
 * billing (null otherwise, and when the period bills nothing); or the sentence to show why not.
 */
export function transition(state: BillingState, event: BillingEvent, actor: BillingActor): BillingTransition {
  if (Number.isNaN(event.at.getTime())) throw new RangeError(`A billing event needs a valid time, got ${String(event.at)}`);
  const refusal = actorRefusal(event.type, actor);
  if (refusal) return refuse(refusal);

  switch (event.type) {
    case "request": {
      if (state.status === "pending") return refuse("A billing request is already waiting for the student's answer.");
      if (state.status === "accepted") return refuse("Billing is already running: end it before requesting new billing.");
      const terms = termsOf(event);
      const problem = billingTermsProblem(terms);
      if (problem) return refuse(problem);
      // From none, declined or ended alike: each accepted request is a new billing period.
      return moved({ status: "pending", ...terms, requestedAt: event.at });
    }
    case "accept": {
      if (state.status === "accepted") return refuse("Billing has already started.");
      if (state.status !== "pending") return refuse("There is no billing request to accept.");
      return moved({ status: "accepted", ...termsOf(state), startedAt: event.at });
    }
    case "decline": {
      if (state.status === "accepted") return refuse("Billing has already started: end it instead.");
      if (state.status !== "pending") return refuse("There is no billing request to decline.");
      const reason = event.reason.trim();
      if (reason.length === 0) return refuse("Say why you decline the billing request.");
      if (reason.length > DECLINE_REASON_MAX_LENGTH) return refuse(`Keep the reason to ${DECLINE_REASON_MAX_LENGTH} characters or fewer.`);
      return moved({ status: "declined", ...termsOf(state), declineReason: reason });
    }
    case "end": {
      if (state.status === "accepted") return stop(state, event.at, "ended");
      if (state.status === "ended") return refuse("Billing has already ended.");
      if (state.status === "pending") {
        // The tutor (or the room closing) withdraws a request; a student answers it by declining, with a reason for the tutor.
        if (actor === "student") return refuse("To turn down the billing request, decline it with a reason.");
        return moved(NO_BILLING);
      }
      return refuse("Billing has not started.");
    }
    case "participant_removed":
      // Only a running period stops; a request waits for its answer as before.
      return state.status === "accepted" ? stop(state, event.at, "participant_removed") : moved(state);
    case "clock":
      return state.status === "accepted" && event.at.getTime() >= deadlineOf(state).getTime() ? stop(state, event.at, "max_duration") : moved(state);
  }
}

const minutesLabel = (minutes: number) => `${minutes} minute${minutes === 1 ? "" : "s"}`;
const rateLabel = ({ rateCents, currency }: BillingTerms) => `at ${formatPrice(rateCents, currency)}/h`;
const termsLabel = (terms: BillingTerms) => `up to ${minutesLabel(terms.maxMinutes)}${terms.rateCents === 0 ? ", free of charge" : ` ${rateLabel(terms)}`}`;

const END_HEADS: Record<BillingEndReason, (maxMinutes: number) => string> = {
  ended: () => "Billing ended",
  max_duration: (maxMinutes) => `Billing reached its ${maxMinutes}-minute limit`,
  participant_removed: () => "Billing stopped when a participant was removed",
};

/** A short sentence for the room's billing panel. */
export function describeBilling(state: BillingState): string {
  switch (state.status) {
    case "none":
      return "No billing requested.";
    case "pending":
      return `Billing requested: ${termsLabel(state)}.`;
    case "accepted":
      return `Billing in progress: ${termsLabel(state)}.`;
    case "declined":
      return `Billing declined: ${state.declineReason}`;
    case "ended": {
      const head = END_HEADS[state.endReason](state.maxMinutes);
      if (state.minutes === 0) return `${head}: nothing charged.`;
      if (state.amountCents === 0) return `${head}: ${minutesLabel(state.minutes)}, free of charge.`;
      return `${head}: ${minutesLabel(state.minutes)} ${rateLabel(state)}, ${formatPrice(state.amountCents, state.currency)} charged.`;
    }
  }
}
