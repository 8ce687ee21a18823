import { db } from "~/db/db.server";
import type { Purchase } from "~/db/schema";
import { parseRecordId } from "~/utils/record-id";

/** The checkout link that buys the same thing again, from a purchase. */
export function checkoutLinkFor(purchase: Pick<Purchase, "kind" | "online_course_id" | "package_type" | "plan" | "billing_interval" | "token_amount" | "study_session_id" | "student_tutor_contract_id">): string {
  switch (purchase.kind) {
    case "online_course":
      return `/checkout?online_course_id=${purchase.online_course_id}&package=${purchase.package_type === "learn_practice_bundle" ? "bundle" : purchase.package_type}`;
    case "subscription":
      return `/checkout?plan=${purchase.plan === "pre_med_plus" ? "premed_plus" : "plus"}&interval=${purchase.billing_interval === "monthly" ? "month" : "year"}`;
    case "tokens":
      return `/checkout?tokens=${purchase.token_amount}`;
    case "elite_deposit":
      return `/checkout?online_course_id=${purchase.online_course_id}&elite=deposit`;
    case "elite_full":
      return `/checkout?online_course_id=${purchase.online_course_id}&elite=full`;
    case "study_session":
      return `/checkout?study_session_id=${purchase.study_session_id}`;
    case "tutoring":
      return `/checkout?student_tutor_contract_id=${purchase.student_tutor_contract_id}`;
  }
}

/** The cancel page: how to try again, and why the last attempt failed (SPEC §8), for the buyer only. */
export async function checkoutRetryPath(userId: number, purchaseIdParam: string | null) {
  const purchaseId = parseRecordId(purchaseIdParam);
  const purchase = purchaseId ? await db().selectFrom("purchases").selectAll().where("id", "=", purchaseId).where("user_id", "=", userId).executeTakeFirst() : undefined;
  const failure = purchase
    ? await db()
        .selectFrom("failed_purchases")
        .select(["id", "error_type", "code", "message", "decline_code"])
        .where("purchase_id", "=", purchase.id)
        .orderBy("created_at", "desc")
        .executeTakeFirst()
    : undefined;
  return {
    retry: purchase ? checkoutLinkFor(purchase) : null,
    lastFailure: failure?.message ?? null,
    // For the failed-purchase tracking event (SPEC §8), sent only with the buyer's consent.
    failure: failure ? { id: failure.id, type: failure.error_type, code: failure.code, message: failure.message, decline_code: failure.decline_code } : null,
  };
}
