import { z } from "zod";
import type { DiscountCodesTable } from "~/db/schema";

/**
 * The discount-code form staff fill in (/admin/discount-codes), shared by the server, the form and
 * the table test: what a code may look like, its percent, what it applies to, its validity window
 * and its usage limit. Whether a code is free (unique, case-insensitively) is the database's to say
 * (app/payments/discount-codes.server.ts); whether a code applies at checkout is quote.ts's.
 */

export type DiscountProductKind = NonNullable<DiscountCodesTable["product_kind"]>;

/** What a code may apply to: any product, or one kind (and, for online courses, possibly one course). */
export const DISCOUNT_PRODUCT_LABELS: Record<DiscountProductKind | "any", string> = {
  any: "Any product",
  online_course: "Online courses",
  subscription: "Subscription plans",
  tokens: "Activity tokens",
  study_session: "Live study sessions",
};

export const DISCOUNT_CODE_FORMAT_MESSAGE = "Use 3 to 32 letters, digits, dashes or underscores";
export const WINDOW_ORDER_MESSAGE = "The last valid day must not be before the first";
export const COURSE_NEEDS_ONLINE_COURSES_MESSAGE = "A single course can only be chosen when the code applies to online courses";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || (DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))), `${label} must be a date (YYYY-MM-DD)`);

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

export const discountCodeSchema = z
  .object({
    code: z
      .string({ error: "Enter a code" })
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,32}$/, DISCOUNT_CODE_FORMAT_MESSAGE),
    percent_off: wholeNumber("Percent off", 1, 100),
    product_kind: z.enum(["any", "online_course", "subscription", "tokens", "study_session"], { error: "Choose what the code applies to" }).default("any"),
    online_course_id: z.coerce.number().int().positive().optional(),
    starts_on: day("The first valid day"),
    ends_on: day("The last valid day"),
    usage_limit: wholeNumber("The usage limit", 1, 1_000_000).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.starts_on && value.ends_on && value.ends_on < value.starts_on) ctx.addIssue({ code: "custom", path: ["ends_on"], message: WINDOW_ORDER_MESSAGE });
    if (value.online_course_id !== undefined && value.product_kind !== "online_course") {
      ctx.addIssue({ code: "custom", path: ["online_course_id"], message: COURSE_NEEDS_ONLINE_COURSES_MESSAGE });
    }
  });

export type DiscountCodeInput = z.infer<typeof discountCodeSchema>;

/** The row's values for a valid input: codes are kept upper-case, and the window runs from the first day's start to the last day's end (UTC). */
export function discountCodeValues(input: DiscountCodeInput) {
  return {
    code: input.code.toUpperCase(),
    percent_off: input.percent_off,
    product_kind: input.product_kind === "any" ? null : input.product_kind,
    online_course_id: input.product_kind === "online_course" ? input.online_course_id ?? null : null,
    starts_at: input.starts_on ? new Date(`${input.starts_on}T00:00:00Z`) : null,
    ends_at: input.ends_on ? new Date(Date.parse(`${input.ends_on}T00:00:00Z`) + 86_400_000) : null,
    usage_limit: input.usage_limit ?? null,
  };
}

export type DiscountCodeStatus = "active" | "scheduled" | "expired" | "used up" | "deactivated";

/** What the list shows: a switched-off code first, then the window, then the limit. */
export function discountCodeStatus(code: { deactivatedAt: Date | null; startsAt: Date | null; endsAt: Date | null; usageLimit: number | null; timesUsed: number }, now: Date): DiscountCodeStatus {
  if (code.deactivatedAt) return "deactivated";
  if (code.endsAt && now.getTime() >= code.endsAt.getTime()) return "expired";
  if (code.usageLimit !== null && code.timesUsed >= code.usageLimit) return "used up";
  if (code.startsAt && now.getTime() < code.startsAt.getTime()) return "scheduled";
  return "active";
}

/** The form's day fields for a stored window (the inverse of discountCodeValues). */
export function windowDays(startsAt: Date | null, endsAt: Date | null) {
  return {
    starts_on: startsAt ? startsAt.toISOString().slice(0, 10) : "",
    ends_on: endsAt ? new Date(endsAt.getTime() - 86_400_000).toISOString().slice(0, 10) : "",
  };
}
