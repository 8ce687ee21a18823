import { z } from "zod";
import type { StudySessionUserStatus } from "~/db/schema";
import { formatPrice } from "~/formatting/price";

/** The roster's forms and what they answer (the page and the API share the words). */

export const ENROLMENT_STATUS_LABELS: Record<StudySessionUserStatus, string> = {
  pending_payment: "Awaiting payment",
  active: "Enrolled",
  refunded: "Refunded",
  removed: "Removed",
};

const enrolmentId = z.coerce.number({ error: "Choose an enrolment" }).int("Choose an enrolment").positive("Choose an enrolment").max(2_147_483_647, "Choose an enrolment");

export const rosterSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    email: z.string({ error: "Enter the student's email" }).trim().min(3, "Enter the student's email").max(254, "That email is too long").email("Enter an email like name@example.com"),
    course_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  }),
  z.object({ intent: z.literal("resend"), enrolment_id: enrolmentId }),
  z.object({ intent: z.literal("refund"), enrolment_id: enrolmentId }),
  z.object({ intent: z.literal("remove"), enrolment_id: enrolmentId }),
]);

export const rosterMessages = {
  added: (email: string) => `${email} is enrolled and has been sent a confirmation.`,
  resent: (email: string) => `The confirmation was sent to ${email} again.`,
  refunded: (email: string, cents: number, currency: string | null) =>
    cents > 0 ? `${email} was refunded ${formatPrice(cents, currency === "CAD" ? "CAD" : "USD")} and no longer has access.` : `${email} no longer has access.`,
  removed: (email: string) => `${email} was removed from the session.`,
};

export type RosterAction = "resend" | "refund" | "remove";

/**
 * Why staff cannot take the action on an enrolment in this status, or null when they can: only an
 * active enrolment is confirmed again; one that is refunded or removed has already ended.
 */
export function rosterActionRefusal(action: RosterAction, status: StudySessionUserStatus): { code: "not_active" | "already_ended"; message: string } | null {
  if (action === "resend") return status === "active" ? null : { code: "not_active", message: "Only an active enrolment gets a confirmation." };
  return status === "active" || status === "pending_payment" ? null : { code: "already_ended", message: "That enrolment has already ended." };
}
