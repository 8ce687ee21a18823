import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { toEvent } from "~/realtime/hub.server";
import { useTestDatabase } from "../../support/database";

const database = useTestDatabase();

// Domain code reads json/jsonb columns as values, never as text to parse: both drivers must agree.
describe("json and jsonb columns", () => {
  it("arrive parsed from a table, whether stored from a string or a value", async () => {
    const { db } = database();
    const stored = await db
      .insertInto("realtime_events")
      .values([
        { channel: "jsonb-test", action: "NEW_NOTIFICATION", payload: JSON.stringify({ a: 1, list: ["x"] }) },
        { channel: "jsonb-test", action: "NEW_NOTIFICATION", payload: { b: [2] } },
      ])
      .returning(["id", "payload"])
      .execute();
    expect(stored.map((row) => row.payload)).toEqual([{ a: 1, list: ["x"] }, { b: [2] }]);
    const rows = await db.selectFrom("realtime_events").select(["id", "channel", "action", "payload", "created_at"]).where("channel", "=", "jsonb-test").orderBy("id").execute();
    expect(rows.map((row) => toEvent(row).payload)).toEqual([{ a: 1, list: ["x"] }, { b: [2] }]);
  });

  it("arrive parsed from expressions and raw queries", async () => {
    const { db } = database();
    const { rows } = await sql<{ jsonb: unknown; json: unknown; scalar: unknown; empty: unknown }>`
      select '{"a": [1, 2]}'::jsonb as jsonb, json_build_object('b', true) as json, '"text"'::jsonb as scalar, '{}'::jsonb as empty`.execute(db);
    expect(rows[0]).toEqual({ jsonb: { a: [1, 2] }, json: { b: true }, scalar: "text", empty: {} });
  });

  it("keeps int8 as a string, as node-postgres does", async () => {
    const { db } = database();
    const { rows } = await sql<{ n: unknown }>`select count(*) as n from (values (1), (2)) as v(x)`.execute(db);
    expect(rows[0]!.n).toBe("2");
  });
});
