import type { Transaction } from "kysely";
import type { Database } from "../../app/db/schema";

/**
 * What the back office shows on first start (server/seed/seed.ts): a duplicate of Northeastern
 * University, with a duplicate of one of its courses and a student, to merge at /admin/schools;
 * and paid token packs over the last months (one refunded), so the revenue report has rows.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedBackOffice(trx: Transaction<Database>, ids: { user: (email: string) => number }, now: Date, passwordHash: string) {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const school = await trx
    .insertInto("schools")
    .values({ name: "Northeastern Univ.", short_name: "Northeastern", slug: "northeastern-univ", school_type: "university", country_code: "US", region_code: "MA", city: "Boston" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const course = await trx
    .insertInto("courses")
    .values({ code: "MATH 1341", name: "Calculus 1 (Science and Engineering)", slug: "northeastern-univ-math-1341", school_id: school.id, subject: "mathematics", price_cents: 4900, currency: "USD" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const student = await trx
    .insertInto("users")
    .values({
      email: "jordan.lee@example.com",
      password_hash: passwordHash,
      first_name: "Jordan",
      last_name: "Lee",
      display_name: "Jordan L.",
      school_id: school.id,
      country_code: "US",
      created_at: daysAgo(40),
      updated_at: daysAgo(40),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx.insertInto("user_courses").values({ user_id: student.id, course_id: course.id }).execute();

  const buyers = [student.id, ids.user("student@demo.test")];
  const packs = [
    { daysAgo: 150, cents: 1999, tokens: 20 },
    { daysAgo: 95, cents: 4999, tokens: 60 },
    { daysAgo: 62, cents: 1999, tokens: 20 },
    { daysAgo: 30, cents: 9999, tokens: 130 },
    { daysAgo: 8, cents: 4999, tokens: 60, refundedDaysAgo: 2 },
  ];
  const purchases = packs.map((pack, index) => ({
    user_id: buyers[index % buyers.length]!,
    kind: "tokens" as const,
    product_key: `tokens:${pack.tokens}:seed-${index}`,
    token_amount: pack.tokens,
    status: pack.refundedDaysAgo === undefined ? ("paid" as const) : ("refunded" as const),
    currency: "USD" as const,
    subtotal_cents: pack.cents,
    total_cents: pack.cents,
    created_at: daysAgo(pack.daysAgo),
    paid_at: daysAgo(pack.daysAgo),
    refunded_at: pack.refundedDaysAgo === undefined ? null : daysAgo(pack.refundedDaysAgo),
  }));
  await trx.insertInto("purchases").values(purchases).execute();
  return { schools: 1, courses: 1, users: 1, user_courses: 1, purchases: purchases.length };
}
