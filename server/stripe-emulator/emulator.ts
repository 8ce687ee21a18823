import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parseStripeForm, type FormValue } from "./form-body";
import { renderAuthenticationPage, renderCheckoutPage, renderClosedPage } from "./pages";

/**
 * A local stand-in for the parts of Stripe the app uses, so checkout works end to end without
 * keys or a network: the official SDK talks to it over HTTP (its host/port/protocol options),
 * it serves a hosted checkout page with test cards, and it delivers signed webhooks to the app
 * (with retries) like Stripe does. State lives in memory for the life of the process.
 *
 * Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined (generic_decline);
 * 4000 0000 0000 9995 is declined (insufficient_funds); 4000 0027 6000 3184 asks for
 * authentication first (3-D Secure-like requires_action), then succeeds or fails.
 */

export interface EmulatorOptions {
  /** Where signed events are POSTed (the app's /webhooks/stripe); none: events are only recorded. */
  webhookUrl?: string;
  /** The endpoint's signing secret (whsec_…), shared with the app. */
  webhookSecret: string;
  port?: number;
  host?: string;
  /** Delays between delivery attempts after a failed one (Stripe retries for days; here, briefly). */
  retryDelaysMs?: number[];
}

type Obj = Record<string, any>;
type Params = Record<string, FormValue>;

export interface StripeEmulator {
  url: string;
  port: number;
  /** Every event created, oldest first. */
  events: Obj[];
  /** Signs an event payload the way Stripe does (the Stripe-Signature header value). */
  sign(payload: string, timestamp?: number): string;
  /** Sends an event (again) to the webhook URL; resolves with the HTTP status (0 when unreachable). */
  deliver(event: Obj): Promise<number>;
  /** Where events go from now on (undefined: recorded only, for tests that deliver them by hand). */
  setWebhookUrl(url: string | undefined): void;
  /** Pays an open checkout session with a test card, as the hosted page would. */
  pay(sessionId: string, cardNumber: string): Promise<{ outcome: "succeeded" | "declined" | "requires_action" | "invalid"; message?: string }>;
  close(): Promise<void>;
}

const DECLINES: Record<string, { code: string; decline_code: string; message: string }> = {
  "4000000000000002": { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  "4000000000009995": { code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
  "4000000000000069": { code: "expired_card", decline_code: "expired_card", message: "Your card has expired." },
};
const SUCCESS_CARDS = new Set(["4242424242424242", "5555555555554444"]);
const AUTHENTICATION_CARD = "4000002760003184";
const DAY = 86_400;

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

export function signPayload(secret: string, payload: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

export async function startStripeEmulator(options: EmulatorOptions): Promise<StripeEmulator> {
  const state = {
    customers: new Map<string, Obj>(),
    products: new Map<string, Obj>(),
    prices: new Map<string, Obj>(),
    taxRates: new Map<string, Obj>(),
    coupons: new Map<string, Obj>(),
    sessions: new Map<string, Obj>(),
    paymentIntents: new Map<string, Obj>(),
    charges: new Map<string, Obj>(),
    subscriptions: new Map<string, Obj>(),
    invoices: new Map<string, Obj>(),
    refunds: new Map<string, Obj>(),
    idempotency: new Map<string, { status: number; body: string }>(),
  };
  const events: Obj[] = [];
  const retryDelays = options.retryDelaysMs ?? [1000, 5000, 30_000];
  let baseUrl = "";

  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
  const now = () => Math.floor(Date.now() / 1000);
  const str = (value: FormValue | undefined) => (typeof value === "string" ? value : undefined);
  const int = (value: FormValue | undefined) => (typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : undefined);
  const bool = (value: FormValue | undefined) => (value === "true" ? true : value === "false" ? false : undefined);
  const obj = (value: FormValue | undefined): Params => (value && typeof value === "object" && !Array.isArray(value) ? (value as Params) : {});
  const arr = (value: FormValue | undefined): FormValue[] => (Array.isArray(value) ? value : []);
  const metadataOf = (value: FormValue | undefined, base: Obj = {}) => {
    const next = { ...base };
    for (const [key, item] of Object.entries(obj(value))) {
      if (item === "") delete next[key];
      else if (typeof item === "string") next[key] = item;
    }
    return next;
  };
  const list = (data: Obj[], url: string) => ({ object: "list", data, has_more: false, url });
  const must = <T>(map: Map<string, T>, key: string | undefined, what: string): T => {
    const found = key ? map.get(key) : undefined;
    if (!found) throw new StripeError(404, "invalid_request_error", `No such ${what}: '${key ?? ""}'`, "resource_missing", "id");
    return found;
  };

  // ── Events ──────────────────────────────────────────────────────────────────────────────────
  function emit(type: string, object: Obj, previous?: Obj): Obj {
    const event = {
      id: id("evt"),
      object: "event",
      api_version: "2025-11-17.clover",
      created: now(),
      livemode: false,
      pending_webhooks: options.webhookUrl ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
    };
    events.push(event);
    return event;
  }

  async function deliver(event: Obj): Promise<number> {
    if (!options.webhookUrl) return 0;
    const payload = JSON.stringify(event, null, 2);
    try {
      const response = await fetch(options.webhookUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": signPayload(options.webhookSecret, payload), "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" },
        body: payload,
        signal: AbortSignal.timeout(20_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      return response.status;
    } catch {
      return 0;
    }
  }

  /** Delivers in order; waits for the first attempt of each, retries failures in the background. */
  async function deliverAll(batch: Obj[]) {
    for (const event of batch) {
      const status = await deliver(event);
      if (status < 200 || status >= 300) scheduleRetry(event, 0);
    }
  }

  function scheduleRetry(event: Obj, attempt: number) {
    const delay = retryDelays[attempt];
    if (delay === undefined) return;
    const timer = setTimeout(async () => {
      const status = await deliver(event);
      if (status < 200 || status >= 300) scheduleRetry(event, attempt + 1);
    }, delay);
    timer.unref();
  }

  // ── Money helpers ──────────────────────────────────────────────────────────────────────────
  function taxFor(amount: number, rateIds: string[]) {
    let tax = 0;
    for (const rateId of rateIds) {
      const rate = state.taxRates.get(rateId);
      if (rate && !rate.inclusive) tax += Math.round((amount * rate.percentage) / 100);
    }
    return tax;
  }

  function couponDiscount(amount: number, couponIds: string[]) {
    let remaining = amount;
    for (const couponId of couponIds) {
      const coupon = state.coupons.get(couponId);
      if (!coupon) continue;
      const off = coupon.percent_off != null ? Math.round((remaining * coupon.percent_off) / 100) : Math.min(remaining, coupon.amount_off ?? 0);
      remaining -= off;
    }
    return amount - remaining;
  }

  function priceFromLineItem(item: Params, currency?: string): Obj {
    const priceId = str(item.price);
    if (priceId) return must(state.prices, priceId, "price");
    const data = obj(item.price_data);
    const amount = int(data.unit_amount);
    if (amount === undefined || amount < 0) throw new StripeError(400, "invalid_request_error", "Missing required param: line_items[0][price_data][unit_amount].", "parameter_missing", "line_items");
    const productData = obj(data.product_data);
    const product = str(data.product) ? must(state.products, str(data.product), "product") : createProduct({ name: str(productData.name) ?? "Item", metadata: productData.metadata ?? {} });
    const recurring = obj(data.recurring);
    return createPrice({ unit_amount: String(amount), currency: str(data.currency) ?? currency ?? "usd", product: product.id, ...(str(recurring.interval) ? { recurring } : {}) });
  }

  function createProduct(params: Params): Obj {
    const product = { id: str(params.id) ?? id("prod"), object: "product", active: true, name: str(params.name) ?? "Product", metadata: metadataOf(params.metadata), created: now() };
    if (state.products.has(product.id)) throw new StripeError(400, "invalid_request_error", `Product already exists.`, "resource_already_exists", "id");
    state.products.set(product.id, product);
    return product;
  }

  function createPrice(params: Params): Obj {
    const productData = obj(params.product_data);
    const productId = str(params.product) ?? createProduct({ name: str(productData.name) ?? "Product" }).id;
    must(state.products, productId, "product");
    const recurring = obj(params.recurring);
    const lookupKey = str(params.lookup_key) ?? null;
    if (lookupKey) {
      for (const existing of state.prices.values()) {
        if (existing.lookup_key === lookupKey) {
          if (params.transfer_lookup_key === "true") existing.lookup_key = null;
          else throw new StripeError(400, "invalid_request_error", `A price (\`${existing.id}\`) already uses that lookup key.`, "lookup_key_exists", "lookup_key");
        }
      }
    }
    const price = {
      id: id("price"),
      object: "price",
      active: true,
      currency: (str(params.currency) ?? "usd").toLowerCase(),
      unit_amount: int(params.unit_amount) ?? 0,
      product: productId,
      lookup_key: lookupKey,
      metadata: metadataOf(params.metadata),
      recurring: str(recurring.interval) ? { interval: str(recurring.interval), interval_count: int(recurring.interval_count) ?? 1 } : null,
      type: str(recurring.interval) ? "recurring" : "one_time",
      created: now(),
    };
    state.prices.set(price.id, price);
    return price;
  }

  // ── Checkout sessions ──────────────────────────────────────────────────────────────────────
  function createSession(params: Params): Obj {
    const mode = str(params.mode);
    if (mode !== "payment" && mode !== "subscription") throw new StripeError(400, "invalid_request_error", "mode must be payment or subscription.", "parameter_invalid_empty", "mode");
    if (!str(params.success_url)) throw new StripeError(400, "invalid_request_error", "Missing required param: success_url.", "parameter_missing", "success_url");
    const items = arr(params.line_items).map((raw) => {
      const item = obj(raw);
      const price = priceFromLineItem(item, str(params.currency));
      const quantity = int(item.quantity) ?? 1;
      const product = state.products.get(price.product);
      const taxRates = arr(item.tax_rates).map((rate) => String(rate));
      for (const rateId of taxRates) must(state.taxRates, rateId, "tax_rate");
      return { id: id("li"), object: "item", description: product?.name ?? "Item", price, quantity, amount_subtotal: price.unit_amount * quantity, tax_rates: taxRates };
    });
    if (!items.length) throw new StripeError(400, "invalid_request_error", "line_items must have at least one item.", "parameter_missing", "line_items");
    if (mode === "subscription" && !items.every((item) => item.price.recurring)) {
      throw new StripeError(400, "invalid_request_error", "Subscription mode needs recurring prices.", "parameter_invalid", "line_items");
    }
    const couponIds = arr(params.discounts).map((raw) => str(obj(raw).coupon)).filter((value): value is string => Boolean(value));
    for (const couponId of couponIds) must(state.coupons, couponId, "coupon");
    const subtotal = items.reduce((sum, item) => sum + item.amount_subtotal, 0);
    const discount = couponDiscount(subtotal, couponIds);
    const taxable = subtotal - discount;
    // Tax applies item by item on the discounted share of each item.
    const tax = items.reduce((sum, item) => sum + taxFor(subtotal ? Math.round((item.amount_subtotal * taxable) / subtotal) : 0, item.tax_rates), 0);
    const subscriptionData = obj(params.subscription_data);
    const trialDays = int(subscriptionData.trial_period_days);
    const customerId = str(params.customer);
    if (customerId) must(state.customers, customerId, "customer");
    const sessionId = id("cs_test");
    const session = {
      id: sessionId,
      object: "checkout.session",
      mode,
      status: "open",
      payment_status: "unpaid",
      url: `${baseUrl}/pay/${sessionId}`,
      success_url: str(params.success_url),
      cancel_url: str(params.cancel_url) ?? null,
      client_reference_id: str(params.client_reference_id) ?? null,
      customer: customerId ?? null,
      customer_email: str(params.customer_email) ?? null,
      customer_details: null as Obj | null,
      metadata: metadataOf(params.metadata),
      currency: items[0]!.price.currency,
      amount_subtotal: subtotal,
      amount_total: taxable + tax,
      total_details: { amount_discount: discount, amount_tax: tax, amount_shipping: 0 },
      discounts: couponIds.map((coupon) => ({ coupon })),
      line_items: list(items, `/v1/checkout/sessions/${sessionId}/line_items`),
      payment_intent: null as string | null,
      subscription: null as string | null,
      invoice: null as string | null,
      created: now(),
      expires_at: int(params.expires_at) ?? now() + DAY,
      // Kept for fulfilment; not part of Stripe's session object.
      _payment_intent_metadata: metadataOf(obj(params.payment_intent_data).metadata),
      _subscription_metadata: metadataOf(subscriptionData.metadata),
      _trial_days: trialDays ?? null,
    };
    state.sessions.set(session.id, session);
    return session;
  }

  /** The session as the API shows it: without the emulator's own bookkeeping fields. */
  function publicSession(session: Obj): Obj {
    return Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith("_")));
  }

  function ensureCustomer(session: Obj): string {
    if (session.customer) return session.customer;
    const customer = { id: id("cus"), object: "customer", email: session.customer_email, name: null, metadata: {}, created: now() };
    state.customers.set(customer.id, customer);
    session.customer = customer.id;
    return customer.id;
  }

  function paymentIntentFor(session: Obj): Obj {
    if (session.payment_intent) return state.paymentIntents.get(session.payment_intent)!;
    const intent = {
      id: id("pi"),
      object: "payment_intent",
      amount: session.amount_total,
      amount_received: 0,
      currency: session.currency,
      customer: ensureCustomer(session),
      status: "requires_payment_method",
      last_payment_error: null as Obj | null,
      latest_charge: null as string | null,
      metadata: session.mode === "payment" ? { ...session._payment_intent_metadata } : { ...session._subscription_metadata },
      created: now(),
    };
    state.paymentIntents.set(intent.id, intent);
    session.payment_intent = intent.id;
    return intent;
  }

  /** A card was refused: the session stays open (the buyer may try another card). */
  function decline(session: Obj, failure: { code: string; decline_code: string; message: string }): Obj[] {
    const intent = paymentIntentFor(session);
    const charge = { id: id("ch"), object: "charge", amount: intent.amount, currency: intent.currency, customer: intent.customer, payment_intent: intent.id, paid: false, status: "failed", refunded: false, amount_refunded: 0, failure_code: failure.code, failure_message: failure.message, outcome: { type: "issuer_declined", reason: failure.decline_code }, metadata: intent.metadata, created: now() };
    state.charges.set(charge.id, charge);
    intent.status = "requires_payment_method";
    intent.latest_charge = charge.id;
    intent.last_payment_error = { type: "card_error", code: failure.code, decline_code: failure.decline_code, message: failure.message, charge: charge.id };
    return [emit("charge.failed", charge), emit("payment_intent.payment_failed", intent)];
  }

  function complete(session: Obj): Obj[] {
    const batch: Obj[] = [];
    const customerId = ensureCustomer(session);
    session.customer_details = { email: session.customer_email ?? state.customers.get(customerId)?.email ?? null };
    if (session.mode === "payment") {
      if (session.amount_total > 0) {
        const intent = paymentIntentFor(session);
        const charge = { id: id("ch"), object: "charge", amount: intent.amount, currency: intent.currency, customer: customerId, payment_intent: intent.id, paid: true, status: "succeeded", refunded: false, amount_refunded: 0, metadata: intent.metadata, created: now() };
        state.charges.set(charge.id, charge);
        Object.assign(intent, { status: "succeeded", amount_received: intent.amount, latest_charge: charge.id, last_payment_error: null });
        batch.push(emit("charge.succeeded", charge));
        session.payment_status = "paid";
        session.status = "complete";
        batch.unshift(emit("checkout.session.completed", publicSession(session)));
        batch.push(emit("payment_intent.succeeded", intent));
      } else {
        session.payment_status = "no_payment_required";
        session.status = "complete";
        batch.push(emit("checkout.session.completed", publicSession(session)));
      }
      return batch;
    }
    // Subscription mode: the subscription, its first invoice, then the completed session.
    const item = session.line_items.data[0];
    const start = now();
    const trialDays: number | null = session._trial_days;
    const trialEnd = trialDays ? start + trialDays * DAY : null;
    const periodEnd = trialEnd ?? addInterval(start, item.price.recurring.interval);
    const subscription = {
      id: id("sub"),
      object: "subscription",
      customer: customerId,
      status: trialEnd ? "trialing" : "active",
      cancel_at: null as number | null,
      cancel_at_period_end: false,
      canceled_at: null as number | null,
      ended_at: null as number | null,
      pause_collection: null as Obj | null,
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      start_date: start,
      created: start,
      currency: item.price.currency,
      metadata: { ...session._subscription_metadata },
      discounts: session.discounts.map((discount: Obj) => discount.coupon),
      default_tax_rates: item.tax_rates,
      latest_invoice: null as string | null,
      items: list([{ id: id("si"), object: "subscription_item", price: item.price, quantity: item.quantity, current_period_start: start, current_period_end: periodEnd }], "/v1/subscription_items"),
    };
    state.subscriptions.set(subscription.id, subscription);
    const invoiceAmount = trialEnd ? 0 : session.amount_total;
    const invoice = createInvoice(subscription, invoiceAmount, trialEnd ? "subscription_create" : "subscription_create", `${item.description}${trialEnd ? " (trial)" : ""}`);
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    session.status = "complete";
    session.payment_status = invoiceAmount > 0 ? "paid" : "no_payment_required";
    batch.push(emit("customer.subscription.created", subscription));
    batch.push(emit("invoice.paid", invoice));
    batch.push(emit("checkout.session.completed", publicSession(session)));
    return batch;
  }

  function createInvoice(subscription: Obj, amount: number, reason: string, description: string): Obj {
    const taxRates: string[] = subscription.default_tax_rates ?? [];
    const tax = amount > 0 ? taxFor(amount, taxRates) : 0;
    const invoice = {
      id: id("in"),
      object: "invoice",
      customer: subscription.customer,
      currency: subscription.currency,
      status: "paid",
      billing_reason: reason,
      number: `EMU-${String(state.invoices.size + 1).padStart(4, "0")}`,
      subtotal: amount,
      tax,
      total: amount + tax,
      amount_due: amount + tax,
      amount_paid: amount + tax,
      created: now(),
      hosted_invoice_url: null,
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } } },
      lines: list([{ id: id("il"), object: "line_item", amount, currency: subscription.currency, description }], "/v1/invoices/lines"),
    };
    state.invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  function addInterval(from: number, interval: string) {
    const date = new Date(from * 1000);
    if (interval === "year") date.setUTCFullYear(date.getUTCFullYear() + 1);
    else if (interval === "week") date.setUTCDate(date.getUTCDate() + 7);
    else if (interval === "day") date.setUTCDate(date.getUTCDate() + 1);
    else date.setUTCMonth(date.getUTCMonth() + 1);
    return Math.floor(date.getTime() / 1000);
  }

  async function pay(sessionId: string, rawCard: string) {
    const session = state.sessions.get(sessionId);
    if (!session || session.status !== "open") return { outcome: "invalid" as const, message: "This checkout session is no longer open." };
    const card = rawCard.replace(/[\s-]/g, "");
    const failure = DECLINES[card];
    if (failure) {
      await deliverAll(decline(session, failure));
      return { outcome: "declined" as const, message: failure.message };
    }
    if (card === AUTHENTICATION_CARD) {
      const intent = session.mode === "payment" && session.amount_total > 0 ? paymentIntentFor(session) : null;
      if (intent) intent.status = "requires_action";
      session._awaiting_authentication = true;
      return { outcome: "requires_action" as const };
    }
    if (!SUCCESS_CARDS.has(card)) return { outcome: "invalid" as const, message: "Your card number is invalid." };
    await deliverAll(complete(session));
    return { outcome: "succeeded" as const };
  }

  // ── Subscriptions ──────────────────────────────────────────────────────────────────────────
  function periodOf(subscription: Obj) {
    const item = subscription.items.data[0];
    return { start: item.current_period_start as number, end: item.current_period_end as number };
  }

  function updateSubscription(subscription: Obj, params: Params): Obj[] {
    if (subscription.status === "canceled") throw new StripeError(400, "invalid_request_error", "A canceled subscription can only update its cancellation_details and metadata.", "resource_missing");
    const before = structuredClone(subscription);
    const batch: Obj[] = [];
    const cancelAtPeriodEnd = bool(params.cancel_at_period_end);
    if (cancelAtPeriodEnd !== undefined) {
      subscription.cancel_at_period_end = cancelAtPeriodEnd;
      subscription.cancel_at = cancelAtPeriodEnd ? periodOf(subscription).end : null;
    }
    if (params.cancel_at !== undefined) {
      subscription.cancel_at = params.cancel_at === "" ? null : int(params.cancel_at) ?? null;
      subscription.cancel_at_period_end = false;
    }
    if (params.pause_collection !== undefined) {
      const pause = obj(params.pause_collection);
      subscription.pause_collection = params.pause_collection === "" ? null : { behavior: str(pause.behavior) ?? "void", resumes_at: int(pause.resumes_at) ?? null };
    }
    if (params.metadata !== undefined) subscription.metadata = metadataOf(params.metadata, subscription.metadata);
    if (params.discounts !== undefined) {
      subscription.discounts = params.discounts === "" ? [] : arr(params.discounts).map((raw) => str(obj(raw).coupon)).filter(Boolean);
      for (const couponId of subscription.discounts) must(state.coupons, couponId, "coupon");
    }
    const items = arr(params.items);
    if (items.length) {
      const change = obj(items[0]);
      const price = must(state.prices, str(change.price), "price");
      const item = subscription.items.data[0];
      const amount = prorationAmount(subscription, price, now());
      item.price = price;
      if (str(params.proration_behavior) !== "none" && amount > 0 && subscription.status === "active") {
        batch.push(emit("invoice.paid", createInvoice(subscription, amount, "subscription_update", `Upgrade to ${state.products.get(price.product)?.name ?? "plan"} (prorated)`)));
      }
    }
    if (str(params.trial_end) === "now" && subscription.status === "trialing") {
      subscription.status = "active";
      subscription.trial_end = now();
    }
    batch.unshift(emit("customer.subscription.updated", subscription, changedAttributes(before, subscription)));
    return batch;
  }

  function prorationAmount(subscription: Obj, newPrice: Obj, at: number) {
    const { start, end } = periodOf(subscription);
    const oldAmount = subscription.items.data[0].price.unit_amount as number;
    const remaining = Math.max(0, Math.min(1, (end - at) / Math.max(1, end - start)));
    return Math.max(0, Math.round((newPrice.unit_amount - oldAmount) * remaining));
  }

  function changedAttributes(before: Obj, after: Obj) {
    const changed: Obj = {};
    for (const key of Object.keys(after)) if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = before[key];
    return changed;
  }

  function cancelSubscription(subscription: Obj): Obj[] {
    if (subscription.status === "canceled") return [];
    subscription.status = "canceled";
    subscription.canceled_at = now();
    subscription.ended_at = now();
    subscription.cancel_at = null;
    subscription.cancel_at_period_end = false;
    return [emit("customer.subscription.deleted", subscription)];
  }

  function preview(params: Params): Obj {
    const subscription = must(state.subscriptions, str(params.subscription), "subscription");
    const details = obj(params.subscription_details);
    const change = obj(arr(details.items)[0]);
    const price = must(state.prices, str(change.price), "price");
    const at = int(details.proration_date) ?? now();
    const amount = prorationAmount(subscription, price, at);
    const tax = taxFor(amount, subscription.default_tax_rates ?? []);
    return {
      id: id("upcoming_in"),
      object: "invoice",
      customer: subscription.customer,
      currency: subscription.currency,
      subtotal: amount,
      tax,
      total: amount + tax,
      amount_due: amount + tax,
      lines: list([{ id: id("il"), object: "line_item", amount, currency: subscription.currency, description: `Remaining time on ${state.products.get(price.product)?.name ?? "plan"}`, parent: { subscription_item_details: { proration: true } } }], "/v1/invoices/lines"),
    };
  }

  // ── Refunds ────────────────────────────────────────────────────────────────────────────────
  function refund(params: Params): { refund: Obj; batch: Obj[] } {
    let charge: Obj | undefined;
    if (str(params.charge)) charge = must(state.charges, str(params.charge), "charge");
    else {
      const intent = must(state.paymentIntents, str(params.payment_intent), "payment_intent");
      charge = intent.latest_charge ? state.charges.get(intent.latest_charge) : undefined;
    }
    if (!charge || !charge.paid) throw new StripeError(400, "invalid_request_error", "This PaymentIntent does not have a successful charge to refund.", "charge_not_refundable");
    const amount = int(params.amount) ?? charge.amount - charge.amount_refunded;
    if (amount <= 0 || amount > charge.amount - charge.amount_refunded) throw new StripeError(400, "invalid_request_error", `Charge ${charge.id} has already been refunded.`, "charge_already_refunded");
    const record = { id: id("re"), object: "refund", amount, charge: charge.id, payment_intent: charge.payment_intent, currency: charge.currency, status: "succeeded", metadata: metadataOf(params.metadata), created: now() };
    state.refunds.set(record.id, record);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    return { refund: record, batch: [emit("charge.refunded", charge), emit("refund.created", record)] };
  }

  // ── HTTP: the API ──────────────────────────────────────────────────────────────────────────
  async function api(method: string, path: string, params: Params, query: URLSearchParams): Promise<{ status: number; body: Obj; batch?: Obj[] }> {
    const parts = path.split("/").filter(Boolean).slice(1); // drop "v1"
    const [resource, itemId, sub] = parts;
    const ok = (body: Obj, batch?: Obj[]) => ({ status: 200, body, batch });
    const queryParams = parseStripeForm(query.toString());
    switch (`${method} ${resource}${itemId ? "/:id" : ""}${sub ? `/${sub}` : ""}`) {
      case "POST customers": {
        const customer = { id: id("cus"), object: "customer", email: str(params.email) ?? null, name: str(params.name) ?? null, metadata: metadataOf(params.metadata), created: now() };
        state.customers.set(customer.id, customer);
        return ok(customer);
      }
      case "GET customers/:id":
        return ok(must(state.customers, itemId, "customer"));
      case "POST products":
        return ok(createProduct(params));
      case "GET products/:id":
        return ok(must(state.products, itemId, "product"));
      case "POST prices":
        return ok(createPrice(params));
      case "GET prices/:id":
        return ok(must(state.prices, itemId, "price"));
      case "GET prices": {
        const keys = arr(queryParams.lookup_keys).map(String);
        const data = [...state.prices.values()].filter((price) => price.active && (!keys.length || keys.includes(price.lookup_key)));
        return ok(list(data, "/v1/prices"));
      }
      case "POST tax_rates": {
        const percentage = Number(str(params.percentage));
        if (!Number.isFinite(percentage)) throw new StripeError(400, "invalid_request_error", "Missing required param: percentage.", "parameter_missing", "percentage");
        const rate = { id: id("txr"), object: "tax_rate", active: true, display_name: str(params.display_name) ?? "Tax", percentage, inclusive: bool(params.inclusive) ?? false, country: str(params.country) ?? null, metadata: metadataOf(params.metadata), created: now() };
        state.taxRates.set(rate.id, rate);
        return ok(rate);
      }
      case "GET tax_rates":
        return ok(list([...state.taxRates.values()], "/v1/tax_rates"));
      case "POST coupons": {
        const couponId = str(params.id) ?? id("co");
        if (state.coupons.has(couponId)) throw new StripeError(400, "invalid_request_error", "Coupon already exists.", "resource_already_exists", "id");
        const percentOff = params.percent_off !== undefined ? Number(str(params.percent_off)) : null;
        if (percentOff !== null && !(percentOff > 0 && percentOff <= 100)) throw new StripeError(400, "invalid_request_error", "percent_off must be between 0 and 100.", "parameter_invalid", "percent_off");
        const coupon = { id: couponId, object: "coupon", name: str(params.name) ?? null, percent_off: percentOff, amount_off: int(params.amount_off) ?? null, duration: str(params.duration) ?? "once", duration_in_months: int(params.duration_in_months) ?? null, valid: true, metadata: metadataOf(params.metadata), created: now() };
        state.coupons.set(coupon.id, coupon);
        return ok(coupon);
      }
      case "GET coupons/:id":
        return ok(must(state.coupons, itemId, "coupon"));
      case "POST checkout/:id":
        // POST /v1/checkout/sessions
        if (itemId !== "sessions") break;
        return ok(publicSession(createSession(params)));
      case "GET checkout/:id/" + sub: {
        if (itemId !== "sessions" || !sub) break;
        return ok(publicSession(must(state.sessions, sub, "checkout.session")));
      }
      case "POST subscriptions/:id": {
        const subscription = must(state.subscriptions, itemId, "subscription");
        const batch = updateSubscription(subscription, params);
        return ok(subscription, batch);
      }
      case "GET subscriptions/:id":
        return ok(must(state.subscriptions, itemId, "subscription"));
      case "DELETE subscriptions/:id": {
        const subscription = must(state.subscriptions, itemId, "subscription");
        return ok(subscription, cancelSubscription(subscription));
      }
      case "GET subscriptions": {
        const customer = str(queryParams.customer);
        return ok(list([...state.subscriptions.values()].filter((s) => !customer || s.customer === customer), "/v1/subscriptions"));
      }
      case "GET invoices": {
        const customer = str(queryParams.customer);
        const subscription = str(queryParams.subscription);
        const data = [...state.invoices.values()]
          .filter((invoice) => (!customer || invoice.customer === customer) && (!subscription || invoice.parent?.subscription_details?.subscription === subscription))
          .sort((a, b) => b.created - a.created);
        return ok(list(data.slice(0, int(queryParams.limit) ?? 10), "/v1/invoices"));
      }
      case "POST invoices/:id":
        if (itemId === "create_preview") return ok(preview(params));
        break;
      case "GET invoices/:id":
        return ok(must(state.invoices, itemId, "invoice"));
      case "GET payment_intents/:id":
        return ok(must(state.paymentIntents, itemId, "payment_intent"));
      case "GET charges/:id":
        return ok(must(state.charges, itemId, "charge"));
      case "POST refunds": {
        const { refund: record, batch } = refund(params);
        return ok(record, batch);
      }
      default:
    }
    // POST /v1/checkout/sessions/:id/expire
    if (method === "POST" && resource === "checkout" && itemId === "sessions" && sub && parts[3] === "expire") {
      const session = must(state.sessions, sub, "checkout.session");
      if (session.status !== "open") throw new StripeError(400, "invalid_request_error", "Only open sessions can be expired.", "checkout_session_not_open");
      session.status = "expired";
      return ok(publicSession(session), [emit("checkout.session.expired", publicSession(session))]);
    }
    throw new StripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  // ── HTTP: the hosted pages ─────────────────────────────────────────────────────────────────
  async function hosted(req: IncomingMessage, res: ServerResponse, url: URL, body: string) {
    const match = /^\/pay\/([A-Za-z0-9_]+)(\/authenticate)?$/.exec(url.pathname);
    const session = match ? state.sessions.get(match[1]!) : undefined;
    if (!match || !session) return send(res, 404, renderClosedPage("This checkout page does not exist."), "text/html");
    const view = { session: publicSession(session), products: state.products, coupons: state.coupons, trialDays: session._trial_days as number | null };
    if (session.status !== "open") {
      if (session.status === "complete") return redirect(res, session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id));
      return send(res, 410, renderClosedPage("This checkout session has expired."), "text/html");
    }
    if (req.method === "GET") {
      if (match[2] && session._awaiting_authentication) return send(res, 200, renderAuthenticationPage(view), "text/html");
      return send(res, 200, renderCheckoutPage(view, {}), "text/html");
    }
    const form = new URLSearchParams(body);
    if (match[2]) {
      session._awaiting_authentication = false;
      if (form.get("result") === "complete") {
        await deliverAll(complete(session));
        return redirect(res, session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id));
      }
      const failure = { code: "payment_intent_authentication_failure", decline_code: "authentication_required", message: "We are unable to authenticate your payment method. Please choose a different payment method and try again." };
      await deliverAll(decline(session, failure));
      return send(res, 402, renderCheckoutPage(view, { error: failure.message }), "text/html");
    }
    const card = form.get("card_number") ?? "";
    const outcome = await pay(session.id, card);
    if (outcome.outcome === "succeeded") return redirect(res, session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id));
    if (outcome.outcome === "requires_action") return redirect(res, `/pay/${session.id}/authenticate`);
    return send(res, outcome.outcome === "declined" ? 402 : 400, renderCheckoutPage(view, { error: outcome.message, email: form.get("email") ?? undefined }), "text/html");
  }

  function send(res: ServerResponse, status: number, body: string, type = "application/json") {
    res.writeHead(status, { "Content-Type": `${type}; charset=utf-8`, "Cache-Control": "no-store", "Request-Id": id("req") });
    res.end(body);
  }

  function redirect(res: ServerResponse, location: string) {
    res.writeHead(303, { Location: location, "Cache-Control": "no-store" });
    res.end();
  }

  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://emulator");
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString("utf8");
      if (url.pathname.startsWith("/pay/")) return await hosted(req, res, url, body);
      if (url.pathname === "/_emulator/events") return send(res, 200, JSON.stringify(list(events, "/_emulator/events")));
      if (!url.pathname.startsWith("/v1/")) return send(res, 404, JSON.stringify({ error: { type: "invalid_request_error", message: "Not found" } }));
      if (!/^Bearer sk_/.test(req.headers.authorization ?? "")) {
        return send(res, 401, JSON.stringify({ error: { type: "invalid_request_error", message: "You did not provide an API key." } }));
      }
      const key = req.headers["idempotency-key"];
      const idempotencyKey = typeof key === "string" && req.method === "POST" ? `${req.url} ${key}` : undefined;
      const replay = idempotencyKey ? state.idempotency.get(idempotencyKey) : undefined;
      if (replay) {
        res.setHeader("Idempotent-Replayed", "true");
        return send(res, replay.status, replay.body);
      }
      const params = req.method === "GET" || req.method === "DELETE" ? parseStripeForm(url.searchParams.toString()) : parseStripeForm(body);
      let answer: { status: number; body: Obj; batch?: Obj[] };
      try {
        answer = await api(req.method ?? "GET", url.pathname, params, url.searchParams);
      } catch (error) {
        if (!(error instanceof StripeError)) throw error;
        answer = { status: error.status, body: { error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}), ...(error.param ? { param: error.param } : {}) } } };
      }
      const text = JSON.stringify(answer.body);
      if (idempotencyKey && answer.status < 500) state.idempotency.set(idempotencyKey, { status: answer.status, body: text });
      send(res, answer.status, text);
      // Events go out after the API answers, as they do from Stripe.
      if (answer.batch?.length) void deliverAll(answer.batch);
    } catch (error) {
      if (!res.headersSent) send(res, 500, JSON.stringify({ error: { type: "api_error", message: error instanceof Error ? error.message : "emulator failure" } }));
      else res.end();
    }
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://${options.host && options.host !== "0.0.0.0" ? options.host : "127.0.0.1"}:${port}`;
  return {
    url: baseUrl,
    port,
    events,
    sign: (payload, timestamp) => signPayload(options.webhookSecret, payload, timestamp),
    deliver,
    pay,
    setWebhookUrl: (url) => {
      options.webhookUrl = url;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
