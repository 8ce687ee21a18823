import { z } from "zod";
import { CANCEL_REASONS, PAUSE_DURATIONS, type CancelReasonKey } from "~/subscriptions/options";

/** The toast after each form of /my-subscription. */
export const DONE_MESSAGES = {
  cancel: "Your subscription will end at the end of the billing period.",
  uncancel: "Your subscription will continue.",
  pause: "Your subscription is paused.",
  unpause: "Your subscription is running again.",
  apply_cancel_discount: "Thanks for staying: 50% off your next 3 months is applied.",
  premed_upgrade: "You're now on Pre-Med Plus.",
} as const;
export type DoneKey = keyof typeof DONE_MESSAGES;

/** Above the forms when a field needs fixing (the field says what). */
export const CHECK_FORM_MESSAGE = "Check the form and try again.";

const reasonKeys = Object.keys(CANCEL_REASONS) as [CancelReasonKey, ...CancelReasonKey[]];

export const cancelFormSchema = z.object({
  intent: z.literal("cancel"),
  reason_key: z.enum(reasonKeys, { error: "Tell us why you're leaving" }),
  reason_extra: z.string().trim().max(1000, "Keep it under 1000 characters").optional(),
  /** Sent by the retention offer's "No thanks, cancel": the offer was seen and refused. */
  offer: z.literal("refused").optional(),
});

export const pauseFormSchema = z.object({
  intent: z.literal("pause"),
  pause_duration: z.coerce.number().refine((value) => PAUSE_DURATIONS.includes(value as 1 | 2 | 3), "Pause for 1, 2 or 3 months"),
  reason_key: z.string().trim().max(64).optional(),
  reason_extra: z.string().trim().max(1000).optional(),
});

/** The forms of /my-subscription (SPEC §4's actions), one `intent` each. */
export const subscriptionFormSchema = z.discriminatedUnion("intent", [
  cancelFormSchema,
  z.object({ intent: z.literal("apply_cancel_discount") }),
  z.object({ intent: z.literal("uncancel") }),
  pauseFormSchema,
  z.object({ intent: z.literal("unpause") }),
  z.object({ intent: z.literal("premed_upgrade") }),
]);
export type SubscriptionForm = z.infer<typeof subscriptionFormSchema>;
