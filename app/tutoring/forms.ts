import { z } from "zod";
import { FEEDBACK_TEXT_LIMIT, REQUEST_HOURS } from "~/tutoring/rules";

/** The forms of /tutoring, /my-tutoring and a contract's page, as the actions parse them. */

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

export const requestFormSchema = z.object({
  course_id: id("Choose a course"),
  tutor_id: id("Choose a tutor").optional(),
  goals: z.string({ error: "Say what you would like help with" }).trim().min(1, "Say what you would like help with").max(2000, "Keep it to 2,000 characters"),
  preferred_times: z
    .string()
    .trim()
    .max(500, "Keep it to 500 characters")
    .optional()
    .transform((value) => value ?? ""),
  hours: z.coerce
    .number({ error: "Choose how many hours" })
    .refine((value): value is (typeof REQUEST_HOURS)[number] => (REQUEST_HOURS as readonly number[]).includes(value), "Choose how many hours"),
});

export const myTutoringSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["accept", "decline", "withdraw"]), request_id: id("Choose a request") }),
  z.object({ intent: z.literal("accept_agreement"), agree: z.literal("on", { error: "Tick the box to accept the agreement" }) }),
]);

const feedbackNote = z
  .string()
  .trim()
  .max(FEEDBACK_TEXT_LIMIT, "Keep it to 2,000 characters")
  .optional()
  .transform((value) => value ?? "");

export const contractSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("pay_tokens") }),
  z.object({ intent: z.literal("pay_billing"), billing_id: id("Choose the billed time to pay") }),
  z.object({ intent: z.literal("message") }),
  z.object({ intent: z.literal("book"), start: z.iso.datetime({ error: "Choose one of the times shown" }).transform((value) => new Date(value)) }),
  z.object({ intent: z.literal("cancel"), session_id: id("Choose a session") }),
  z.object({
    intent: z.literal("feedback"),
    session_id: id("Choose a session"),
    // Optional here: whether a rating is wanted depends on the side (rules.ts feedbackContentErrors).
    rating: z.coerce.number({ error: "Choose a rating from 1 to 5" }).int("Choose a rating from 1 to 5").min(1, "Choose a rating from 1 to 5").max(5, "Choose a rating from 1 to 5").optional(),
    went_well: feedbackNote,
    to_improve: feedbackNote,
  }),
]);
