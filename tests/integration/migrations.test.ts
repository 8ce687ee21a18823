import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/migrate.server";
import { migrations } from "../../migrations/index";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();

describe("migrations", () => {
  it("have all been applied, in order, and re-running them changes nothing", async () => {
    const applied = await database()
      .db.selectFrom(sql.table("kysely_migration").as("m"))
      .select(sql<string>`name`.as("name"))
      .orderBy(sql`name`)
      .execute();
    expect(applied.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
    expect(await migrateToLatest(database().db)).toEqual([]);
  });

  it("let the database refuse impossible states", async () => {
    const db = database().db;
    const school = await db.selectFrom("schools").select("id").executeTakeFirstOrThrow();
    await expect(
      db.insertInto("courses").values({ code: "X 1", name: "X", slug: `x-${Date.now()}`, school_id: school.id, subject: "astrology" }).execute(),
    ).rejects.toThrow(/check constraint/);
    await expect(
      db.insertInto("courses").values({ code: "X 2", name: "X", slug: `y-${Date.now()}`, school_id: school.id, subject: "general", price_cents: -1 }).execute(),
    ).rejects.toThrow(/check constraint/);
    const user = await db.selectFrom("users").select("email").executeTakeFirstOrThrow();
    await expect(db.insertInto("users").values({ email: user.email.toUpperCase() }).execute()).rejects.toThrow(/users_email_key/);
    await expect(db.updateTable("users").set({ token_balance: -5 }).where("email", "=", user.email).execute()).rejects.toThrow(/check constraint/);
  });
});
