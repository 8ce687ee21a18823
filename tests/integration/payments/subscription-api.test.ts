import { randomBytes } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { createUserSession } from "~/accounts/session.server";
import { startCheckout } from "~/payments/checkout.server";
import { currentSubscription } from "~/subscriptions/subscriptions.server";
import { action as adminCancel } from "~/routes/api+/v1+/subscriptions+/$id.admin_cancel";
import { action as call, loader as preview } from "~/routes/api+/v1+/subscriptions+/$id.$call";
import { loader as show } from "~/routes/api+/v1+/subscriptions+/$id";
import { action as create, loader as list } from "~/routes/api+/v1+/subscriptions+/_index";
import { action as completePurchase } from "~/routes/api+/v1+/subscriptions+/complete_purchase";
import { loader as invoices } from "~/routes/api+/v1+/invoices";
import { useTestDatabase } from "../../support/database";
import { useStripeEmulator } from "../../support/stripe";

const database = useTestDatabase();
const emulator = useStripeEmulator();

async function person(roles: string[] = []) {
  const email = `api-${randomBytes(5).toString("hex")}@example.test`;
  const user = await database().db.insertInto("users").values({ email, roles, country_code: "US" }).returning(["id", "email"]).executeTakeFirstOrThrow();
  const cookie = (await createUserSession({ userId: user.id, rememberMe: false, request: new Request("http://app.test") })).split(";")[0]!;
  return { ...user, cookie };
}

function request(path: string, who: { cookie: string }, method = "GET", body?: unknown) {
  const headers = new Headers({ Cookie: who.cookie, Accept: "application/json" });
  if (body !== undefined) headers.set("Content-Type", "application/json");
  return new Request(`http://app.test${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

const args = (req: Request, params: Record<string, string> = {}) => ({ request: req, params, context: {} }) as unknown as ActionFunctionArgs & LoaderFunctionArgs;

async function subscribed() {
  const student = await person();
  const outcome = await startCheckout(student, { product: { kind: "subscription", plan: "plus", interval: "month" }, country: "US" }, "http://app.test");
  if (outcome.kind !== "redirect") throw new Error(outcome.kind);
  await emulator().pay(outcome.url.split("/pay/")[1]!, "4242424242424242");
  const row = (await currentSubscription(student.id))!;
  return { student, row };
}

describe("Subscriptions API", () => {
  it("shows the owner's subscription with its derived status, fields and include; 404 to others", async () => {
    const { student, row } = await subscribed();
    const response = await show(args(request(`/api/v1/subscriptions/${row.id}?fields=status,billing_interval&include=user`, student), { id: String(row.id) }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data).toMatchObject({ id: String(row.id), type: "subscription", attributes: { status: "trialing", billing_interval: "monthly" }, relationships: { user: { data: { type: "user", id: String(student.id) } } } });
    expect(Object.keys(body.data.attributes).sort()).toEqual(["billing_interval", "status"]);
    expect(body.included).toMatchObject([{ type: "user", id: String(student.id) }]);
    const stranger = await person();
    expect((await show(args(request(`/api/v1/subscriptions/${row.id}`, stranger), { id: String(row.id) }))).status).toBe(404);
    const listed = await (await list(args(request("/api/v1/subscriptions", student)))).json();
    expect(listed.data).toHaveLength(1);
    const bad = await show(args(request(`/api/v1/subscriptions/${row.id}?fields=password`, student), { id: String(row.id) }));
    expect(bad.status).toBe(400);
  });

  it("refuses admin_cancel to the student (403) and lets an admin end the subscription", async () => {
    const { student, row } = await subscribed();
    const refused = await adminCancel(args(request(`/api/v1/subscriptions/${row.id}/admin_cancel`, student, "PUT"), { id: String(row.id) }));
    expect(refused.status).toBe(403);
    expect((await refused.json()).errors[0].code).toBe("forbidden");
    expect((await currentSubscription(student.id))!.status).toBe("trialing");

    const admin = await person(["admin"]);
    const done = await adminCancel(args(request(`/api/v1/subscriptions/${row.id}/admin_cancel`, admin, "PUT"), { id: String(row.id) }));
    expect(done.status).toBe(200);
    expect((await done.json()).data.attributes).toMatchObject({ status: "expired", stripe_status: "canceled" });
  });

  it("pauses with pause_duration, refuses bad input with 422 and the wrong method with 405", async () => {
    const { student, row } = await subscribed();
    const bad = await call(args(request(`/api/v1/subscriptions/${row.id}/pause`, student, "PATCH", { pause_duration: 7 }), { id: String(row.id), call: "pause" }));
    expect(bad.status).toBe(422);
    const paused = await call(args(request(`/api/v1/subscriptions/${row.id}/pause`, student, "PATCH", { pause_duration: 1 }), { id: String(row.id), call: "pause" }));
    expect(paused.status).toBe(200);
    expect((await paused.json()).data.attributes.pause_until).not.toBeNull();
    const cannotCancelWhilePaused = await call(args(request(`/api/v1/subscriptions/${row.id}/pause`, student, "PATCH", { pause_duration: 1 }), { id: String(row.id), call: "pause" }));
    expect(cannotCancelWhilePaused.status).toBe(422); // already paused
    await call(args(request(`/api/v1/subscriptions/${row.id}/unpause`, student, "PATCH"), { id: String(row.id), call: "unpause" }));
    const cancel = await call(args(request(`/api/v1/subscriptions/${row.id}/cancel`, student, "PATCH", { reason_key: "not_using", reason_extra: "busy term" }), { id: String(row.id), call: "cancel" }));
    expect(cancel.status).toBe(200);
    expect((await cancel.json()).data.attributes.cancel_at).not.toBeNull();
    const wrongMethod = await call(args(request(`/api/v1/subscriptions/${row.id}/uncancel`, student, "PUT"), { id: String(row.id), call: "uncancel" }));
    expect(wrongMethod.status).toBe(405);
    const uncancel = await call(args(request(`/api/v1/subscriptions/${row.id}/uncancel`, student, "PATCH"), { id: String(row.id), call: "uncancel" }));
    expect((await uncancel.json()).data.attributes.cancel_at).toBeNull();
    const unknown = await call(args(request(`/api/v1/subscriptions/${row.id}/explode`, student, "PATCH"), { id: String(row.id), call: "explode" }));
    expect(unknown.status).toBe(404);
  });

  it("previews the Pre-Med Plus upgrade and lists invoices", async () => {
    const { student, row } = await subscribed();
    const response = await preview(args(request(`/api/v1/subscriptions/${row.id}/premed_upgrade_preview`, student), { id: String(row.id), call: "premed_upgrade_preview" }));
    expect(response.status).toBe(200);
    expect((await response.json()).meta.premed_upgrade_preview).toMatchObject({ currency: "USD" });
    const listed = await (await invoices(args(request("/api/v1/invoices", student)))).json();
    expect(listed.data[0]).toMatchObject({ type: "invoice", attributes: { total: 0, currency: "USD" } });
  });

  it("starts a plan's checkout with POST /api/v1/subscriptions and answers the payment page", async () => {
    const student = await person();
    const response = await create(args(request("/api/v1/subscriptions", student, "POST", { subscription: { product_id: "premed_plus", interval: "year" } })));
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.meta.checkout_url).toMatch(/\/pay\/cs_test_/);
    const invalid = await create(args(request("/api/v1/subscriptions", student, "POST", { subscription: { product_id: "gold" } })));
    expect(invalid.status).toBe(422);
  });

  it("answers 422 and starts nothing when the body names no plan", async () => {
    const student = await person();
    for (const body of [{ subscription: {} }, { subscription: { interval: "year" } }]) {
      const response = await create(args(request("/api/v1/subscriptions", student, "POST", body)));
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect((await response.json()).errors[0]).toMatchObject({ code: "invalid_attribute", source: { pointer: "/subscription/product_id" } });
    }
    const noPlan = await completePurchase(args(request("/api/v1/subscriptions/complete_purchase", student, "POST", { apply_credits: true })));
    expect(noPlan.status).toBe(422);
    expect(await database().db.selectFrom("purchases").select("id").where("user_id", "=", student.id).execute()).toEqual([]);
  });
});
