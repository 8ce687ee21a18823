import type { Submission } from "@conform-to/react";
import { db } from "~/db/db.server";
import type { CountryCode } from "~/db/schema";
import { CHOICE_FIELDS, type CheckoutSubmission, type CheckoutView } from "~/payments/checkout-fields";
import { loadCheckoutProduct, type LoadedProduct, type PricedCheckout } from "~/payments/checkout.server";
import { parseCheckoutQuery, type CheckoutProduct } from "~/payments/quote";

/** The /checkout route's own helpers (route-private: a `.server.ts` module is not a route). */

/** Who is buying: the signed-in user, or the guest who has just signed up in this form. */
export interface Buyer {
  id: number;
  email: string;
  firstName: string;
  countryCode: CountryCode | null;
}

/** What the buyer chose, in the domain's terms. */
export interface Choice {
  country: CountryCode | null;
  discountCode: string;
  applyCredits: boolean;
}

/** The product a checkout link (or the form's copy of it) names, read once; or why it cannot be bought. */
export async function checkoutProduct(productQuery: Record<string, string>, buyerId: number | null): Promise<LoadedProduct> {
  const parsed = parseCheckoutQuery(new URLSearchParams(productQuery));
  if ("error" in parsed) return { error: parsed.error, status: 400 };
  return loadCheckoutProduct(parsed, new Date(), buyerId);
}

/** The choice of a submission: all of it when it passed, else the fields that were valid (the page still shows a price). */
export function choiceOf(submission: Submission<CheckoutSubmission, string[]>): Choice {
  if (submission.status === "success") {
    const { country, discount_code, apply_credits } = submission.value;
    return { country: country ?? null, discountCode: discount_code ?? "", applyCredits: apply_credits };
  }
  const valid = <T>(name: keyof typeof CHOICE_FIELDS, read: (value: unknown) => T | undefined): T | undefined =>
    submission.error?.[name] ? undefined : read(submission.payload[name] === "" ? undefined : submission.payload[name]);
  return {
    country: valid("country", (value) => CHOICE_FIELDS.country.safeParse(value).data) ?? null,
    discountCode: valid("discount_code", (value) => CHOICE_FIELDS.discount_code.safeParse(value).data) ?? "",
    applyCredits: valid("apply_credits", (value) => value === "on") ?? false,
  };
}

/** The page for a known buyer (or a guest) and the checkout priced for them. */
export async function checkoutView(page: { product: CheckoutProduct; productQuery: Record<string, string>; buyer: Buyer | null; choice: Choice; priced: PricedCheckout }): Promise<CheckoutView> {
  const { product, productQuery, buyer, choice, priced } = page;
  const lastFailure = buyer
    ? await db()
        .selectFrom("failed_purchases")
        .select(["id", "error_type", "code", "message", "decline_code"])
        .where("user_id", "=", buyer.id)
        .where("created_at", ">", new Date(Date.now() - 30 * 60_000))
        .orderBy("created_at", "desc")
        .executeTakeFirst()
    : undefined;
  return {
    product,
    productQuery,
    quote: priced.quote,
    signedIn: buyer ? { email: buyer.email, firstName: buyer.firstName } : null,
    country: choice.country ?? buyer?.countryCode ?? null,
    discountCode: choice.discountCode,
    applyCredits: choice.applyCredits,
    creditsAvailableCents: priced.facts.creditsAvailableCents,
    blocked: priced.facts.blocked,
    lastFailure: lastFailure?.message ?? null,
    failedPurchase: lastFailure
      ? { id: lastFailure.id, type: lastFailure.error_type, code: lastFailure.code, message: lastFailure.message, decline_code: lastFailure.decline_code }
      : null,
  };
}

/** A pricing refusal as the form shows it: next to the discount code, or above the form. */
export function pricingErrors(priced: PricedCheckout): { fieldErrors?: Record<string, string[]>; formErrors?: string[] } {
  if (!("error" in priced)) return {};
  return priced.field ? { fieldErrors: { [priced.field]: [priced.error] } } : { formErrors: [priced.error] };
}

export function isStripeConnectionError(error: unknown) {
  return error instanceof Error && (error.name === "StripeConnectionError" || error.name === "StripeAPIError");
}
