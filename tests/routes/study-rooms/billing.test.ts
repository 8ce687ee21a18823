import { randomBytes } from "node:crypto";
import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { action as billingAction, loader as billingLoader } from "~/routes/study-rooms+/$slug_.billing";
import { action as roomAction } from "~/routes/study-rooms+/$slug";
import { action as contractAction, loader as contractLoader } from "~/routes/my-tutoring+/contracts.$id";
import { BillingPanel } from "~/study-rooms/billing-panel";
import { acceptBilling, endBilling, endOverdueBillings, requestBilling, roomBilling } from "~/study-rooms/billings.server";
import { createStudyRoom, findStudyRoom } from "~/study-rooms/rooms.server";
import { toastFrom } from "~/toasts/toast.server";
import { useTestDatabase } from "../../support/database";
import { htmlProblems, renderPage } from "../../support/render-page";
import { routeVisitor, sessionCookieFor, TEST_ORIGIN, type RouteVisitor } from "../../support/route-visitor";

const database = useTestDatabase();
const db = () => database().db;

const t0 = new Date("2030-03-04T15:00:00Z");
const after = (minutes: number, seconds = 0) => new Date(t0.getTime() + minutes * 60_000 + seconds * 1000);

afterEach(() => {
  vi.useRealTimers();
});

async function person(firstName: string, lastName: string, tokens = 0) {
  const email = `billing-${randomBytes(5).toString("hex")}@example.test`;
  const user = await db().insertInto("users").values({ email, first_name: firstName, last_name: lastName, token_balance: tokens }).returning(["id", "email"]).executeTakeFirstOrThrow();
  if (tokens > 0) await db().insertInto("token_ledger").values({ user_id: user.id, delta: tokens, reason: "welcome", reference: "test" }).execute();
  return { ...user, visitor: routeVisitor({ session: await sessionCookieFor(user.id) }) };
}

/** A tutor and a student with a paid contract (CAD, $50 an hour) and a session whose room the tutor has opened. */
async function tutoringRoom({ studentTokens = 100 } = {}) {
  const tutor = await person("Ana", "Rivera");
  const student = await person("Sam", "Lee", studentTokens);
  const contract = await db()
    .insertInto("student_tutor_contracts")
    .values({ student_id: student.id, tutor_id: tutor.id, rate_cents: 5000, currency: "CAD", purchased_minutes: 120, session_minutes: 60, purchase_status: "paid", payment_method: "tokens", paid_at: new Date(), terms: "Test terms" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const slug = `billing-${randomBytes(5).toString("hex")}`;
  await db()
    .insertInto("tutoring_sessions")
    .values({ contract_id: contract.id, tutor_id: tutor.id, student_id: student.id, starts_at: new Date("2030-03-04T15:00:00Z"), ends_at: new Date("2030-03-04T16:00:00Z"), room_slug: slug })
    .execute();
  const { room } = (await findStudyRoom(slug, tutor.id))!;
  const path = `/study-rooms/${slug}/billing`;
  const post = (visitor: RouteVisitor, fields: Record<string, string>) => visitor.form(billingAction, path, fields, { params: { slug } });
  return { tutor, student, contractId: contract.id, room, slug, path, post };
}

type Room = Awaited<ReturnType<typeof tutoringRoom>>;

async function toastOf(visitor: RouteVisitor) {
  return (await toastFrom(visitor.request("/"))).toast;
}

const billingsOf = (room: Room) => db().selectFrom("study_room_billings").selectAll().where("room_id", "=", room.room.id).orderBy("id").execute();
const chargesOf = async (room: Room) => {
  const ids = (await billingsOf(room)).map((billing) => `study_room_billing:${billing.id}`);
  if (ids.length === 0) return [];
  return db().selectFrom("token_ledger").select(["user_id", "delta", "reason", "reference"]).where("reference", "in", ids).execute();
};
const balanceOf = async (userId: number) => (await db().selectFrom("users").select("token_balance").where("id", "=", userId).executeTakeFirstOrThrow()).token_balance;
const receiptsTo = (email: string) => db().selectFrom("outbox_emails").select(["subject", "text_body"]).where("to_address", "=", email).where("kind", "=", "study_room_billing_receipt").execute();

/** Request and acceptance through the domain, at explicit times. */
async function running(room: Room, { at = t0, maxMinutes = 60, rateCents = 4500 } = {}) {
  const common = { roomId: room.room.id, now: at, origin: TEST_ORIGIN };
  expect(await requestBilling({ ...common, userId: room.tutor.id, maxMinutes, rateCents })).toMatchObject({ kind: "changed" });
  expect(await acceptBilling({ ...common, userId: room.student.id })).toMatchObject({ kind: "changed", billing: { status: "accepted", startedAt: at } });
}

describe("billing by the minute in a tutoring room", () => {
  it("the tutor requests, the student accepts, and ending after 2 minutes charges once, with a receipt for both", async () => {
    const room = await tutoringRoom();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date());
    const started = new Date();

    expect((await room.tutor.visitor.get(billingLoader, room.path, { params: { slug: room.slug } })).headers.get("Location")).toBe(`/study-rooms/${room.slug}`);
    const requested = await room.post(room.tutor.visitor, { intent: "request", max_minutes: "60", rate: "45" });
    expect(requested.status).toBe(302);
    expect(requested.headers.get("Location")).toBe(`/study-rooms/${room.slug}`);
    expect(await toastOf(room.tutor.visitor)).toMatchObject({ type: "success", message: "Billing requested. It starts when the student accepts." });
    expect(await roomBilling(room.room.id, room.student.id)).toMatchObject({
      side: "student",
      billing: { state: { status: "pending", maxMinutes: 60, rateCents: 4500, currency: "CAD" }, tutorName: "Ana Rivera", studentName: "Sam Lee", contractRateCents: 5000 },
    });

    await room.post(room.student.visitor, { intent: "accept" });
    expect(await toastOf(room.student.visitor)).toMatchObject({ type: "success", message: "Billing started." });
    expect(await billingsOf(room)).toEqual([expect.objectContaining({ status: "accepted", started_at: started })]);

    vi.setSystemTime(new Date(started.getTime() + 2 * 60_000));
    const ended = await room.post(room.student.visitor, { intent: "end" });
    expect(ended.status).toBe(302);
    expect(await toastOf(room.student.visitor)).toMatchObject({ type: "success", message: "Billing ended: 2 minutes at $45 CAD/h, $1.50 CAD charged. Paid with 2 tokens." });
    // $45 an hour for 2 minutes is $1.50, two tokens (a part of a token counts as one, as contracts are priced).
    expect(await billingsOf(room)).toEqual([expect.objectContaining({ status: "ended", minutes: 2, amount_cents: 150, end_reason: "ended", charged_at: expect.any(Date) })]);
    expect(await chargesOf(room)).toEqual([expect.objectContaining({ user_id: room.student.id, delta: -2, reason: "study_room_billing" })]);
    expect(await balanceOf(room.student.id)).toBe(98);
    const [studentReceipt] = await receiptsTo(room.student.email);
    const [tutorReceipt] = await receiptsTo(room.tutor.email);
    expect(studentReceipt).toMatchObject({ subject: "Receipt: 2 minutes of tutoring with Ana Rivera" });
    expect(studentReceipt!.text_body).toContain("Amount: $1.50 CAD.");
    expect(studentReceipt!.text_body).toContain("Paid with 2 tokens.");
    expect(studentReceipt!.text_body).toContain(`${TEST_ORIGIN}/my-tutoring/contracts/${room.contractId}`);
    expect(tutorReceipt).toMatchObject({ subject: "Receipt: 2 minutes of tutoring with Sam Lee" });
    // Every change was pushed to the room, so the other side's page reloads.
    const pushes = await db().selectFrom("realtime_events").select("payload").where("channel", "=", `room:${room.slug}`).orderBy("id").execute();
    expect(pushes.map((push) => (push.payload as { study_room: { billing?: string } }).study_room.billing).filter(Boolean)).toEqual(["pending", "accepted", "ended"]);

    // Ending again is refused on the room's page, and charges nothing more.
    await room.post(room.tutor.visitor, { intent: "end" });
    expect(await toastOf(room.tutor.visitor)).toMatchObject({ type: "error", message: "Billing has already ended." });
    expect(await chargesOf(room)).toHaveLength(1);
    expect(await receiptsTo(room.student.email)).toHaveLength(1);
    expect(await roomBilling(room.room.id, room.tutor.id)).toMatchObject({ side: "tutor", billing: { state: { status: "ended", minutes: 2 }, settlement: { kind: "tokens", tokens: 2 } } });
  });

  it("two ends at once charge once", async () => {
    const room = await tutoringRoom();
    await running(room);
    const end = (userId: number) => endBilling({ roomId: room.room.id, userId, now: after(30), origin: TEST_ORIGIN });
    const outcomes = await Promise.all([end(room.tutor.id), end(room.student.id)]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(["changed", "refused"]);
    expect(outcomes.find((outcome) => outcome.kind === "refused")).toEqual({ kind: "refused", status: 409, message: "Billing has already ended." });
    expect(await chargesOf(room)).toEqual([expect.objectContaining({ delta: -23 })]);
    expect(await billingsOf(room)).toEqual([expect.objectContaining({ status: "ended", minutes: 30, amount_cents: 2250 })]);
    expect(await receiptsTo(room.tutor.email)).toHaveLength(1);
  });

  it("the student declines with a reason, which is stored; no billing starts, and an empty reason changes nothing", async () => {
    const room = await tutoringRoom();
    await room.post(room.tutor.visitor, { intent: "request", max_minutes: "30", rate: "40.50" });
    await room.post(room.student.visitor, { intent: "decline", reason: "   " });
    expect(await toastOf(room.student.visitor)).toMatchObject({ type: "error", message: "Say why you decline the billing request." });
    expect(await billingsOf(room)).toEqual([expect.objectContaining({ status: "pending", rate_cents: 4050, max_minutes: 30 })]);

    await room.post(room.student.visitor, { intent: "decline", reason: "  We agreed on the contract's hours  " });
    expect(await toastOf(room.student.visitor)).toMatchObject({ type: "success", message: "You declined the billing request." });
    expect(await billingsOf(room)).toEqual([expect.objectContaining({ status: "declined", decline_reason: "We agreed on the contract's hours", started_at: null, charged_at: null })]);
    expect(await roomBilling(room.room.id, room.tutor.id)).toMatchObject({ billing: { state: { status: "declined", declineReason: "We agreed on the contract's hours" } } });
    expect(await chargesOf(room)).toEqual([]);
  });

  it("refuses the wrong side, bad terms and bad input with a message and changes nothing", async () => {
    const room = await tutoringRoom();
    await room.post(room.student.visitor, { intent: "request", max_minutes: "60", rate: "45" });
    expect(await toastOf(room.student.visitor)).toMatchObject({ type: "error", message: "Only the tutor can request billing." });
    expect(await billingsOf(room)).toEqual([]);

    await room.post(room.tutor.visitor, { intent: "request", max_minutes: "500", rate: "45" });
    expect(await toastOf(room.tutor.visitor)).toMatchObject({ type: "error", message: "The maximum duration must be a whole number of minutes from 1 to 240." });
    await room.post(room.tutor.visitor, { intent: "request", max_minutes: "60", rate: "forty" });
    expect(await toastOf(room.tutor.visitor)).toMatchObject({ type: "error", message: "Enter the hourly rate in dollars, like 40 or 40.50" });
    await room.post(room.tutor.visitor, { intent: "refund" });
    expect((await toastOf(room.tutor.visitor))?.type).toBe("error");
    expect(await billingsOf(room)).toEqual([]);

    await room.post(room.tutor.visitor, { intent: "request", max_minutes: "60", rate: "45" });
    await room.post(room.tutor.visitor, { intent: "accept" });
    expect(await toastOf(room.tutor.visitor)).toMatchObject({ type: "error", message: "Only the student can accept billing." });
    await room.post(room.student.visitor, { intent: "end" });
    expect(await toastOf(room.student.visitor)).toMatchObject({ type: "error", message: "To turn down the billing request, decline it with a reason." });
    expect(await billingsOf(room)).toEqual([expect.objectContaining({ status: "pending", started_at: null })]);

    // Someone else in the room takes no part; someone not in it does not learn it exists.
    const guest = await person("Gil", "Guest");
    await db().insertInto("study_room_members").values({ room_id: room.room.id, user_id: guest.id, role: "guest" }).execute();
    expect((await room.post(guest.visitor, { intent: "end" })).status).toBe(403);
    const stranger = await person("Stu", "Ranger");
    expect((await room.post(stranger.visitor, { intent: "end" })).status).toBe(404);
    expect((await stranger.visitor.form(billingAction, "/study-rooms/no-such-room/billing", { intent: "end" }, { params: { slug: "no-such-room" } })).status).toBe(404);
    expect(await billingsOf(room)).toEqual([expect.objectContaining({ status: "pending" })]);

    // A room that is not a tutoring session's has no billing.
    const plain = await createStudyRoom({ ownerId: room.tutor.id, name: "Plain room" });
    expect((await room.tutor.visitor.form(billingAction, `/study-rooms/${plain.slug}/billing`, { intent: "request", max_minutes: "60", rate: "45" }, { params: { slug: plain.slug } })).status).toBe(403);
    expect(await roomBilling(plain.id, room.tutor.id)).toBeNull();
  });

  it("lets the tutor withdraw a request not answered yet", async () => {
    const room = await tutoringRoom();
    await room.post(room.tutor.visitor, { intent: "request", max_minutes: "60", rate: "45" });
    await room.post(room.tutor.visitor, { intent: "end" });
    expect(await toastOf(room.tutor.visitor)).toMatchObject({ type: "success", message: "Billing request withdrawn." });
    expect(await billingsOf(room)).toEqual([]);
    expect(await roomBilling(room.room.id, room.tutor.id)).toMatchObject({ billing: { state: { status: "none" } } });
  });

  it("removing the student stops billing and charges it; removing them again charges nothing more", async () => {
    const room = await tutoringRoom();
    const startedAt = new Date(Date.now() - 10 * 60_000);
    await running(room, { at: startedAt });
    const removed = await room.tutor.visitor.form(roomAction, `/study-rooms/${room.slug}`, { intent: "remove", user_id: String(room.student.id) }, { params: { slug: room.slug } });
    expect(removed.status).toBe(302);
    const [billing] = await billingsOf(room);
    expect(billing).toMatchObject({ status: "ended", end_reason: "participant_removed" });
    expect(billing!.minutes).toBeGreaterThanOrEqual(10);
    expect(billing!.minutes).toBeLessThanOrEqual(11);
    expect(await chargesOf(room)).toEqual([expect.objectContaining({ user_id: room.student.id, delta: -Math.ceil(billing!.amount_cents! / 100) })]);
    expect(await receiptsTo(room.student.email)).toHaveLength(1);
    expect(await receiptsTo(room.tutor.email)).toHaveLength(1);

    const again = await room.tutor.visitor.form(roomAction, `/study-rooms/${room.slug}`, { intent: "remove", user_id: String(room.student.id) }, { params: { slug: room.slug } });
    expect(again.status).toBe(409);
    expect(await chargesOf(room)).toHaveLength(1);
  });

  it("records the amount as owed on the contract when the student lacks the tokens", async () => {
    const room = await tutoringRoom({ studentTokens: 1 });
    await running(room);
    const outcome = await endBilling({ roomId: room.room.id, userId: room.tutor.id, now: after(20), origin: TEST_ORIGIN });
    expect(outcome).toMatchObject({ kind: "changed", billing: { status: "ended", minutes: 20, amountCents: 1500 }, settlement: { kind: "owed" } });
    expect(await billingsOf(room)).toEqual([expect.objectContaining({ status: "ended", amount_cents: 1500, charged_at: null })]);
    expect(await chargesOf(room)).toEqual([]);
    expect(await balanceOf(room.student.id)).toBe(1);
    expect((await receiptsTo(room.student.email))[0]!.text_body).toContain("Not paid yet: $15.00 CAD is owed on the contract.");
  });

  it("lists an owed amount on the contract's page, where the student pays it with tokens once, however many times they ask", async () => {
    const room = await tutoringRoom({ studentTokens: 1 });
    await running(room);
    await endBilling({ roomId: room.room.id, userId: room.tutor.id, now: after(20), origin: TEST_ORIGIN });
    const [period] = await billingsOf(room);
    const path = `/my-tutoring/contracts/${room.contractId}`;
    const options = { params: { id: String(room.contractId) } };
    const page = await room.student.visitor.get(contractLoader, path, options);
    expect(page.data.billed).toEqual([expect.objectContaining({ id: period!.id, minutes: 20, amountCents: 1500, currency: "CAD", paid: false })]);
    const tokens = page.data.billed[0].tokens as number;
    const pay = (visitor: RouteVisitor) => visitor.form(contractAction, path, { intent: "pay_billing", billing_id: String(period!.id) }, options);

    const short = await pay(room.student.visitor);
    expect(short.status).toBe(409);
    expect(short.data.result.error[""]).toEqual([`Paying this takes ${tokens} tokens, more than you have. Buy tokens, then pay.`]);
    expect((await pay(room.tutor.visitor)).status).toBe(403);
    expect(await chargesOf(room)).toEqual([]);

    await db().updateTable("users").set({ token_balance: 100 }).where("id", "=", room.student.id).execute();
    const answers = await Promise.all([pay(room.student.visitor), pay(room.student.visitor), pay(room.student.visitor)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409, 409]);
    expect(await chargesOf(room)).toEqual([expect.objectContaining({ user_id: room.student.id, delta: -tokens, reason: "study_room_billing" })]);
    expect(await balanceOf(room.student.id)).toBe(100 - tokens);
    expect((await toastOf(room.student.visitor))?.message).toBe(`Paid with ${tokens} tokens. You have ${100 - tokens} left.`);
    expect((await room.tutor.visitor.get(contractLoader, path, options)).data.billed).toEqual([expect.objectContaining({ id: period!.id, paid: true })]);
    const garbled = await room.student.visitor.form(contractAction, path, { intent: "pay_billing", billing_id: "all" }, options);
    expect(garbled.status).toBe(400);
  });

  it("the overdue sweep ends billing at its deadline, once", async () => {
    const room = await tutoringRoom();
    await running(room, { maxMinutes: 60 });
    await endOverdueBillings(after(59, 59), TEST_ORIGIN);
    expect(await billingsOf(room)).toEqual([expect.objectContaining({ status: "accepted" })]);

    await Promise.all([endOverdueBillings(after(75), TEST_ORIGIN), endOverdueBillings(after(76), TEST_ORIGIN)]);
    expect(await billingsOf(room)).toEqual([expect.objectContaining({ status: "ended", end_reason: "max_duration", ended_at: after(60), minutes: 60, amount_cents: 4500 })]);
    expect(await chargesOf(room)).toEqual([expect.objectContaining({ delta: -45 })]);
    expect(await receiptsTo(room.student.email)).toHaveLength(1);
  });
});

describe("the room's billing panel", () => {
  /** The panel as the room's page shows it to `viewerId`, and what html-validate finds in it. */
  async function panelFor(room: Room, viewerId: number) {
    const data = (await roomBilling(room.room.id, viewerId))!;
    const html = await renderPage(() => createElement(BillingPanel, { billing: data.billing, side: data.side, slug: room.slug }), { url: `/study-rooms/${room.slug}` });
    expect(await htmlProblems(html)).toEqual([]);
    return html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").replace(/ ([,.)])/g, "$1");
  }

  it("shows each side where billing stands and only the forms that side may send", async () => {
    const room = await tutoringRoom();
    const tutorForm = await panelFor(room, room.tutor.id);
    expect(tutorForm).toContain("No billing requested.");
    expect(tutorForm).toContain("Request billing");
    expect(tutorForm).toContain("In Canadian dollars");
    expect(await panelFor(room, room.student.id)).not.toContain("Request billing");

    await requestBilling({ roomId: room.room.id, userId: room.tutor.id, maxMinutes: 60, rateCents: 4000, now: t0, origin: TEST_ORIGIN });
    const asked = await panelFor(room, room.student.id);
    expect(asked).toContain("Ana Rivera asks to bill up to 60 minutes at $40.00 CAD/hour.");
    expect(asked).toContain("Accept: billing starts now");
    expect(asked).toContain("Why you decline");
    expect(await panelFor(room, room.tutor.id)).toContain("Waiting for Sam Lee to answer.");

    await acceptBilling({ roomId: room.room.id, userId: room.student.id, now: t0, origin: TEST_ORIGIN });
    // The tutor has no profile, so times are written in UTC until the browser's zone is known.
    const billed = await panelFor(room, room.tutor.id);
    expect(billed).toContain("Billing since 3:00 PM, up to 60 minutes at $40.00 CAD/hour (until 4:00 PM).");
    expect(billed).toContain("End billing");

    await endBilling({ roomId: room.room.id, userId: room.tutor.id, now: after(15), origin: TEST_ORIGIN });
    const ended = await panelFor(room, room.student.id);
    expect(ended).toContain("Billing ended: 15 minutes at $40 CAD/h, $10 CAD charged. Paid with 10 tokens.");
    expect(ended).not.toContain("End billing");
  });

  it("posts every form to the billing route with the CSRF token", async () => {
    const room = await tutoringRoom();
    const data = (await roomBilling(room.room.id, room.tutor.id))!;
    const html = await renderPage(() => createElement(BillingPanel, { billing: data.billing, side: data.side, slug: room.slug }), { url: `/study-rooms/${room.slug}` });
    expect(html).toContain(`action="/study-rooms/${room.slug}/billing"`);
    expect(html).toContain('name="csrf_token" value="test-csrf-token"');
  });
});
