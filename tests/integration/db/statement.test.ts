import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { statement } from "~/db/statement.server";
import { useTestDatabase } from "../../support/database";

useTestDatabase();

describe("a statement built once and run with new values", () => {
  it("build its SQL once, and bind each run's values where the stand-ins were", async () => {
    let builds = 0;
    const numbers = statement((values: { low: number; high: number; label: string }) => {
      builds += 1;
      return db()
        .selectFrom(sql<{ n: number }>`(select generate_series(1, 10) as n)`.as("series"))
        .select(["series.n", sql<string>`${values.label}::text`.as("label")])
        .where("series.n", ">=", values.low)
        .where("series.n", "<=", values.high)
        .where("series.n", "<>", 7)
        .orderBy("series.n");
    });
    const first = await numbers.execute({ low: 2, high: 4, label: "a" });
    const second = await numbers.execute({ low: 6, high: 8, label: "b" });
    expect(first).toEqual([
      { n: 2, label: "a" },
      { n: 3, label: "a" },
      { n: 4, label: "a" },
    ]);
    // The constant 7 stays a constant; only the stand-ins change.
    expect(second).toEqual([
      { n: 6, label: "b" },
      { n: 8, label: "b" },
    ]);
    expect(await numbers.executeTakeFirst({ low: 11, high: 20, label: "c" })).toBeUndefined();
    expect(builds).toBe(1);
  });

  it("run on the executor it is given, such as a transaction", async () => {
    const count = statement((values: { email: string }) => db().selectFrom("users").select(sql<number>`count(*)::int`.as("n")).where("email", "=", values.email));
    const email = "statement-test@example.test";
    let inside: number | undefined;
    // The transaction sees its own uncommitted row; rolled back, the row is gone for everyone.
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto("users").values({ email, first_name: "S", last_name: "T", roles: ["student"] }).execute();
        inside = (await count.executeTakeFirst({ email }, trx))?.n;
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect(inside).toBe(1);
    expect((await count.executeTakeFirst({ email }))?.n).toBe(0);
  });

  it("refuse a stand-in used in a way the SQL cannot follow, and a run missing a value", async () => {
    const branching = statement((values: { admin: boolean }) => {
      const query = db().selectFrom("users").select("id");
      // A branch on a stand-in: it never reaches the SQL, so its value could not change the answer.
      return values.admin ? query : query.where("roles", "@>", sql<string[]>`array['admin']`);
    });
    await expect(branching.execute({ admin: false })).rejects.toThrow(/"admin" was read but is not a parameter/);
    const byId = statement((values: { id: number }) => db().selectFrom("users").select("id").where("id", "=", values.id));
    await expect(byId.execute({} as { id: number })).rejects.toThrow(/no value for "id"/);
  });
});
