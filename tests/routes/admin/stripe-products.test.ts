import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/admin+/stripe-products";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";
import { expectRedirectWithToast } from "../../support/toast";

/**
 * /admin/stripe-products as a browser without JavaScript uses it: the list of what checkout sells,
 * setting a plan's Stripe price id (saved and on the audit record), a malformed id refused with a
 * message and nothing changed, and everyone but admins refused.
 */
const database = useTestDatabase();
const db = () => database().db;
const tag = () => randomBytes(4).toString("hex");

async function person(roles: string[] = []) {
  const user = await db()
    .insertInto("users")
    .values({ email: `stripe-${tag()}@example.test`, first_name: "Sam", last_name: `Stripe${tag()}`, roles: roles as never, confirmed_at: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Object.assign(routeVisitor({ session: await sessionCookieFor(user.id) }), { userId: user.id });
}

const HERE = "/admin/stripe-products";
const stored = (plan: "plus" | "pre_med_plus", interval: "month" | "year", currency: "USD" | "CAD") =>
  db().selectFrom("stripe_products").select(["stripe_price_id", "updated_by_id"]).where("plan", "=", plan).where("billing_interval", "=", interval).where("currency", "=", currency).executeTakeFirst();

describe("/admin/stripe-products", () => {
  it("lists every plan in each interval and currency with how checkout finds its price, and the products priced at checkout", async () => {
    const admin = await person(["admin"]);
    const answer = await admin.get(loader, HERE);
    expect(answer.status).toBe(200);
    const plans = answer.data.plans as { plan: string; interval: string; currency: string; lookupKey: string; amountCents: number }[];
    expect(plans).toHaveLength(8);
    expect(plans[0]).toMatchObject({ plan: "plus", interval: "month", currency: "USD", lookupKey: "plus_month_usd", amountCents: 2995 });
    expect(answer.data.oneOff.map((product: { kind: string }) => product.kind)).toEqual(["online_course", "elite_deposit", "elite_full", "study_session", "tutoring", "tokens"]);
  });

  it("saves a valid price id for one plan, shows it, and records the change with the id it replaced", async () => {
    const admin = await person(["admin"]);
    const first = `price_${tag()}First`;
    const second = `price_${tag()}Second`;
    const post = (id: string) => admin.form(action, HERE, { plan: "pre_med_plus", interval: "year", currency: "CAD", stripe_price_id: id });
    await expectRedirectWithToast(await post(`  ${first} `), `${HERE}#plan-pre_med_plus-year-cad`, `Stripe price saved for pre_med_plus, year, CAD: checkout now charges ${first}.`);
    await expectRedirectWithToast(await post(second), `${HERE}#plan-pre_med_plus-year-cad`, `Stripe price saved for pre_med_plus, year, CAD: checkout now charges ${second}.`);
    expect(await stored("pre_med_plus", "year", "CAD")).toEqual({ stripe_price_id: second, updated_by_id: admin.userId });
    const listed = (await admin.get(loader, HERE)).data.plans.find((row: { plan: string; interval: string; currency: string }) => row.plan === "pre_med_plus" && row.interval === "year" && row.currency === "CAD");
    expect(listed.stripePriceId).toBe(second);
    const events = await db().selectFrom("audit_events").select(["action", "details", "path"]).where("actor_id", "=", admin.userId).orderBy("id").execute();
    expect(events).toEqual([
      { action: "stripe_product.update", path: HERE, details: { plan: "pre_med_plus", interval: "year", currency: "CAD", stripe_price_id: first, previous_stripe_price_id: null } },
      { action: "stripe_product.update", path: HERE, details: { plan: "pre_med_plus", interval: "year", currency: "CAD", stripe_price_id: second, previous_stripe_price_id: first } },
    ]);
    // The same id again changes nothing and records nothing.
    expect((await post(second)).status).toBe(303);
    expect(await db().selectFrom("audit_events").select("id").where("actor_id", "=", admin.userId).execute()).toHaveLength(2);
  });

  it.each([
    ["not a price id", "prod_ABC123"],
    ["a space inside", "price_ABC 123"],
    ["nothing after the prefix", "price_"],
    ["empty", ""],
    ["far too long", `price_${"a".repeat(300)}`],
  ])("refuses %s with a message and changes nothing", async (_, id) => {
    const admin = await person(["admin"]);
    const before = await stored("plus", "month", "USD");
    const answer = await admin.form(action, HERE, { plan: "plus", interval: "month", currency: "USD", stripe_price_id: id });
    expect(answer.status).toBe(400);
    expect(Object.values(answer.data.result.error).flat().join(" ")).toMatch(/Stripe price id/);
    expect(await stored("plus", "month", "USD")).toEqual(before);
    expect(await db().selectFrom("audit_events").select("id").where("actor_id", "=", admin.userId).execute()).toEqual([]);
  });

  it("refuses a plan, interval or currency it does not know", async () => {
    const admin = await person(["admin"]);
    for (const fields of [
      { plan: "gold", interval: "month", currency: "USD" },
      { plan: "plus", interval: "week", currency: "USD" },
      { plan: "plus", interval: "month", currency: "EUR" },
    ]) {
      expect((await admin.form(action, HERE, { ...fields, stripe_price_id: "price_Valid123" })).status).toBe(400);
    }
    expect(await db().selectFrom("audit_events").select("id").where("actor_id", "=", admin.userId).execute()).toEqual([]);
  });

  it("refuses everyone but admins, and changes nothing for them", async () => {
    const before = await stored("plus", "year", "USD");
    for (const roles of [[], ["manager"], ["teacher"], ["jobs_manager"]]) {
      const visitor = await person(roles);
      expect((await visitor.get(loader, HERE)).status).toBe(403);
      expect((await visitor.form(action, HERE, { plan: "plus", interval: "year", currency: "USD", stripe_price_id: "price_Sneaky123" })).status).toBe(403);
    }
    expect((await routeVisitor().get(loader, HERE)).status).not.toBe(200);
    expect(await stored("plus", "year", "USD")).toEqual(before);
  });
});
