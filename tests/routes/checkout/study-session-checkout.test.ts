import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createUserSession } from "~/accounts/session.server";
import { useTestDatabase } from "../../support/database";
import { useStripeEmulator } from "../../support/stripe";
import { getCheckout as get, postCheckout as post } from "./checkout-calls";
import { studySession } from "../../integration/study-sessions/purchase-fixtures";

/** /checkout?study_session_id={id}: its loader and action called as the server runs them. */
const database = useTestDatabase();
useStripeEmulator();

async function student(country: "CA" | "US" = "CA") {
  const email = `seat-route-${randomBytes(5).toString("hex")}@example.test`;
  const user = await database().db.insertInto("users").values({ email, first_name: "Robin", last_name: "Seat", country_code: country }).returning(["id", "email"]).executeTakeFirstOrThrow();
  const cookie = (await createUserSession({ userId: user.id, rememberMe: false, request: new Request("http://app.test") })).split(";")[0]!;
  return { ...user, cookie };
}

describe("GET /checkout?study_session_id={id}", () => {
  it("shows the session, its dates, the struck-through regular price and the buyer's tax in the session's currency", async () => {
    const session = await studySession(database().db, { priceCents: 3900, regularPriceCents: 4900, currency: "CAD", dates: 2 });
    const buyer = await student("CA");
    const answer = await get(`study_session_id=${session.id}`, buyer.cookie);
    expect(answer.status).toBe(200);
    expect(answer.data.view.product).toMatchObject({ kind: "study_session", session: { id: session.id, title: session.title } });
    expect(answer.data.view.product.session.dates).toHaveLength(2);
    expect(answer.data.view.quote).toMatchObject({ name: session.title, currency: "CAD", priceCents: 3900, regularPriceCents: 4900, taxPercent: 5, totalCents: 4095 });
    expect(answer.data.view.productQuery).toEqual({ study_session_id: String(session.id) });
  });

  it.each<[string, (ids: { free: number; past: number }) => string, number, RegExp]>([
    ["an unknown session", () => "study_session_id=2000000000", 404, /does not exist/],
    ["a malformed id", () => "study_session_id=abc", 400, /Choose a study session/],
    ["a free session (register on its page)", ({ free }) => `study_session_id=${free}`, 409, /free: register for it on its page/],
    ["a past session", ({ past }) => `study_session_id=${past}`, 410, /already taken place/],
  ])("refuses %s with a clear message", async (_name, query, status, message) => {
    const free = await studySession(database().db, { priceCents: 0, regularPriceCents: null });
    const past = await studySession(database().db, { startsInDays: -2 });
    const answer = await get(query({ free: free.id, past: past.id }));
    expect(answer.status).toBe(status);
    expect(answer.data.view).toBeNull();
    expect(answer.data.error).toMatch(message);
    if (status === 409 || status === 410) expect(answer.data.link.href).toMatch(/^\/study-sessions\/\d+$/);
  });

  it("tells a buyer who holds a seat that they are registered (409), offers no payment and refuses Pay", async () => {
    const session = await studySession(database().db);
    const buyer = await student();
    await database().db.insertInto("study_session_users").values({ study_session_id: session.id, user_id: buyer.id, status: "active", course_id: null, phone_number: null, extended_access_date: null, purchase_id: null, confirmation_sent_at: null }).execute();
    const page = await get(`study_session_id=${session.id}`, buyer.cookie);
    expect(page.status).toBe(409);
    expect(page.data.view.blocked).toBe("You are already registered for this session.");
    const paid = await post(`study_session_id=${session.id}`, { study_session_id: String(session.id), country: "CA", intent: "pay" }, buyer.cookie);
    expect(paid.status).toBe(409);
    expect(paid.data.result.error[""]).toEqual(["You are already registered for this session."]);
    expect(await database().db.selectFrom("purchases").select("id").where("user_id", "=", buyer.id).execute()).toEqual([]);
  });

  it("lets a refunded buyer buy the seat again", async () => {
    const session = await studySession(database().db);
    const buyer = await student();
    await database().db.insertInto("study_session_users").values({ study_session_id: session.id, user_id: buyer.id, status: "refunded", course_id: null, phone_number: null, extended_access_date: null, purchase_id: null, confirmation_sent_at: null }).execute();
    const page = await get(`study_session_id=${session.id}`, buyer.cookie);
    expect(page.status).toBe(200);
    expect(page.data.view.blocked).toBeNull();
  });
});

describe("POST /checkout?study_session_id={id}", () => {
  it("prices a 20% study-session code on Update total, then signs a guest up and sends them to the payment page", async () => {
    const session = await studySession(database().db, { priceCents: 3900, currency: "CAD" });
    const code = `LIVE${randomBytes(3).toString("hex")}`;
    await database().db.insertInto("discount_codes").values({ code, percent_off: 20, product_kind: "study_session" }).execute();
    const quoted = await post(`study_session_id=${session.id}`, { study_session_id: String(session.id), country: "CA", discount_code: code.toLowerCase(), intent: "quote" });
    expect(quoted.status).toBe(200);
    expect(quoted.data.view.quote).toMatchObject({ discountCents: 780, taxCents: 156, totalCents: 3276, currency: "CAD" });

    const email = `seat-guest-${randomBytes(5).toString("hex")}@example.test`;
    const paid = await post(`study_session_id=${session.id}`, {
      study_session_id: String(session.id),
      country: "CA",
      discount_code: code,
      intent: "pay",
      first_name: "Jordan",
      last_name: "Lee",
      email,
      password: "checkout-password-1",
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toMatch(/\/pay\/cs_/);
    const user = await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    expect(await database().db.selectFrom("purchases").select(["kind", "study_session_id", "total_cents", "status"]).where("user_id", "=", user.id).execute()).toEqual([
      { kind: "study_session", study_session_id: session.id, total_cents: 3276, status: "pending" },
    ]);
  });

  it("refuses a code limited to online courses next to the field", async () => {
    const session = await studySession(database().db);
    const code = `COURSE${randomBytes(3).toString("hex")}`;
    await database().db.insertInto("discount_codes").values({ code, percent_off: 20, product_kind: "online_course" }).execute();
    const answer = await post(`study_session_id=${session.id}`, { study_session_id: String(session.id), country: "US", discount_code: code, intent: "quote" });
    expect(answer.data.result.error.discount_code).toEqual(["This discount code does not apply to this product."]);
    expect(answer.data.view.quote).toMatchObject({ discountCents: 0, totalCents: 3900 });
  });
});
