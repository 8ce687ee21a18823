import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { monthlyReport } from "~/reports/reports.server";
import { useTestDatabase } from "../../support/database";

/** The staff report of landing-page views and the conversions after them (SPEC §1 tracked pages). */
useTestDatabase();

const HOUR = 3_600_000;
const tag = () => randomUUID().slice(0, 8);

async function account(createdAt: Date) {
  const id = tag();
  return (
    await db()
      .insertInto("users")
      .values({ email: `landing-${id}@example.test`, first_name: "Lena", last_name: `Landing${id}`, created_at: createdAt } as never)
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}

function event(values: { type: string; device: string; at: Date; page?: string; userId?: number }) {
  return db()
    .insertInto("tracking_events")
    .values({ event_type: values.type, target_id: values.page ?? null, target_type: values.page ? "LandingPage" : "Page", device_uuid: values.device, user_id: values.userId ?? null, created_at: values.at } as never)
    .execute();
}

const cell = (report: Awaited<ReturnType<typeof monthlyReport>>, month: string, column: string) => {
  const index = report.columns.indexOf(column);
  return index < 0 ? 0 : (report.rows.find((row) => row.month === month)?.values[index] ?? 0);
};

describe("landing pages in the admin reports", () => {
  it("counts views per page, and the sign-ups and purchases by a browser that viewed the page in the 30 days before", async () => {
    // Everything below falls in this month, however early in it the test runs.
    const today = new Date();
    const now = new Date(Math.max(today.getTime(), Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1, 3)));
    const month = now.toISOString().slice(0, 7);
    const page = `page-${tag()}`;
    // A guest views the page, signs up an hour later on the same browser, and buys.
    const browser = randomUUID();
    await event({ type: "landing_page_view", device: browser, page, at: new Date(now.getTime() - 2 * HOUR) });
    const convert = await account(new Date(now.getTime() - HOUR));
    await event({ type: "page_view", device: browser, userId: convert, at: new Date(now.getTime() - HOUR) });
    await db()
      .insertInto("purchases")
      .values({ user_id: convert, kind: "tokens", product_key: `t-${tag()}`, status: "paid", currency: "USD", subtotal_cents: 2500, total_cents: 2500, paid_at: now, token_amount: 10 })
      .execute();
    // Another browser viewed it 40 days before its account was made: too long ago to count.
    const stale = randomUUID();
    await event({ type: "landing_page_view", device: stale, page, at: new Date(now.getTime() - 40 * 24 * HOUR) });
    const late = await account(new Date(now.getTime() - HOUR));
    await event({ type: "page_view", device: stale, userId: late, at: new Date(now.getTime() - HOUR) });
    // A browser that never signed in while tracked cannot be linked to anyone.
    await event({ type: "landing_page_view", device: randomUUID(), page, at: new Date(now.getTime() - HOUR) });

    const views = await monthlyReport("landing-pages", now);
    expect(cell(views, month, page)).toBe(2);
    const conversions = await monthlyReport("landing-page-conversions", now);
    expect(cell(conversions, month, `${page}: sign-ups`)).toBe(1);
    expect(cell(conversions, month, `${page}: purchases`)).toBe(1);
  });
});
