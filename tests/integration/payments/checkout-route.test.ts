import { randomBytes } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { createUserSession, SESSION_COOKIE } from "~/accounts/session.server";
import { DISCOUNT_CODE_UNKNOWN } from "~/payments/quote";
import { action, loader } from "~/routes/checkout+/_index";
import { loader as overview } from "~/routes/online-courses+/$id._index";
import { enrol } from "~/online-courses/enrolments.server";
import { useTestDatabase } from "../../support/database";
import { routeAnswer } from "../../support/route-answer";
import { useStripeEmulator } from "../../support/stripe";

/**
 * The /checkout route as the server runs it: the action and loader called inside a request
 * context (server/app.ts), where the session is looked up once per request.
 */
const database = useTestDatabase();
useStripeEmulator();

let nextAddress = 0;
const newAddress = () => `198.51.100.${(nextAddress += 1) % 250}`;
const unique = () => randomBytes(5).toString("hex");

function post(query: string, fields: Record<string, string>, options: { cookie?: string; clientIp?: string } = {}) {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (options.cookie) headers.set("Cookie", options.cookie);
  const request = new Request(`http://app.test/checkout?index&${query}`, { method: "POST", headers, body: new URLSearchParams(fields) });
  return routeAnswer(() => action({ request, params: {}, context: { clientIp: options.clientIp ?? newAddress() } } as unknown as ActionFunctionArgs));
}

function get(query: string, options: { cookie?: string } = {}) {
  const request = new Request(`http://app.test/checkout?${query}`, { headers: options.cookie ? { Cookie: options.cookie } : {} });
  return routeAnswer(() => loader({ request, params: {}, context: { clientIp: newAddress() } } as unknown as LoaderFunctionArgs));
}

async function courseId(slug: string) {
  return (await database().db.selectFrom("online_courses").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;
}

async function signedInBuyer(country: "CA" | "US" = "US") {
  const email = `route-buyer-${unique()}@example.test`;
  const user = await database().db.insertInto("users").values({ email, first_name: "Robin", last_name: "Buyer", country_code: country }).returning(["id", "email"]).executeTakeFirstOrThrow();
  const cookie = (await createUserSession({ userId: user.id, rememberMe: false, request: new Request("http://app.test") })).split(";")[0]!;
  return { ...user, cookie };
}

const guestFields = (email: string) => ({ first_name: "Jordan", last_name: "Lee", email, password: "checkout-password-1" });

describe("POST /checkout", () => {
  it("signs a guest up when they press Pay with an unknown discount code, and shows the page to the new account (no sign-up fields)", async () => {
    const id = await courseId("organic-chemistry-1-exam-prep");
    const email = `guest-${unique()}@example.test`;
    const answer = await post(`online_course_id=${id}&package=learn`, {
      online_course_id: String(id),
      package: "learn",
      ...guestFields(email),
      country: "CA",
      discount_code: "NO-SUCH-CODE",
      intent: "pay",
    });

    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.data.result.error.discount_code).toEqual([DISCOUNT_CODE_UNKNOWN]);
    const account = await database().db.selectFrom("users").select(["id", "first_name"]).where("email", "=", email).executeTakeFirst();
    expect(account).toMatchObject({ first_name: "Jordan" });
    expect(answer.headers.get("Set-Cookie")).toMatch(new RegExp(`^${SESSION_COOKIE}=[^;]+`));
    // The page is the signed-in buyer's: "Buying as …", not the sign-up fields again.
    expect(answer.data.view.signedIn).toEqual({ email, firstName: "Jordan" });
    // The choices stay, and the total is shown without the refused code.
    expect(answer.data.view).toMatchObject({ country: "CA", discountCode: "NO-SUCH-CODE", quote: { currency: "USD", taxPercent: 5, totalCents: 6195 } });
    // The password is never sent back.
    expect(JSON.stringify(answer.data)).not.toContain("checkout-password-1");
    expect(await database().db.selectFrom("purchases").select("id").where("user_id", "=", account!.id).execute()).toHaveLength(0);
  });

  it("prices once: Update total with an unknown code takes a fixed, small number of queries", async () => {
    const id = await courseId("organic-chemistry-1-exam-prep");
    const buyer = await signedInBuyer();
    const answer = await post(
      `online_course_id=${id}&package=learn`,
      { online_course_id: String(id), package: "learn", country: "US", discount_code: "NOPE", intent: "quote" },
      { cookie: buyer.cookie },
    );
    expect(answer.status).toBe(200);
    expect(answer.data.result.error.discount_code).toEqual([DISCOUNT_CODE_UNKNOWN]);
    expect(answer.data.view).toMatchObject({ signedIn: { email: buyer.email }, quote: { totalCents: 5900 } });
    // The session (1), the course (1), the buyer's facts (5), the code (1), the last failed payment (1).
    // Before: the course read twice and the buyer's facts read twice (priced with the code, then without).
    expect(answer.queries).toBe(9);
  });

  it("prices once on the way to the payment page", async () => {
    const id = await courseId("waterloo-math-137-exam-prep");
    const buyer = await signedInBuyer();
    const fields = { online_course_id: String(id), package: "learn", country: "US", intent: "pay" };
    const answer = await post(`online_course_id=${id}&package=learn`, fields, { cookie: buyer.cookie });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toMatch(/\/pay\/cs_/);
    // The session (1), the course (1), the buyer's facts (5), the open purchase (2), the Stripe
    // customer (3: looked up, stored, read back), the session id stored (1).
    expect(answer.queries).toBe(13);
    // The same checkout again finds the same purchase (read back: +1) and the known customer (−2).
    const again = await post(`online_course_id=${id}&package=learn`, fields, { cookie: buyer.cookie });
    expect(again.headers.get("Location")).toBe(answer.headers.get("Location"));
    expect(again.queries).toBe(12);
  });

  it("asks a guest who presses Pay for the account fields, keeping what they typed but not the password", async () => {
    const answer = await post("tokens=10", { tokens: "10", first_name: "Jo", email: "not-an-email", password: "secret-password-9", intent: "pay" });
    expect(answer.status).toBe(400);
    expect(answer.data.result.error).toMatchObject({ last_name: ["Enter your last name"], email: ["Enter a valid email address"] });
    expect(answer.data.result.initialValue).toMatchObject({ first_name: "Jo", email: "not-an-email" });
    expect(JSON.stringify(answer.data)).not.toContain("secret-password-9");
    expect(answer.data.view).toMatchObject({ signedIn: null, quote: { totalCents: 999 } });
    expect(answer.headers.get("Set-Cookie")).toBeNull();
  });

  it("refuses a bad country with 400 and shows the page without it", async () => {
    const answer = await post("tokens=25", { tokens: "25", country: "FR", intent: "quote" });
    expect(answer.status).toBe(400);
    expect(answer.data.result.error.country).toEqual(["Choose Canada or the United States"]);
    expect(answer.data.view).toMatchObject({ country: null, quote: { totalCents: 2249 } });
  });

  it("answers a checkout link that names nothing for sale with the error page data", async () => {
    expect(await post("tokens=7", { tokens: "7", intent: "quote" })).toMatchObject({ status: 400, data: { view: null, error: "Tokens come in packs of 10, 25, 50." } });
    expect(await get("tokens=7")).toMatchObject({ status: 400, data: { view: null, error: "Tokens come in packs of 10, 25, 50." } });
  });

  it("shows a signed-in buyer the page with their name and no sign-up fields", async () => {
    const buyer = await signedInBuyer("CA");
    const answer = await get("plan=plus&interval=year", { cookie: buyer.cookie });
    expect(answer.status).toBe(200);
    expect(answer.data.view).toMatchObject({ signedIn: { email: buyer.email, firstName: "Robin" }, country: "CA", quote: { currency: "CAD", trialDays: 7 } });
  });
});

describe("the price a course page shows is the price checkout charges", () => {
  it("for every package of every published course, to a guest and to a Canadian student", async () => {
    const canadian = await signedInBuyer("CA");
    const courses = await database().db.selectFrom("online_courses").select(["id", "name"]).where("status", "=", "published").orderBy("id").execute();
    let compared = 0;
    for (const course of courses) {
      const request = new Request(`http://app.test/online-courses/${course.id}`);
      const page = await routeAnswer(() => overview({ request, params: { id: String(course.id) }, context: {} } as unknown as LoaderFunctionArgs));
      expect(page.status, course.name).toBe(200);
      const { currency } = page.data.course as { currency: string };
      for (const offer of page.data.offers as { name: string; priceCents: number; checkoutHref: string | null }[]) {
        if (!offer.checkoutHref?.startsWith("/checkout?")) continue;
        const query = offer.checkoutHref.slice("/checkout?".length);
        const asGuest = await get(query);
        expect(asGuest.status, `${course.name} ${offer.name}`).toBe(200);
        expect(asGuest.data.view.quote, `${course.name} ${offer.name} (guest)`).toMatchObject({ currency, priceCents: offer.priceCents, taxCents: 0, totalCents: offer.priceCents });
        const asCanadian = await get(query, { cookie: canadian.cookie });
        const tax = Math.floor((offer.priceCents * 5 + 50) / 100);
        expect(asCanadian.data.view.quote, `${course.name} ${offer.name} (Canadian)`).toMatchObject({ currency, priceCents: offer.priceCents, taxPercent: 5, taxCents: tax, totalCents: offer.priceCents + tax });
        compared += 1;
      }
    }
    expect(compared, "packages compared").toBeGreaterThan(5);
  });
});

describe("what the buyer already has", () => {
  it("shows an owned package as owned, refuses to charge for it, and charges only the difference for the bundle", async () => {
    const id = await courseId("organic-chemistry-1-exam-prep");
    const student = await signedInBuyer("US");
    await enrol(database().db, { userId: student.id, onlineCourseId: id, packageType: "learn", status: "active" });

    const request = new Request(`http://app.test/online-courses/${id}`, { headers: { Cookie: student.cookie } });
    const page = await routeAnswer(() => overview({ request, params: { id: String(id) }, context: {} } as unknown as LoaderFunctionArgs));
    const offers = page.data.offers as { key: string; priceCents: number; standing: { kind: string; payCents?: number } }[];
    const price = (key: string) => offers.find((offer) => offer.key === key)!.priceCents;
    expect(Object.fromEntries(offers.map((offer) => [offer.key, offer.standing]))).toEqual({
      learn: { kind: "owned" },
      practice: { kind: "buy" },
      bundle: { kind: "upgrade", payCents: price("bundle") - price("learn") },
    });

    const learn = await get(`online_course_id=${id}&package=learn`, { cookie: student.cookie });
    expect(learn.data.view.blocked).toBe("You already have this package.");
    const paid = await post(`online_course_id=${id}&package=learn`, { online_course_id: String(id), package: "learn", country: "US", intent: "pay" }, { cookie: student.cookie });
    expect(paid.status).toBe(409);
    expect(await database().db.selectFrom("purchases").select("id").where("user_id", "=", student.id).execute()).toEqual([]);

    const bundle = await get(`online_course_id=${id}&package=bundle`, { cookie: student.cookie });
    expect(bundle.data.view.blocked).toBeNull();
    expect(bundle.data.view.quote).toMatchObject({ priceCents: price("bundle"), ownedPackage: "learn", ownedCents: price("learn"), totalCents: price("bundle") - price("learn") });
  });
});
