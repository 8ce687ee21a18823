import type { ActionFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { createUserSession } from "~/accounts/session.server";
import { startCheckout } from "~/payments/checkout.server";
import { action as confirmPurchase, loader } from "~/routes/api+/v1+/study_sessions+/$id.users.confirm_purchase";
import { useTestDatabase } from "../../support/database";
import { useStripeEmulator } from "../../support/stripe";
import { buyer, seatProduct, sessionIdOf, studySession } from "./purchase-fixtures";

const database = useTestDatabase();
const emulator = useStripeEmulator();

async function signedIn(country: "CA" | "US" = "CA") {
  const user = await buyer(database().db, country);
  const cookie = (await createUserSession({ userId: user.id, rememberMe: false, request: new Request("http://app.test") })).split(";")[0]!;
  return { ...user, cookie };
}

function call(sessionId: number | string, who: { cookie: string } | null, body: unknown, method = "POST") {
  const headers = new Headers({ Accept: "application/json", "Content-Type": "application/json" });
  if (who) headers.set("Cookie", who.cookie);
  const request = new Request(`http://app.test/api/v1/study_sessions/${sessionId}/users/confirm_purchase`, { method, headers, body: typeof body === "string" ? body : JSON.stringify(body) });
  return confirmPurchase({ request, params: { id: String(sessionId) }, context: {} } as unknown as ActionFunctionArgs);
}

/** A paid checkout whose webhook has not arrived (the emulator keeps its events): the payment intent. */
async function paidWithoutWebhook(user: { id: number; email: string }, sessionId: number, card = "4242424242424242") {
  const outcome = await startCheckout(user, { product: await seatProduct(sessionId), country: "CA" }, "http://app.test");
  if (outcome.kind !== "redirect") throw new Error(outcome.kind);
  emulator().setWebhookUrl(undefined);
  try {
    await emulator().pay(sessionIdOf(outcome.url), card);
  } finally {
    emulator().setWebhookUrl(emulator().webhookUrl);
  }
  const intent = emulator().events.find((event) => event.object === "event" && event.data.object.object === "payment_intent" && event.data.object.metadata?.purchase_id === String(outcome.purchaseId));
  return { purchaseId: outcome.purchaseId, paymentIntentId: String(intent!.data.object.id), checkoutSessionId: sessionIdOf(outcome.url) };
}

async function seats(userId: number) {
  return database().db.selectFrom("study_session_users").selectAll().where("user_id", "=", userId).execute();
}

describe("POST /api/v1/study_sessions/{id}/users/confirm_purchase", () => {
  it("enrols the buyer from their succeeded payment before the webhook, answers the same enrolment again, and the late webhook adds nothing", async () => {
    const course = await database().db.selectFrom("courses").select("id").limit(1).executeTakeFirstOrThrow();
    const session = await studySession(database().db, { courseIds: [course.id] });
    const student = await signedIn();
    const paid = await paidWithoutWebhook(student, session.id);
    expect(await seats(student.id)).toEqual([]);

    const first = await call(session.id, student, { payment_intent_id: paid.paymentIntentId, course_id: course.id, discount_code_id: null });
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toContain("application/vnd.api+json");
    const body = await first.json();
    expect(body.data).toMatchObject({
      type: "studySessionUser",
      attributes: { status: "active", role: "student", course_id: course.id, purchase_id: paid.purchaseId },
      relationships: { study_session: { data: { type: "studySession", id: String(session.id) } }, user: { data: { type: "user", id: String(student.id) } } },
    });
    expect(await database().db.selectFrom("purchases").select(["status", "payment_intent_id"]).where("id", "=", paid.purchaseId).executeTakeFirstOrThrow()).toEqual({ status: "paid", payment_intent_id: paid.paymentIntentId });

    const second = await call(session.id, student, { payment_intent_id: paid.paymentIntentId });
    expect(second.status).toBe(200);
    expect((await second.json()).data.id).toBe(body.data.id);

    // The webhook arrives late: still one enrolment.
    for (const event of emulator().events.filter((candidate) => candidate.data.object.metadata?.purchase_id === String(paid.purchaseId) || candidate.data.object.id === paid.checkoutSessionId)) {
      expect(await emulator().deliver(event)).toBe(200);
    }
    expect(await seats(student.id)).toMatchObject([{ id: Number(body.data.id), status: "active", course_id: course.id }]);
  });

  it("answers someone else's payment intent and an unknown one alike (404), and changes nothing", async () => {
    const session = await studySession(database().db);
    const owner = await signedIn();
    const paid = await paidWithoutWebhook(owner, session.id);
    const stranger = await signedIn();
    for (const intent of [paid.paymentIntentId, "pi_doesnotexist"]) {
      const answer = await call(session.id, stranger, { payment_intent_id: intent });
      expect(answer.status).toBe(404);
      expect((await answer.json()).errors[0].code).toBe("not_found");
    }
    expect(await seats(stranger.id)).toEqual([]);
    expect(await seats(owner.id)).toEqual([]);
  });

  it("refuses an unknown session (404), a payment for another session, another code or a course the session is not for (422), bad JSON fields (422), and a guest (401)", async () => {
    const session = await studySession(database().db);
    const other = await studySession(database().db);
    const student = await signedIn();
    const paid = await paidWithoutWebhook(student, session.id);

    expect((await call(2_000_000_000, student, { payment_intent_id: paid.paymentIntentId })).status).toBe(404);
    expect((await call("abc", student, { payment_intent_id: paid.paymentIntentId })).status).toBe(404);
    const cases: [number, unknown, string][] = [
      [other.id, { payment_intent_id: paid.paymentIntentId }, "/payment_intent_id"],
      [session.id, { payment_intent_id: paid.paymentIntentId, discount_code_id: 12345 }, "/discount_code_id"],
      [session.id, { payment_intent_id: paid.paymentIntentId, course_id: 2_000_000_000 }, "/course_id"],
      [session.id, { payment_intent_id: "not-an-intent" }, "/payment_intent_id"],
      [session.id, { payment_intent_id: paid.paymentIntentId, course_id: "seven" }, "/course_id"],
      [session.id, {}, "/payment_intent_id"],
    ];
    for (const [id, body, pointer] of cases) {
      const answer = await call(id, student, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect((await answer.json()).errors[0].source.pointer).toBe(pointer);
    }
    expect((await call(session.id, student, "{not json")).status).toBe(400);
    expect((await call(session.id, null, { payment_intent_id: paid.paymentIntentId })).status).toBe(401);
    expect((await loader()).status).toBe(405);
    expect(await seats(student.id)).toEqual([]);
  });

  it("refuses a payment that has not gone through (409) and gives no seat", async () => {
    const session = await studySession(database().db);
    const student = await signedIn();
    const declined = await paidWithoutWebhook(student, session.id, "4000000000000002");
    const answer = await call(session.id, student, { payment_intent_id: declined.paymentIntentId });
    expect(answer.status).toBe(409);
    expect((await answer.json()).errors[0].code).toBe("payment_incomplete");
    expect(await seats(student.id)).toEqual([]);
  });
});
