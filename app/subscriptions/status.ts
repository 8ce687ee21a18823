import { addMonths } from "date-fns";

/**
 * The derived status of a subscription (SPEC §4), pure and shared by pages, the API and the
 * access module. The stored status is what the payment provider last reported; time moves it on:
 *   - expired once expires_at has passed;
 *   - a trial (trialing or incomplete) is trialing while its trial end is in the future, else incomplete;
 *   - active becomes canceled once cancel_at has passed, and paused from pause_at until the pause
 *     end (pause_until, or one month after pause_at);
 *   - any other status passes through.
 */

export interface SubscriptionTimes {
  status: string;
  expiresAt: Date | null;
  trialEndDate: Date | null;
  cancelAt: Date | null;
  pauseAt: Date | null;
  pauseUntil: Date | null;
}

export type DerivedSubscriptionStatus = "expired" | "trialing" | "incomplete" | "canceled" | "paused" | "active" | (string & {});

/** When a pause ends: pause_until, or one month after pause_at. */
export function pauseEnd(pauseAt: Date, pauseUntil: Date | null): Date {
  return pauseUntil ?? addMonths(pauseAt, 1);
}

export function deriveSubscriptionStatus(subscription: SubscriptionTimes, now: Date): DerivedSubscriptionStatus {
  const { status, expiresAt, trialEndDate, cancelAt, pauseAt, pauseUntil } = subscription;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) return "expired";
  if (status === "trialing" || status === "incomplete") {
    return trialEndDate && trialEndDate.getTime() > now.getTime() ? "trialing" : "incomplete";
  }
  if (status === "active") {
    if (cancelAt && cancelAt.getTime() <= now.getTime()) return "canceled";
    if (pauseAt && pauseAt.getTime() <= now.getTime() && pauseEnd(pauseAt, pauseUntil).getTime() > now.getTime()) return "paused";
    return "active";
  }
  return status;
}

/** Statuses that give access to subscription courses (SPEC §5). */
export function grantsSubscriptionAccess(status: DerivedSubscriptionStatus): boolean {
  return status === "active" || status === "trialing";
}

export type SubscriptionAction = "cancel" | "uncancel" | "pause" | "unpause" | "apply_cancel_discount" | "premed_upgrade";

export interface SubscriptionActionFacts extends SubscriptionTimes {
  /** cancel_at is set but in the future: the subscription ends at the period end. */
  isPremedPlus: boolean;
  cancelDiscountApplied: boolean;
}

/** Which of SPEC §4's actions make sense now; pages show only these and the server refuses the rest. */
export function availableSubscriptionActions(subscription: SubscriptionActionFacts, now: Date): SubscriptionAction[] {
  const derived = deriveSubscriptionStatus(subscription, now);
  if (derived === "expired" || derived === "canceled" || derived === "incomplete_expired") return [];
  const actions: SubscriptionAction[] = [];
  const cancelScheduled = Boolean(subscription.cancelAt && subscription.cancelAt.getTime() > now.getTime());
  const pauseScheduled = Boolean(subscription.pauseAt && pauseEnd(subscription.pauseAt, subscription.pauseUntil).getTime() > now.getTime());
  if (derived === "active" || derived === "trialing" || derived === "paused" || derived === "past_due") {
    if (cancelScheduled) actions.push("uncancel");
    else {
      actions.push("cancel");
      if (!subscription.cancelDiscountApplied && derived !== "trialing") actions.push("apply_cancel_discount");
    }
  }
  if (derived === "paused" || pauseScheduled) actions.push("unpause");
  else if (derived === "active" && !cancelScheduled) actions.push("pause");
  if (!subscription.isPremedPlus && (derived === "active" || derived === "trialing") && !cancelScheduled) actions.push("premed_upgrade");
  return actions;
}
