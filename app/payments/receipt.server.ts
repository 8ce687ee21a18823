import { viewerOf, type CurrentSession } from "~/accounts/session.server";
import { db } from "~/db/db.server";
import type { Purchase } from "~/db/schema";
import { courseAccessLevel, courseFactsOf, fullContentAccess, practiceAccess } from "~/online-courses/access";
import { enrolmentFacts, findEnrolment } from "~/online-courses/enrolments.server";
import { completeFromSession } from "~/payments/checkout.server";
import { PACKAGE_NAMES } from "~/payments/quote";
import { currentSubscription, derivedFacts, subscriptionFactsFor } from "~/subscriptions/subscriptions.server";

/** What the buyer sees after paying: the purchase, and what it now opens (asked of the access module). */
export interface Receipt {
  purchase: Pick<Purchase, "id" | "kind" | "status" | "currency" | "total_cents" | "tax_cents" | "token_amount">;
  headline: string;
  details: string[];
  next: { label: string; href: string };
}

export async function receiptFor(session: CurrentSession, query: URLSearchParams): Promise<Receipt | null> {
  const userId = session.user.id;
  const sessionId = query.get("session_id");
  const purchaseId = Number(query.get("purchase_id"));
  let purchase: Purchase | null | undefined = null;
  if (sessionId && /^[A-Za-z0-9_]{1,255}$/.test(sessionId)) purchase = await completeFromSession(sessionId, userId).catch(() => null);
  else if (Number.isInteger(purchaseId) && purchaseId > 0) {
    purchase = await db().selectFrom("purchases").selectAll().where("id", "=", purchaseId).where("user_id", "=", userId).executeTakeFirst();
  }
  if (!purchase) return null;
  const summary = { id: purchase.id, kind: purchase.kind, status: purchase.status, currency: purchase.currency, total_cents: purchase.total_cents, tax_cents: purchase.tax_cents, token_amount: purchase.token_amount };
  if (purchase.status === "pending") {
    return { purchase: summary, headline: "We're confirming your payment", details: ["This usually takes a few seconds. Refresh this page to see your purchase."], next: { label: "Refresh", href: `/checkout/success?purchase_id=${purchase.id}` } };
  }
  if (purchase.status !== "paid") {
    return { purchase: summary, headline: "This purchase is no longer active", details: [`Status: ${purchase.status}.`], next: { label: "Browse courses", href: "/courses" } };
  }
  switch (purchase.kind) {
    case "tokens": {
      const user = await db().selectFrom("users").select("token_balance").where("id", "=", userId).executeTakeFirstOrThrow();
      return { purchase: summary, headline: "Tokens added", details: [`${purchase.token_amount} tokens were added. Your balance is ${user.token_balance} tokens.`], next: { label: "Go to your dashboard", href: "/dashboard" } };
    }
    case "subscription": {
      const subscription = await currentSubscription(userId);
      const derived = subscription ? derivedFacts(subscription).derived : null;
      return {
        purchase: summary,
        headline: derived === "trialing" ? "Your free trial has started" : "Your subscription is active",
        details: subscription ? [`Plan: ${subscription.is_premed_plus ? "Pre-Med Plus" : "Plus"}, billed ${subscription.billing_interval}.`] : [],
        next: { label: "Manage your subscription", href: "/my-subscription" },
      };
    }
    case "study_session": {
      const session = await db().selectFrom("study_sessions").select(["id", "title"]).where("id", "=", purchase.study_session_id!).executeTakeFirst();
      const seat = session ? await db().selectFrom("study_session_users").select("status").where("study_session_id", "=", session.id).where("user_id", "=", userId).executeTakeFirst() : undefined;
      if (!session) return { purchase: summary, headline: "Your payment is complete", details: [], next: { label: "Go to your dashboard", href: "/dashboard" } };
      return {
        purchase: summary,
        headline: seat?.status === "active" ? `You're registered for ${session.title}` : "Your payment is complete",
        details: ["Your seat is paid. We have sent you a confirmation email with the session's dates."],
        next: { label: "Go to the session", href: `/study-sessions/${session.id}` },
      };
    }
    case "tutoring":
      return {
        purchase: summary,
        headline: "Your tutoring is paid",
        details: ["Book your sessions on the contract's page, at times that suit you and your tutor."],
        next: { label: "Book your sessions", href: `/my-tutoring/contracts/${purchase.student_tutor_contract_id}` },
      };
    default: {
      const course = await db().selectFrom("online_courses").selectAll().where("id", "=", purchase.online_course_id!).executeTakeFirstOrThrow();
      const enrolment = enrolmentFacts(await findEnrolment(db(), userId, course.id));
      const viewer = viewerOf(session.user);
      const facts = courseFactsOf(course);
      const now = new Date();
      const input = { viewer, course: facts, enrolment, subscription: await subscriptionFactsFor(userId, now), accessLevel: courseAccessLevel(viewer, facts, enrolment), now };
      const full = fullContentAccess(input).allowed;
      const practice = practiceAccess(input).allowed;
      const opened = [full ? "the full course content" : null, practice ? "practice" : null].filter(Boolean).join(" and ");
      const what = purchase.kind === "online_course" ? `${PACKAGE_NAMES[purchase.package_type!]} package` : purchase.kind === "elite_deposit" ? "deposit" : "full payment";
      return {
        purchase: summary,
        headline: `You're enrolled in ${course.name}`,
        details: [`Your ${what} is paid.`, opened ? `You now have access to ${opened}.` : "Pay the balance to open the full course."],
        next: { label: "Go to your course", href: `/online-courses/${course.id}` },
      };
    }
  }
}
