import { AUDIT_ACTIONS } from "~/accounts/audit-actions";
import { z } from "zod";

/**
 * The filters of the back office's money lists, read from the URL leniently: a filter that makes
 * no sense is dropped (the list shows everything) rather than refused, as the user directory does.
 */
export const PURCHASE_STATUSES = ["pending", "paid", "refunded", "expired"] as const;
export const PURCHASE_KINDS = ["online_course", "subscription", "tokens", "elite_deposit", "elite_full", "study_session", "tutoring"] as const;
export const SUBSCRIPTION_STATUSES = ["active", "trialing", "past_due", "canceled", "incomplete", "unpaid", "paused"] as const;
/** The actions audit_events records (app/accounts/audit.server.ts), for the log's filter. */

const page = z.coerce.number().int().min(1).max(10_000).catch(1);
const text = z.string().trim().max(100).optional().catch(undefined);

export const subscriptionFiltersSchema = z.object({ query: text, status: z.enum(SUBSCRIPTION_STATUSES).optional().catch(undefined), page });
export const invoiceFiltersSchema = z.object({
  query: text,
  status: z.enum(PURCHASE_STATUSES).optional().catch(undefined),
  kind: z.enum(PURCHASE_KINDS).optional().catch(undefined),
  page,
});
export const auditFiltersSchema = z.object({ actor: text, action: z.enum(AUDIT_ACTIONS).optional().catch(undefined), page });

export function filtersOf<T extends z.ZodType>(schema: T, url: URL): z.infer<T> {
  const raw = Object.fromEntries([...url.searchParams].filter(([, value]) => value !== ""));
  return schema.parse(raw);
}

/** The refund form: an amount in dollars and cents, turned into integer cents, a reason, and the form's one-time key. */
export const refundFormSchema = z.object({
  amount: z
    .string({ error: "Enter an amount" })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, "Enter an amount like 12.50")
    .transform((value) => Math.round(Number(value) * 100))
    .refine((cents) => cents > 0, "The amount must be more than zero"),
  reason: z.string().trim().max(500, "Keep the reason under 500 characters").optional().default(""),
  request_key: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, "Reload the page and try again"),
});
