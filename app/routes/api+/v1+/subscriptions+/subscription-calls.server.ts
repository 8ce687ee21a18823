import { z } from "zod";
import { viewerOf, type CurrentSession } from "~/accounts/session.server";
import { hasRole } from "~/accounts/roles";
import { serialize, type ApiDocument } from "~/api/document";
import { ApiError } from "~/api/errors";
import { notFound, parseId, parseInclude, readJsonBody } from "~/api/handler.server";
import { subscriptionResource } from "~/api/resources/subscriptions";
import { userResource } from "~/api/resources/users";
import { db } from "~/db/db.server";
import type { CountryCode, SubscriptionRow } from "~/db/schema";
import { startCheckout } from "~/payments/checkout.server";
import { siteOrigin } from "~/utils/site-origin.server";
import {
  adminCancelSubscription,
  applyCancelDiscount,
  CANCEL_REASONS,
  cancelSubscription,
  discountCodeForId,
  findSubscription,
  PAUSE_DURATIONS,
  pauseSubscription,
  premedUpgrade,
  premedUpgradePreview,
  SubscriptionActionError,
  uncancelSubscription,
  unpauseSubscription,
} from "~/subscriptions/subscriptions.server";

/** The Subscriptions calls of SPEC §7 (app/routes/api+/v1+/subscriptions+/), answering in the document style. */

const SUBSCRIPTION_FIELDS = ["status", "stripe_status", "billing_interval", "stripe_product_id", "stripe_subscription_id", "payment_intent_id", "trial_end_date", "cancel_at", "pause_at", "pause_until", "expires_at", "current_period_end", "is_premed_plus", "currency", "cancel_discount_applied", "created_at"];

function isAdmin(session: CurrentSession) {
  return hasRole(viewerOf(session.user), "admin");
}

/** The subscription, if the session's user owns it or is an admin; else 404 (ids reveal nothing). */
export async function ownedSubscription(session: CurrentSession, idParam: string | undefined): Promise<SubscriptionRow> {
  const id = parseId(idParam, "subscription");
  const row = await findSubscription(id);
  if (!row || (row.user_id !== session.user.id && !isAdmin(session))) notFound("subscription", idParam);
  return row;
}

function document(row: SubscriptionRow, url?: URL, included?: ApiDocument["included"], meta?: Record<string, unknown>): ApiDocument {
  const doc = serialize(subscriptionResource(), row, { included, meta });
  const fields = url?.searchParams.get("fields");
  if (fields && doc.data && !Array.isArray(doc.data)) {
    const wanted = fields.split(",").map((field) => field.trim()).filter(Boolean);
    const unknown = wanted.filter((field) => !SUBSCRIPTION_FIELDS.includes(field));
    if (unknown.length) throw new ApiError(400, "invalid_parameter", `Unknown fields: ${unknown.join(", ")}.`, { source: { parameter: "fields" } });
    doc.data.attributes = Object.fromEntries(Object.entries(doc.data.attributes).filter(([key]) => wanted.includes(key)));
  }
  return doc;
}

export async function showSubscription(session: CurrentSession, idParam: string | undefined, url: URL) {
  const include = parseInclude(url, ["user"]);
  const row = await ownedSubscription(session, idParam);
  const included = include.has("user")
    ? (await db().selectFrom("users").selectAll().where("id", "=", row.user_id).execute()).map((user) => serialize(userResource, user).data as never)
    : undefined;
  return document(row, url, included);
}

const purchaseSchema = z.object({
  product_id: z.enum(["plus", "premed_plus", "pre_med_plus"]).optional(),
  is_premed_plus: z.boolean().optional(),
  interval: z.enum(["month", "year", "monthly", "yearly"]).optional(),
  discount_code_id: z.union([z.string().max(64), z.number().int()]).optional(),
  apply_credits: z.boolean().optional(),
  country: z.enum(["CA", "US"]).optional(),
  payment_method: z.unknown().optional(),
  intent: z.unknown().optional(),
  subscription_id: z.unknown().optional(),
  extra_options: z.unknown().optional(),
  bogo: z.unknown().optional(),
}).refine((body) => body.product_id !== undefined || body.is_premed_plus !== undefined, {
  // Never a plan by default: an empty body must not start a yearly Plus checkout.
  message: "Name the plan: product_id plus or premed_plus (or is_premed_plus).",
  path: ["product_id"],
});

/**
 * POST /api/v1/subscriptions and /complete_purchase: starts the plan's checkout; the answer's
 * meta.checkout_url is Stripe's payment page (the subscription row appears once Stripe confirms).
 */
export async function completePurchase(session: CurrentSession, request: Request, wrapped: boolean) {
  const body = await readJsonBody(request, wrapped ? z.object({ subscription: purchaseSchema }).transform((value) => value.subscription) : purchaseSchema);
  const plan = body.is_premed_plus || body.product_id === "premed_plus" || body.product_id === "pre_med_plus" ? "pre_med_plus" : "plus";
  const interval = body.interval === "month" || body.interval === "monthly" ? "month" : "year";
  const discountCode = body.discount_code_id === undefined ? null : await discountCodeForId(body.discount_code_id);
  const outcome = await startCheckout(
    { id: session.user.id, email: session.user.email },
    { product: { kind: "subscription", plan, interval }, country: (body.country ?? null) as CountryCode | null, discountCode, applyCredits: body.apply_credits },
    siteOrigin(request),
  );
  if (outcome.kind === "error") throw new ApiError(outcome.status === 409 ? 409 : 422, outcome.status === 409 ? "conflict" : "invalid_attribute", outcome.message);
  if (outcome.kind === "complete") return { data: null, meta: { purchase_id: outcome.purchaseId, status: "paid" } };
  return { data: null, meta: { purchase_id: outcome.purchaseId, checkout_url: outcome.url } };
}

const cancelSchema = z.object({ reason_key: z.enum(Object.keys(CANCEL_REASONS) as [keyof typeof CANCEL_REASONS]), reason_extra: z.string().trim().max(1000).optional() });
const pauseSchema = z.object({
  pause_duration: z.coerce.number().refine((value) => PAUSE_DURATIONS.includes(value as 1 | 2 | 3), "pause_duration must be 1, 2 or 3 (months)"),
  reason_key: z.string().max(64).optional(),
  reason_extra: z.string().max(1000).optional(),
});

export type SubscriptionCall = "cancel" | "uncancel" | "pause" | "unpause" | "apply_cancel_discount" | "premed_upgrade" | "admin_cancel";

export async function subscriptionCall(session: CurrentSession, call: SubscriptionCall, idParam: string | undefined, request: Request) {
  const row = await ownedSubscription(session, idParam);
  try {
    switch (call) {
      case "cancel": {
        const body = await readJsonBody(request, cancelSchema);
        return document(await cancelSubscription(row, { key: body.reason_key, extra: body.reason_extra }));
      }
      case "pause": {
        const body = await readJsonBody(request, pauseSchema);
        return document(await pauseSubscription(row, body.pause_duration, { key: body.reason_key, extra: body.reason_extra }));
      }
      case "uncancel":
        return document(await uncancelSubscription(row));
      case "unpause":
        return document(await unpauseSubscription(row));
      case "apply_cancel_discount":
        return document(await applyCancelDiscount(row));
      case "premed_upgrade":
        return document(await premedUpgrade(row));
      case "admin_cancel":
        return document(await adminCancelSubscription(row));
    }
  } catch (error) {
    if (error instanceof SubscriptionActionError) throw new ApiError(error.status, "invalid_state", error.message);
    throw error;
  }
}

export async function upgradePreview(session: CurrentSession, idParam: string | undefined) {
  const row = await ownedSubscription(session, idParam);
  try {
    const preview = await premedUpgradePreview(row);
    return document(row, undefined, undefined, { premed_upgrade_preview: { amount_due: preview.amountDueCents, tax: preview.taxCents, currency: preview.currency, proration_date: preview.prorationDate } });
  } catch (error) {
    if (error instanceof SubscriptionActionError) throw new ApiError(error.status, "invalid_state", error.message);
    throw error;
  }
}
