import type { Currency } from "~/db/schema";
import { minutesLeft, sessionPhase, type SessionFacts } from "~/tutoring/rules";

/**
 * What /my-tutoring sums up, pure: a tutor's earnings (their hourly rate for the minutes of
 * sessions held, SPEC §4 contractor agreement) and a student's balance (hours paid for and not
 * yet booked). Money stays in integer cents, per currency: contracts are priced in their own.
 */

export interface HeldSession extends SessionFacts {
  rateCents: number;
  currency: Currency;
}

export interface Earnings {
  currency: Currency;
  /** Minutes of sessions that took place. */
  heldMinutes: number;
  earnedCents: number;
  /** Booked sessions still to come: what the tutor will earn if they take place. */
  upcomingMinutes: number;
  upcomingCents: number;
}

const minutesOf = (session: SessionFacts) => Math.round((session.endsAt.getTime() - session.startsAt.getTime()) / 60_000);
const centsFor = (rateCents: number, minutes: number) => Math.round((rateCents * minutes) / 60);

/** A tutor's earnings per currency at `now`, optionally only for sessions starting at or after `since`. */
export function tutorEarnings(sessions: readonly HeldSession[], now: Date, since: Date | null = null): Earnings[] {
  const byCurrency = new Map<Currency, Earnings>();
  for (const session of sessions) {
    if (since && session.startsAt < since) continue;
    const phase = sessionPhase(session, now);
    if (phase === "cancelled") continue;
    const entry = byCurrency.get(session.currency) ?? { currency: session.currency, heldMinutes: 0, earnedCents: 0, upcomingMinutes: 0, upcomingCents: 0 };
    const minutes = minutesOf(session);
    // Each session is rounded on its own, as it would be paid.
    if (phase === "past") {
      entry.heldMinutes += minutes;
      entry.earnedCents += centsFor(session.rateCents, minutes);
    } else {
      entry.upcomingMinutes += minutes;
      entry.upcomingCents += centsFor(session.rateCents, minutes);
    }
    byCurrency.set(session.currency, entry);
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** The first instant of `now`'s month in UTC: "this month" on the earnings summary. */
export function startOfMonthUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export interface ContractHours {
  purchaseStatus: "unpaid" | "paid" | "refunded";
  purchasedMinutes: number;
  sessions: readonly SessionFacts[];
}

/** Minutes a student has paid for and not booked yet, over their contracts (unpaid and refunded ones count nothing). */
export function minutesToBook(contracts: readonly ContractHours[]): number {
  return contracts.filter((contract) => contract.purchaseStatus === "paid").reduce((sum, contract) => sum + Math.max(0, minutesLeft(contract.purchasedMinutes, contract.sessions)), 0);
}
