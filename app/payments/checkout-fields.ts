import type { FailedPurchase } from "~/tracking/tracking-host";
import { z } from "zod";
import { signUpSchema } from "~/accounts/forms";
import type { CountryCode } from "~/db/schema";
import type { CheckoutProduct, Quote } from "~/payments/quote";

/**
 * The /checkout form (SPEC §2: one auth-and-checkout screen), shared by the server and the form:
 * the fields that name the product, the one schema of what the buyer chose (and, for a guest
 * who pays, their account), and the page data the form shows.
 */

/** The query fields that name the product (read by parseCheckoutQuery); the form posts them back unchanged. */
export const PRODUCT_FIELDS = ["online_course_id", "package", "plan", "interval", "tokens", "elite", "study_session_id", "student_tutor_contract_id"] as const;

/** The product fields of a query or a form's payload, as strings. */
export function productQueryOf(source: URLSearchParams | Record<string, unknown>): Record<string, string> {
  const read = (field: string) => (source instanceof URLSearchParams ? source.get(field) : source[field]);
  return Object.fromEntries(PRODUCT_FIELDS.flatMap((field) => (typeof read(field) === "string" ? [[field, read(field) as string]] : [])));
}

/** What the buyer chooses, each field on its own (a refused submission keeps the valid ones). */
export const CHOICE_FIELDS = {
  country: z.enum(["CA", "US"], { error: "Choose Canada or the United States" }).optional(),
  discount_code: z.string().trim().max(64, "That code is too long").optional(),
  apply_credits: z.boolean().optional().default(false),
};

const accountSchema = signUpSchema.pick({ first_name: true, last_name: true, email: true, password: true });
export type CheckoutAccount = z.infer<typeof accountSchema>;

/**
 * The checkout form: "Update total" (`intent=quote`, also anything but `pay`) prices again; "Pay"
 * (`intent=pay`) goes on to payment, and a guest who pays fills in the account fields, checked
 * here; a signed-in buyer's form has none and anything posted in them is ignored.
 */
export function checkoutSchema(buyer: "guest" | "signed-in") {
  return z
    .object({
      intent: z
        .string()
        .optional()
        .transform((intent) => (intent === "pay" ? ("pay" as const) : ("quote" as const))),
      ...CHOICE_FIELDS,
      first_name: z.string().optional(),
      last_name: z.string().optional(),
      email: z.string().optional(),
      password: z.string().optional(),
    })
    .transform(({ first_name, last_name, email, password, ...choice }, context) => {
      if (buyer === "signed-in" || choice.intent !== "pay") return { ...choice, account: null };
      const account = accountSchema.safeParse({ first_name, last_name, email, password });
      if (account.success) return { ...choice, account: account.data };
      for (const issue of account.error.issues) context.addIssue({ code: "custom", message: issue.message, path: issue.path });
      return z.NEVER;
    });
}

export type CheckoutSubmission = z.infer<ReturnType<typeof checkoutSchema>>;

/** What the page shows about the order; the form's errors and typed values come with the submission's reply. */
export interface CheckoutView {
  product: CheckoutProduct;
  productQuery: Record<string, string>;
  /** The price to pay; without a refused discount code. */
  quote: Quote | null;
  signedIn: { email: string; firstName: string } | null;
  country: CountryCode | null;
  discountCode: string;
  applyCredits: boolean;
  creditsAvailableCents: number;
  blocked: string | null;
  lastFailure: string | null;
  /** The same failure for its tracking event (SPEC §8), sent only with the buyer's consent. */
  failedPurchase: FailedPurchase | null;
}
