import { sql } from "kysely";
import { db } from "~/db/db.server";
import type { CountryCode, Purchase } from "~/db/schema";
import { claimDiscountUse } from "~/payments/discount-codes.server";
import { fulfilPurchase } from "~/payments/fulfilment.server";
import {
  checkDiscountCode,
  courseSaleRefusal,
  DISCOUNT_CODE_UNKNOWN,
  DISCOUNT_CODE_USED_UP,
  isSingleUseProduct,
  listPrice,
  productKey,
  quote,
  sessionSaleRefusal,
  type CheckoutProduct,
  type CheckoutRequest,
  type DiscountCodeFacts,
  type Quote,
} from "~/payments/quote";
import { canadianTaxRateId, ensureCoupon, planPriceId, stripe } from "~/payments/stripe.server";
import { storedPlanPriceId } from "~/payments/stripe-products.server";
import { sessionTiming } from "~/study-sessions/timing";
import { findContractForSale } from "~/tutoring/contract-payment.server";
import { deriveSubscriptionStatus } from "~/subscriptions/status";

/**
 * Checkout: turns a checkout link into a product, prices it for the buyer (quote.ts), records a
 * pending purchase and sends the buyer to Stripe's hosted page. One open purchase per buyer and
 * price: two submissions of the same checkout (a double click, two tabs) find the same purchase
 * and create the Stripe session with the same idempotency key, so there is one session and one
 * charge. A purchase that costs nothing (a 100% discount) is recorded and fulfilled at once.
 */

/** A pending checkout older than this is abandoned (Stripe sessions last 24 hours). */
const OPEN_CHECKOUT_HOURS = 23;

/** A product, or why it cannot be bought (and, when there is a better place to go, a link there). */
export type LoadedProduct = { product: CheckoutProduct } | { error: string; status: number; link?: { label: string; href: string } };

/**
 * The product a checkout link names. `buyerId` is who is signed in: a tutoring contract is shown
 * only to its student (anyone else gets the 404 of an unknown contract).
 */
export async function loadCheckoutProduct(request: CheckoutRequest, now = new Date(), buyerId: number | null = null): Promise<LoadedProduct> {
  if (request.kind === "tutoring") return loadContractForSale(request.contractId, buyerId);
  if (request.kind === "subscription") return { product: { kind: "subscription", plan: request.plan, interval: request.interval } };
  if (request.kind === "tokens") return { product: { kind: "tokens", amount: request.amount as 10 | 25 | 50 } };
  if (request.kind === "study_session") return loadSessionForSale(request.studySessionId, now);
  const row = await db()
    .selectFrom("online_courses")
    .select(["id", "name", "course_type", "purchase_type", "price_cents", "regular_price_cents", "packages_config", "status", "currency"])
    .where("id", "=", request.onlineCourseId)
    .executeTakeFirst();
  if (!row) return { error: "This course is not for sale.", status: 404 };
  const refusal = courseSaleRefusal(row.status);
  if (refusal) return refusal;
  const course = {
    id: row.id,
    name: row.name,
    courseType: row.course_type,
    purchaseType: row.purchase_type,
    priceCents: row.price_cents,
    regularPriceCents: row.regular_price_cents,
    packages: row.packages_config,
    currency: row.currency,
  };
  const product: CheckoutProduct = request.kind === "online_course" ? { kind: "online_course", course, packageType: request.packageType } : { kind: request.kind, course };
  const listed = listPrice(product);
  if ("error" in listed) return { error: listed.error, status: 400 };
  return { product };
}

/** A tutoring contract as checkout sells it, to its student only. */
async function loadContractForSale(id: number, buyerId: number | null): Promise<LoadedProduct> {
  const link = { label: "Your tutoring", href: "/my-tutoring" };
  if (buyerId === null) return { error: "Log in to pay for your tutoring.", status: 401, link: { label: "Log in", href: `/users/sign_in?redirect_to=${encodeURIComponent(`/checkout?student_tutor_contract_id=${id}`)}` } };
  const contract = await findContractForSale(id, buyerId);
  if (!contract) return { error: "This tutoring contract does not exist.", status: 404, link };
  return { product: { kind: "tutoring", contract } };
}

/** A study session as checkout sells it: one query for the session and its dates. */
async function loadSessionForSale(id: number, now: Date): Promise<LoadedProduct> {
  const rows = await db()
    .selectFrom("study_sessions as s")
    .leftJoin("study_session_dates as d", "d.study_session_id", "s.id")
    .select(["s.id", "s.title", "s.price_cents", "s.regular_price_cents", "s.currency", "s.disable_zoom", "d.start_time", "d.end_time"])
    .where("s.id", "=", id)
    .orderBy("d.start_time")
    .execute();
  const row = rows[0];
  if (!row) return { error: "This study session does not exist.", status: 404 };
  const dates = rows.flatMap((date) => (date.start_time && date.end_time ? [{ start_time: date.start_time, end_time: date.end_time }] : []));
  const refusal = sessionSaleRefusal({ id: row.id, priceCents: row.price_cents }, sessionTiming(dates, row.disable_zoom, now));
  if (refusal) return refusal;
  return {
    product: {
      kind: "study_session",
      session: {
        id: row.id,
        title: row.title,
        priceCents: row.price_cents,
        regularPriceCents: row.regular_price_cents,
        currency: row.currency,
        dates: dates.map((date) => ({ startTime: date.start_time.toISOString(), endTime: date.end_time.toISOString() })),
      },
    },
  };
}

/** A code as the buyer may use it: their own open checkout with it already holds a use, which they may take up again. */
export async function findDiscountCode(code: string, buyerId: number | null = null): Promise<DiscountCodeFacts | null> {
  const row = await db().selectFrom("discount_codes").selectAll().where(sql`lower(code)`, "=", code.trim().toLowerCase()).executeTakeFirst();
  if (!row) return null;
  const ownClaims =
    buyerId === null || row.usage_limit === null
      ? 0
      : (
          await db()
            .selectFrom("purchases")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("user_id", "=", buyerId)
            .where("discount_code_id", "=", row.id)
            .where("status", "=", "pending")
            .executeTakeFirstOrThrow()
        ).n;
  return {
    id: row.id,
    code: row.code,
    percentOff: row.percent_off,
    productKind: row.product_kind,
    onlineCourseId: row.online_course_id,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    usageLimit: row.usage_limit,
    timesUsed: Math.max(0, row.times_used - Number(ownClaims)),
    deactivated: row.deactivated_at !== null,
  };
}

export interface BuyerFacts {
  country: CountryCode | null;
  plusMember: boolean;
  creditsAvailableCents: number;
  elitePaidCents: number;
  trialEligible: boolean;
  /** Why this buyer cannot buy this product (already owns it). */
  blocked: string | null;
  /** The half of the bundle the buyer holds, when the product is the bundle (an upgrade). */
  heldPackage: "learn" | "practice" | null;
}

/** What about the buyer changes the price, in a fixed number of queries. */
export async function buyerFacts(userId: number | null, product: CheckoutProduct, now = new Date()): Promise<BuyerFacts> {
  if (userId === null) return { country: null, plusMember: false, creditsAvailableCents: 0, elitePaidCents: 0, trialEligible: true, blocked: null, heldPackage: null };
  const courseId = "course" in product ? product.course.id : null;
  const sessionId = product.kind === "study_session" ? product.session.id : null;
  const [user, subscriptions, credits, enrolment, elitePaid, seat] = await Promise.all([
    db().selectFrom("users").select(["country_code"]).where("id", "=", userId).executeTakeFirst(),
    db().selectFrom("subscriptions").selectAll().where("user_id", "=", userId).execute(),
    db().selectFrom("referral_credits").select(sql<number>`coalesce(sum(amount_cents), 0)::int`.as("total")).where("user_id", "=", userId).executeTakeFirstOrThrow(),
    courseId ? db().selectFrom("online_course_users").select(["status", "package_type", "elite_payment_status"]).where("user_id", "=", userId).where("online_course_id", "=", courseId).executeTakeFirst() : undefined,
    courseId
      ? db().selectFrom("purchases").select(sql<number>`coalesce(sum(total_cents - tax_cents), 0)::int`.as("total")).where("user_id", "=", userId).where("online_course_id", "=", courseId).where("kind", "=", "elite_deposit").where("status", "=", "paid").executeTakeFirstOrThrow()
      : undefined,
    sessionId ? db().selectFrom("study_session_users").select("status").where("user_id", "=", userId).where("study_session_id", "=", sessionId).executeTakeFirst() : undefined,
  ]);
  const live = subscriptions.filter((row) => ["active", "trialing", "paused", "past_due"].includes(deriveSubscriptionStatus(subscriptionTimes(row), now)));
  const held = enrolment && (enrolment.status === "active" || enrolment.status === "pending_payment");
  let blocked: string | null = null;
  if (product.kind === "subscription" && live.length) blocked = "You already have a plan. Manage it on your subscription page.";
  if (product.kind === "online_course" && held && (enrolment.package_type === product.packageType || enrolment.package_type === "learn_practice_bundle")) {
    blocked = "You already have this package.";
  }
  if (product.kind === "elite_deposit" && held && enrolment.elite_payment_status) blocked = "Your deposit is already paid.";
  if (product.kind === "elite_full" && held && enrolment.elite_payment_status === "full_paid") blocked = "This course is already paid in full.";
  if (product.kind === "study_session" && seat?.status === "active") blocked = "You are already registered for this session.";
  if (product.kind === "tutoring" && product.contract.purchaseStatus !== "unpaid") blocked = product.contract.purchaseStatus === "paid" ? "This contract is already paid." : "This contract was refunded.";
  return {
    country: user?.country_code ?? null,
    plusMember: live.some((row) => row.status === "active" || row.status === "trialing"),
    creditsAvailableCents: Math.max(0, Number(credits.total)),
    elitePaidCents: product.kind === "elite_full" ? Number(elitePaid?.total ?? 0) : 0,
    trialEligible: subscriptions.length === 0,
    blocked,
    heldPackage: product.kind === "online_course" && held && (enrolment.package_type === "learn" || enrolment.package_type === "practice") ? enrolment.package_type : null,
  };
}

export function subscriptionTimes(row: { status: string; expires_at: Date | null; trial_end_date: Date | null; cancel_at: Date | null; pause_at: Date | null; pause_until: Date | null }) {
  return { status: row.status, expiresAt: row.expires_at, trialEndDate: row.trial_end_date, cancelAt: row.cancel_at, pauseAt: row.pause_at, pauseUntil: row.pause_until };
}

export interface CheckoutChoice {
  product: CheckoutProduct;
  country: CountryCode | null;
  discountCode?: string | null;
  applyCredits?: boolean;
}

export type PricedCheckout =
  | { quote: Quote; discount: DiscountCodeFacts | null; facts: BuyerFacts }
  | {
      error: string;
      field?: "discount_code";
      status: number;
      facts: BuyerFacts;
      /** What the page shows instead: the price without the refused code (null when there is none). */
      quote: Quote | null;
    };

/** The quote the buyer sees and pays, with the discount code checked on the server: the buyer's facts and the code, read once. */
export async function priceCheckout(userId: number | null, choice: CheckoutChoice, now = new Date()): Promise<PricedCheckout> {
  const code = choice.discountCode?.trim() || null;
  const [facts, discount] = await Promise.all([buyerFacts(userId, choice.product, now), code ? findDiscountCode(code, userId) : null]);
  return priceFor(choice, facts, code === null ? null : { found: discount }, now);
}

/** The price for a buyer's facts and the code they gave (found or not), pure. */
export function priceFor(choice: CheckoutChoice, facts: BuyerFacts, code: { found: DiscountCodeFacts | null } | null, now: Date): PricedCheckout {
  const input = {
    product: choice.product,
    country: choice.country ?? facts.country,
    plusMember: facts.plusMember,
    creditsAvailableCents: facts.creditsAvailableCents,
    applyCredits: choice.applyCredits,
    elitePaidCents: facts.elitePaidCents,
    trialEligible: facts.trialEligible,
    heldPackage: facts.heldPackage,
  };
  const check = !code ? ({ ok: true } as const) : code.found ? checkDiscountCode(code.found, choice.product, now) : ({ ok: false, error: DISCOUNT_CODE_UNKNOWN } as const);
  if (!check.ok) {
    const without = quote(input);
    return { error: check.error, field: "discount_code", status: 400, facts, quote: "error" in without ? null : without };
  }
  const discount = code?.found ?? null;
  const priced = quote({ ...input, discount });
  if ("error" in priced) return { error: priced.error, status: 400, facts, quote: null };
  return { quote: priced, discount, facts };
}

export type CheckoutOutcome =
  | { kind: "redirect"; url: string; purchaseId: number }
  | { kind: "complete"; purchaseId: number }
  | { kind: "error"; message: string; field?: "discount_code"; status: number };

/** Starts paying: prices the checkout for the user, then startPricedCheckout. */
export async function startCheckout(user: { id: number; email: string }, choice: CheckoutChoice, origin: string, now = new Date()): Promise<CheckoutOutcome> {
  return startPricedCheckout(user, choice, await priceCheckout(user.id, choice, now), origin, now);
}

/**
 * Starts paying for a checkout already priced for this user (priceCheckout): a pending purchase,
 * then Stripe's hosted page (or, when free, fulfilment now).
 */
export async function startPricedCheckout(user: { id: number; email: string }, choice: CheckoutChoice, priced: PricedCheckout, origin: string, now = new Date()): Promise<CheckoutOutcome> {
  if ("error" in priced) return { kind: "error", message: priced.error, field: priced.field, status: priced.status };
  if (priced.facts.blocked) return { kind: "error", message: priced.facts.blocked, status: 409 };
  const { quote: q, discount } = priced;
  if (choice.country && choice.country !== priced.facts.country) {
    await db().updateTable("users").set({ country_code: choice.country }).where("id", "=", user.id).execute();
  }
  const purchase = await openPurchase(user.id, choice.product, q, discount, now);
  if ("error" in purchase) return { kind: "error", message: purchase.error, status: 409 };

  if (q.totalCents === 0 && choice.product.kind !== "subscription") {
    await db().transaction().execute((trx) => fulfilPurchase(trx, purchase.id, { paymentIntentId: null, subscriptionId: null }));
    return { kind: "complete", purchaseId: purchase.id };
  }

  const customerId = await stripeCustomerFor(user);
  const metadata = { purchase_id: String(purchase.id), user_id: String(user.id) };
  const common = {
    customer: customerId,
    client_reference_id: String(purchase.id),
    metadata,
    success_url: `${origin}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${origin}/checkout/cancel?purchase_id=${purchase.id}`,
  };
  const session =
    choice.product.kind === "subscription"
      ? await stripe().checkout.sessions.create(
          {
            ...common,
            mode: "subscription",
            line_items: [
              {
                price: (await storedPlanPriceId(choice.product.plan, choice.product.interval, q.currency)) ?? (await planPriceId(choice.product.plan, choice.product.interval, q.currency)),
                quantity: 1,
                ...(q.taxCents > 0 || q.taxPercent > 0 ? { tax_rates: [await canadianTaxRateId()] } : {}),
              },
            ],
            ...(discount ? { discounts: [{ coupon: await ensureCoupon(`code-${discount.id}`, { percentOff: discount.percentOff, duration: "once", name: discount.code }) }] } : {}),
            subscription_data: {
              metadata: { ...metadata, plan: choice.product.plan, ...(discount ? { discount_code_id: String(discount.id) } : {}) },
              ...(q.trialDays ? { trial_period_days: q.trialDays } : {}),
            },
          },
          { idempotencyKey: `checkout-purchase-${purchase.id}` },
        )
      : await stripe().checkout.sessions.create(
          {
            ...common,
            mode: "payment",
            line_items: [
              { price_data: { currency: q.currency.toLowerCase(), unit_amount: q.subtotalCents, product_data: { name: q.name } }, quantity: 1 },
              ...(q.taxCents > 0 ? [{ price_data: { currency: q.currency.toLowerCase(), unit_amount: q.taxCents, product_data: { name: `Sales tax (${q.taxPercent}%)` } }, quantity: 1 }] : []),
            ],
            payment_intent_data: { metadata },
          },
          { idempotencyKey: `checkout-purchase-${purchase.id}` },
        );
  if (!session.url) return { kind: "error", message: "Checkout could not start. Please try again.", status: 502 };
  const recorded = await db()
    .updateTable("purchases")
    .set({ checkout_session_id: session.id })
    .where("id", "=", purchase.id)
    .where((eb) => eb.or([eb("checkout_session_id", "is", null), eb("checkout_session_id", "=", session.id)]))
    .where("status", "=", "pending")
    .returning("id")
    .executeTakeFirst();
  // A seat's checkout replaced (at another price) while this one was being made: this session must not be paid.
  if (!recorded && isSingleUseProduct(choice.product)) {
    await expireCheckoutSession(session.id);
    return { kind: "error", message: "This checkout was replaced by a newer one. Please try again.", status: 409 };
  }
  return { kind: "redirect", url: session.url, purchaseId: purchase.id };
}

/**
 * The buyer's one open purchase for this product at this price, created if there is none. A seat
 * in a live session has one open checkout whatever its price: a checkout at another price (a new
 * discount code) replaces the open one, whose Stripe session is expired first, so two payment
 * pages for one seat can never both be paid.
 */
async function openPurchase(userId: number, product: CheckoutProduct, q: Quote, discount: DiscountCodeFacts | null, now: Date): Promise<Purchase | { error: string }> {
  const key = isSingleUseProduct(product) ? productKey(product) : `${productKey(product)}:${q.currency}:${q.totalCents}:${discount?.id ?? 0}:${q.creditsCents}`;
  // An abandoned checkout stops blocking a new one.
  await db()
    .updateTable("purchases")
    .set({ status: "expired" })
    .where("user_id", "=", userId)
    .where("product_key", "=", key)
    .where("status", "=", "pending")
    .where("created_at", "<", new Date(now.getTime() - OPEN_CHECKOUT_HOURS * 3_600_000))
    .execute();
  if (isSingleUseProduct(product)) {
    const replaced = await replaceOpenSeatCheckout(userId, key, q, discount);
    if (replaced) return replaced;
  }
  const course = "course" in product ? product.course.id : null;
  const claimed = await db()
    .transaction()
    .execute(async (trx) => {
      const inserted = await trx
    .insertInto("purchases")
    .values({
      user_id: userId,
      kind: product.kind,
      product_key: key,
      online_course_id: course,
      package_type: product.kind === "online_course" ? product.packageType : null,
      plan: product.kind === "subscription" ? product.plan : null,
      billing_interval: product.kind === "subscription" ? (product.interval === "month" ? "monthly" : "yearly") : null,
      token_amount: product.kind === "tokens" ? product.amount : null,
      study_session_id: product.kind === "study_session" ? product.session.id : null,
      student_tutor_contract_id: product.kind === "tutoring" ? product.contract.id : null,
      currency: q.currency,
      regular_price_cents: q.regularPriceCents,
      subtotal_cents: q.priceCents,
      discount_cents: q.discountCents + q.perkCents,
      credits_cents: q.creditsCents,
      tax_cents: q.taxCents,
      total_cents: q.totalCents,
      discount_code_id: discount?.id ?? null,
    })
    .onConflict((conflict) => conflict.columns(["user_id", "product_key"]).where("status", "=", "pending").doNothing())
    .returningAll()
    .executeTakeFirst();
      // A new checkout with a code claims one of its uses now, by a conditional update: of two
      // buyers after the last use one gets it and the other is refused, and the limit holds.
      if (inserted && discount && !(await claimDiscountUse(trx, discount.id))) throw new DiscountUsedUp();
      return inserted;
    })
    .catch((error: unknown) => {
      if (error instanceof DiscountUsedUp) return { error: DISCOUNT_CODE_USED_UP };
      throw error;
    });
  if (claimed) return claimed;
  return db().selectFrom("purchases").selectAll().where("user_id", "=", userId).where("product_key", "=", key).where("status", "=", "pending").executeTakeFirstOrThrow();
}

class DiscountUsedUp extends Error {}

/** Ends the buyer's open checkout of a seat when it was priced differently; an error when it has already been paid. */
async function replaceOpenSeatCheckout(userId: number, key: string, q: Quote, discount: DiscountCodeFacts | null): Promise<{ error: string } | null> {
  const open = await db().selectFrom("purchases").selectAll().where("user_id", "=", userId).where("product_key", "=", key).where("status", "=", "pending").executeTakeFirst();
  const samePrice = open && open.total_cents === q.totalCents && open.currency === q.currency && open.credits_cents === q.creditsCents && open.discount_code_id === (discount?.id ?? null);
  if (!open || samePrice) return null;
  if (open.checkout_session_id && !(await expireCheckoutSession(open.checkout_session_id))) return { error: "Your payment for this session is being confirmed." };
  // The row lock orders this with the other request recording its Stripe session: whatever it
  // recorded before this update is expired here; whatever comes after finds the purchase expired.
  const expired = await db().updateTable("purchases").set({ status: "expired" }).where("id", "=", open.id).where("status", "=", "pending").returning("checkout_session_id").executeTakeFirst();
  if (expired?.checkout_session_id && expired.checkout_session_id !== open.checkout_session_id && !(await expireCheckoutSession(expired.checkout_session_id))) {
    return { error: "Your payment for this session is being confirmed." };
  }
  return null;
}

/** Closes a Stripe checkout session; false when it can no longer be closed because it was paid. */
async function expireCheckoutSession(sessionId: string): Promise<boolean> {
  try {
    await stripe().checkout.sessions.expire(sessionId);
    return true;
  } catch (error) {
    const session = await stripe().checkout.sessions.retrieve(sessionId);
    if (session.status === "expired") return true;
    if (session.status === "complete") return false;
    throw error;
  }
}

/**
 * The user's Stripe customer, created once. Concurrent calls get the same customer from the idempotency key,
 * so the losing insert may collide on either unique column (user or customer); any conflict means it is stored.
 */
export async function stripeCustomerFor(user: { id: number; email: string }): Promise<string> {
  const existing = await db().selectFrom("stripe_customers").select("customer_id").where("user_id", "=", user.id).executeTakeFirst();
  if (existing) return existing.customer_id;
  const customer = await stripe().customers.create({ email: user.email, metadata: { user_id: String(user.id) } }, { idempotencyKey: `customer-user-${user.id}` });
  await db().insertInto("stripe_customers").values({ user_id: user.id, customer_id: customer.id }).onConflict((conflict) => conflict.doNothing()).execute();
  const row = await db().selectFrom("stripe_customers").select("customer_id").where("user_id", "=", user.id).executeTakeFirstOrThrow();
  return row.customer_id;
}

/** After the hosted page: fulfil from the session itself too, in case its event has not arrived yet. */
export async function completeFromSession(sessionId: string, userId: number) {
  const session = await stripe().checkout.sessions.retrieve(sessionId);
  const purchaseId = Number(session.metadata?.purchase_id);
  const purchase = purchaseId ? await db().selectFrom("purchases").selectAll().where("id", "=", purchaseId).executeTakeFirst() : undefined;
  if (!purchase || purchase.user_id !== userId) return null;
  if (session.mode === "payment" && (session.payment_status === "paid" || session.payment_status === "no_payment_required")) {
    await db()
      .transaction()
      .execute((trx) => fulfilPurchase(trx, purchase.id, { paymentIntentId: typeof session.payment_intent === "string" ? session.payment_intent : null, subscriptionId: null }));
  }
  return db().selectFrom("purchases").selectAll().where("id", "=", purchase.id).executeTakeFirstOrThrow();
}
