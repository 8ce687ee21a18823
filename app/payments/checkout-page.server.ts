import { z } from "zod";
import { signUpSchema } from "~/accounts/forms";
import { currentSession } from "~/accounts/session.server";
import { appOrigin } from "~/accounts/sign-in-flow.server";
import { EMAIL_TAKEN_MESSAGE, signUp } from "~/accounts/sign-up.server";
import { db } from "~/db/db.server";
import type { CountryCode } from "~/db/schema";
import { loadCheckoutProduct, priceCheckout, startCheckout } from "~/payments/checkout.server";
import { parseCheckoutQuery, type CheckoutProduct, type Quote } from "~/payments/quote";
import { PaymentsUnavailableError } from "~/payments/stripe.server";
import { tooManyRequestsMessage } from "~/errors/messages";
import { logger } from "~/utils/logger.server";

/**
 * The /checkout screen (SPEC §2: one auth-and-checkout screen): what is bought, its price with tax
 * before paying, and for a guest the sign-up fields, all in one form that works without JavaScript.
 */

/** The query fields that name the product; the form posts them back unchanged. */
export const PRODUCT_FIELDS = ["online_course_id", "package", "plan", "interval", "tokens", "elite"] as const;

const choiceSchema = z.object({
  country: z.enum(["CA", "US"], { error: "Choose Canada or the United States" }).optional(),
  discount_code: z.string().trim().max(64, "That code is too long").optional(),
  apply_credits: z.literal("on").optional(),
});

export interface CheckoutView {
  product: CheckoutProduct;
  productQuery: Record<string, string>;
  quote: Quote | null;
  signedIn: { email: string; firstName: string } | null;
  country: CountryCode | null;
  discountCode: string;
  applyCredits: boolean;
  creditsAvailableCents: number;
  blocked: string | null;
  lastFailure: string | null;
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
  values: Record<string, string>;
}

export class CheckoutInputError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

function productQueryOf(params: URLSearchParams) {
  return Object.fromEntries(PRODUCT_FIELDS.flatMap((field) => (params.get(field) !== null ? [[field, params.get(field)!]] : [])));
}

async function productFrom(params: URLSearchParams) {
  const parsed = parseCheckoutQuery(params);
  if ("error" in parsed) throw new CheckoutInputError(parsed.error);
  const loaded = await loadCheckoutProduct(parsed);
  if ("error" in loaded) throw new CheckoutInputError(loaded.error, loaded.status);
  return loaded.product;
}

export async function checkoutPage(request: Request, form?: FormData, errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}): Promise<CheckoutView> {
  const params = form ? new URLSearchParams(PRODUCT_FIELDS.flatMap((field) => (typeof form.get(field) === "string" ? [[field, String(form.get(field))]] : []))) : new URL(request.url).searchParams;
  const product = await productFrom(params);
  const session = await currentSession(request);
  const choice = choiceSchema.safeParse(form ? Object.fromEntries([...form].filter(([, value]) => typeof value === "string" && value !== "")) : {});
  const chosen = choice.success ? choice.data : {};
  const userId = session?.user.id ?? null;
  const country = (chosen.country ?? session?.user.country_code ?? null) as CountryCode | null;
  const priced = await priceCheckout(userId, { product, country, discountCode: chosen.discount_code, applyCredits: chosen.apply_credits === "on" });
  const fieldErrors = { ...errors.fieldErrors };
  if ("error" in priced && priced.field) fieldErrors[priced.field] = [priced.error];
  const fallback = "error" in priced && priced.field ? await priceCheckout(userId, { product, country, applyCredits: chosen.apply_credits === "on" }) : priced;
  const lastFailure = userId
    ? await db()
        .selectFrom("failed_purchases")
        .select(["message", "created_at"])
        .where("user_id", "=", userId)
        .where("created_at", ">", new Date(Date.now() - 30 * 60_000))
        .orderBy("created_at", "desc")
        .executeTakeFirst()
    : undefined;
  const values: Record<string, string> = {};
  for (const name of ["first_name", "last_name", "email"]) if (typeof form?.get(name) === "string") values[name] = String(form.get(name));
  return {
    product,
    productQuery: productQueryOf(params),
    quote: "quote" in fallback ? fallback.quote : null,
    signedIn: session ? { email: session.user.email, firstName: session.user.first_name } : null,
    country,
    discountCode: chosen.discount_code ?? "",
    applyCredits: chosen.apply_credits === "on",
    creditsAvailableCents: "facts" in fallback ? fallback.facts.creditsAvailableCents : 0,
    blocked: "facts" in fallback ? fallback.facts.blocked : null,
    lastFailure: lastFailure?.message ?? null,
    formErrors: [...(errors.formErrors ?? []), ...("error" in fallback ? [fallback.error] : [])],
    fieldErrors,
    values,
  };
}

export type CheckoutSubmission =
  | { kind: "redirect"; location: string; cookie?: string }
  | { kind: "page"; status: number; view: CheckoutView; cookie?: string; retryAfterSeconds?: number };

/** "Update total" re-prices; "Pay" signs a guest up (same form) and goes to the payment page. */
export async function submitCheckout(request: Request, clientIp: string): Promise<CheckoutSubmission> {
  const form = await request.formData();
  const intent = form.get("intent") === "pay" ? "pay" : "quote";
  const choice = choiceSchema.safeParse(Object.fromEntries([...form].filter(([, value]) => typeof value === "string" && value !== "")));
  if (!choice.success) {
    const fieldErrors = Object.fromEntries(choice.error.issues.map((issue) => [String(issue.path[0]), [issue.message]]));
    return { kind: "page", status: 400, view: await checkoutPage(request, stripInvalid(form, Object.keys(fieldErrors)), { fieldErrors }) };
  }
  const product = await productFrom(new URLSearchParams(PRODUCT_FIELDS.flatMap((field) => (typeof form.get(field) === "string" ? [[field, String(form.get(field))]] : []))));
  if (intent === "quote") return { kind: "page", status: 200, view: await checkoutPage(request, form) };

  let session = await currentSession(request);
  let cookie: string | undefined;
  let user = session ? { id: session.user.id, email: session.user.email } : null;
  if (!user) {
    const account = signUpSchema.safeParse(Object.fromEntries([...form].filter(([, value]) => typeof value === "string")));
    if (!account.success) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of account.error.issues) (fieldErrors[String(issue.path[0])] ??= []).push(issue.message);
      return { kind: "page", status: 400, view: await checkoutPage(request, form, { fieldErrors }) };
    }
    const outcome = await signUp(request, { ...account.data, signup_role: "student", redirect_to: undefined }, clientIp);
    if (outcome.kind === "rate-limited") {
      const view = await checkoutPage(request, form, { formErrors: [tooManyRequestsMessage] });
      return { kind: "page", status: 429, retryAfterSeconds: outcome.retryAfterSeconds, view };
    }
    if (outcome.kind === "email-taken") return { kind: "page", status: 400, view: await checkoutPage(request, form, { fieldErrors: { email: [EMAIL_TAKEN_MESSAGE] } }) };
    cookie = outcome.cookie;
    user = { id: outcome.userId, email: account.data.email };
    session = null;
  }
  try {
    const outcome = await startCheckout(user, { product, country: (choice.data.country ?? null) as CountryCode | null, discountCode: choice.data.discount_code, applyCredits: choice.data.apply_credits === "on" }, appOrigin(request));
    if (outcome.kind === "redirect") return { kind: "redirect", location: outcome.url, cookie };
    if (outcome.kind === "complete") return { kind: "redirect", location: `/checkout/success?purchase_id=${outcome.purchaseId}`, cookie };
    const request2 = cookie ? withCookie(request, cookie) : request;
    const fieldErrors: Record<string, string[]> = outcome.field ? { [outcome.field]: [outcome.message] } : {};
    return { kind: "page", status: outcome.status, view: await checkoutPage(request2, form, outcome.field ? { fieldErrors } : { formErrors: [outcome.message] }), cookie };
  } catch (error) {
    if (!(error instanceof PaymentsUnavailableError) && !isStripeConnectionError(error)) throw error;
    logger().error({ err: error }, "checkout could not reach the payment provider");
    return { kind: "page", status: 503, view: await checkoutPage(cookie ? withCookie(request, cookie) : request, form, { formErrors: ["Payments are briefly unavailable. Please try again in a few minutes."] }), cookie };
  }
}

function isStripeConnectionError(error: unknown) {
  return error instanceof Error && (error.name === "StripeConnectionError" || error.name === "StripeAPIError");
}

function stripInvalid(form: FormData, names: string[]) {
  const copy = new FormData();
  for (const [key, value] of form) if (!names.includes(key)) copy.append(key, value);
  return copy;
}

/** The same request as seen by the freshly signed-up user (their session cookie added). */
function withCookie(request: Request, setCookie: string) {
  const headers = new Headers(request.headers);
  const pair = setCookie.split(";")[0]!;
  headers.set("Cookie", [headers.get("Cookie"), pair].filter(Boolean).join("; "));
  return new Request(request.url, { method: "GET", headers });
}
