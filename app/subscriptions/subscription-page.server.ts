import { z } from "zod";
import type { CurrentSession } from "~/accounts/session.server";
import { logger } from "~/utils/logger.server";
import {
  applyCancelDiscount,
  CANCEL_REASONS,
  cancelSubscription,
  currentSubscription,
  derivedFacts,
  listInvoices,
  PAUSE_DURATIONS,
  pauseSubscription,
  premedUpgrade,
  premedUpgradePreview,
  SubscriptionActionError,
  uncancelSubscription,
  unpauseSubscription,
  type InvoiceSummary,
} from "~/subscriptions/subscriptions.server";

/** The student's subscription page: the plan, its derived status, SPEC §4's actions as forms, invoices. */

/** The toast after each action (app/routes/my-subscription.tsx). */
export const DONE_MESSAGES = {
  cancel: "Your subscription will end at the end of the billing period.",
  uncancel: "Your subscription will continue.",
  pause: "Your subscription is paused.",
  unpause: "Your subscription is running again.",
  apply_cancel_discount: "Thanks for staying: 50% off your next 3 months is applied.",
  premed_upgrade: "You're now on Pre-Med Plus.",
} as const;
export type DoneKey = keyof typeof DONE_MESSAGES;

const reasonKeys = Object.keys(CANCEL_REASONS) as [keyof typeof CANCEL_REASONS, ...(keyof typeof CANCEL_REASONS)[]];
const actionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("cancel"),
    reason_key: z.enum(reasonKeys, { error: "Tell us why you're leaving" }),
    reason_extra: z.string().trim().max(1000, "Keep it under 1000 characters").optional(),
    offer: z.literal("refused").optional(),
  }),
  z.object({ intent: z.literal("apply_cancel_discount") }),
  z.object({ intent: z.literal("uncancel") }),
  z.object({
    intent: z.literal("pause"),
    pause_duration: z.coerce.number().refine((value) => PAUSE_DURATIONS.includes(value as 1 | 2 | 3), "Pause for 1, 2 or 3 months"),
    reason_key: z.string().trim().max(64).optional(),
    reason_extra: z.string().trim().max(1000).optional(),
  }),
  z.object({ intent: z.literal("unpause") }),
  z.object({ intent: z.literal("premed_upgrade") }),
]);

export async function subscriptionPage(session: CurrentSession, url: URL) {
  const row = await currentSubscription(session.user.id);
  const invoices: InvoiceSummary[] = await listInvoices(session.user.id).catch((error) => {
    logger().warn({ err: error }, "invoices unavailable");
    return [];
  });
  if (!row) return { subscription: null, invoices, preview: null };
  const { derived, actions } = derivedFacts(row);
  const wantsPreview = url.searchParams.get("upgrade") === "preview" && actions.includes("premed_upgrade");
  const preview = wantsPreview ? await premedUpgradePreview(row) : null;
  return {
    subscription: {
      id: row.id,
      plan: row.is_premed_plus ? "Pre-Med Plus" : "Plus",
      billingInterval: row.billing_interval,
      status: derived,
      trialEndDate: row.trial_end_date,
      currentPeriodEnd: row.current_period_end,
      cancelAt: row.cancel_at,
      pauseUntil: row.pause_until,
      cancelDiscountApplied: row.cancel_discount_applied,
      actions,
    },
    invoices,
    preview,
  };
}

export type SubscriptionActionResult =
  | { kind: "done"; done: DoneKey }
  | { kind: "retention"; reasonKey: string; reasonExtra: string }
  | { kind: "error"; status: number; message: string; fieldErrors?: Record<string, string[]> };

export async function submitSubscriptionAction(session: CurrentSession, form: FormData): Promise<SubscriptionActionResult> {
  const parsed = actionSchema.safeParse(Object.fromEntries([...form].filter(([, value]) => typeof value === "string" && value !== "")));
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? "intent")] ??= []).push(issue.message);
    return { kind: "error", status: 400, message: "Check the form and try again.", fieldErrors };
  }
  const row = await currentSubscription(session.user.id);
  if (!row) return { kind: "error", status: 404, message: "You don't have a subscription." };
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "cancel":
        // The retention offer comes first, once; refusing it cancels.
        if (input.offer !== "refused" && derivedFacts(row).actions.includes("apply_cancel_discount")) {
          return { kind: "retention", reasonKey: input.reason_key, reasonExtra: input.reason_extra ?? "" };
        }
        await cancelSubscription(row, { key: input.reason_key, extra: input.reason_extra });
        break;
      case "apply_cancel_discount":
        await applyCancelDiscount(row);
        break;
      case "uncancel":
        await uncancelSubscription(row);
        break;
      case "pause":
        await pauseSubscription(row, input.pause_duration, { key: input.reason_key, extra: input.reason_extra });
        break;
      case "unpause":
        await unpauseSubscription(row);
        break;
      case "premed_upgrade":
        await premedUpgrade(row);
        break;
    }
    return { kind: "done", done: input.intent };
  } catch (error) {
    if (error instanceof SubscriptionActionError) return { kind: "error", status: error.status, message: error.message };
    throw error;
  }
}
