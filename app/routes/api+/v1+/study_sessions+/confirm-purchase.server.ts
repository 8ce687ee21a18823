import Stripe from "stripe";
import { z } from "zod";
import { serialize } from "~/api/document";
import { studySessionUserResource } from "~/api/resources/study-sessions";
import { ApiError } from "~/api/errors";
import { notFound } from "~/api/handler.server";
import { db } from "~/db/db.server";
import { fulfilPurchase } from "~/payments/fulfilment.server";
import { stripe } from "~/payments/stripe.server";

/** The confirm_purchase endpoint's own helpers (route-private). */

export const confirmPurchaseSchema = z.object({
  payment_intent_id: z.string().trim().regex(/^pi_[A-Za-z0-9]{1,250}$/, "must be a payment intent id (pi_…)"),
  discount_code_id: z.number().int().positive().max(2_147_483_647).nullish(),
  course_id: z.number().int().positive().max(2_147_483_647).nullish(),
});
export type ConfirmPurchaseBody = z.infer<typeof confirmPurchaseSchema>;

const invalid = (pointer: string, detail: string) =>
  new ApiError(422, "invalid_attribute", detail, { errors: [{ status: "422", code: "invalid_attribute", detail, source: { pointer } }] });

/**
 * Confirms the caller's payment for a seat (see the route's comment for the rules): the purchase
 * the payment intent was made for is fulfilled as the webhook would (once: fulfilPurchase locks
 * the purchase and does nothing to a paid one), and the enrolment is answered.
 */
export async function confirmStudySessionPurchase(userId: number, sessionIdParam: string | undefined, sessionId: number, body: ConfirmPurchaseBody) {
  const session = await db().selectFrom("study_sessions").select("id").where("id", "=", sessionId).executeTakeFirst();
  if (!session) notFound("study session", sessionIdParam);

  const intent = await retrieveIntent(body.payment_intent_id);
  const purchaseId = Number(intent?.metadata?.purchase_id) || null;
  const purchase = intent
    ? await db()
        .selectFrom("purchases")
        .selectAll()
        .where((eb) => (purchaseId ? eb("id", "=", purchaseId) : eb("payment_intent_id", "=", intent.id)))
        .executeTakeFirst()
    : undefined;
  // Someone else's payment answers as an unknown one: an id says nothing about whose it is.
  if (!intent || !purchase || purchase.user_id !== userId || (purchase.payment_intent_id !== null && purchase.payment_intent_id !== intent.id)) {
    notFound("payment intent", body.payment_intent_id);
  }
  if (purchase.kind !== "study_session" || purchase.study_session_id !== sessionId) throw invalid("/payment_intent_id", "payment_intent_id: this payment is not for this study session.");
  if (body.discount_code_id != null && body.discount_code_id !== purchase.discount_code_id) throw invalid("/discount_code_id", "discount_code_id: this payment was not made with that discount code.");
  if (body.course_id != null) {
    const offered = await db().selectFrom("study_session_courses").select("course_id").where("study_session_id", "=", sessionId).where("course_id", "=", body.course_id).executeTakeFirst();
    if (!offered) throw invalid("/course_id", "course_id: this session is not offered for that course.");
  }
  if (purchase.status === "refunded") throw new ApiError(409, "purchase_refunded", "This purchase was refunded.");
  if (intent.status !== "succeeded") throw new ApiError(409, "payment_incomplete", "The payment has not gone through yet. Complete it, then confirm again.");

  return db()
    .transaction()
    .execute(async (trx) => {
      await fulfilPurchase(trx, purchase.id, { paymentIntentId: intent.id, subscriptionId: null });
      const enrolment = await trx.selectFrom("study_session_users").selectAll().where("study_session_id", "=", sessionId).where("user_id", "=", userId).forUpdate().executeTakeFirst();
      if (!enrolment || enrolment.status !== "active") throw new ApiError(409, "purchase_refunded", "This purchase was refunded.");
      if (body.course_id != null && enrolment.course_id !== body.course_id) {
        const updated = await trx.updateTable("study_session_users").set({ course_id: body.course_id }).where("id", "=", enrolment.id).returningAll().executeTakeFirstOrThrow();
        return serialize(studySessionUserResource, updated);
      }
      return serialize(studySessionUserResource, enrolment);
    });
}

async function retrieveIntent(id: string): Promise<Stripe.PaymentIntent | null> {
  try {
    return await stripe().paymentIntents.retrieve(id);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
    throw error;
  }
}
