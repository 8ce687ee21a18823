import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { loadCheckoutProduct } from "~/payments/checkout.server";
import type { CheckoutProduct } from "~/payments/quote";

/** Study sessions and buyers made by a test, on its own database. */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export async function studySession(
  db: Kysely<Database>,
  options: { priceCents?: number; regularPriceCents?: number | null; currency?: "CAD" | "USD"; startsInDays?: number; dates?: number; courseIds?: number[] } = {},
) {
  const session = await db
    .insertInto("study_sessions")
    .values({
      title: `Exam prep ${randomBytes(3).toString("hex")}`,
      session_type: "exam_prep",
      price_cents: options.priceCents ?? 3900,
      regular_price_cents: options.regularPriceCents === undefined ? 4900 : options.regularPriceCents,
      currency: options.currency ?? "CAD",
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const first = Date.now() + (options.startsInDays ?? 9) * DAY;
  const count = options.dates ?? 1;
  await db
    .insertInto("study_session_dates")
    .values(Array.from({ length: count }, (_, index) => ({ study_session_id: session.id, start_time: new Date(first + index * 2 * DAY), end_time: new Date(first + index * 2 * DAY + 3 * HOUR) })))
    .execute();
  if (options.courseIds?.length) await db.insertInto("study_session_courses").values(options.courseIds.map((course_id) => ({ study_session_id: session.id, course_id }))).execute();
  return session;
}

export async function buyer(db: Kysely<Database>, country: "CA" | "US" | null = "CA") {
  const email = `seat-${randomBytes(5).toString("hex")}@example.test`;
  return db.insertInto("users").values({ email, first_name: "Sam", last_name: "Seat", country_code: country }).returning(["id", "email"]).executeTakeFirstOrThrow();
}

export async function seatProduct(id: number): Promise<CheckoutProduct> {
  const loaded = await loadCheckoutProduct({ kind: "study_session", studySessionId: id });
  if ("error" in loaded) throw new Error(loaded.error);
  return loaded.product;
}

export const sessionIdOf = (url: string) => url.split("/pay/")[1]!;
