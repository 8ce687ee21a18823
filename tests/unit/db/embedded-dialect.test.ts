import { PGlite } from "@electric-sql/pglite";
import { Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMBEDDED_OPTIONS, embeddedDialect } from "~/db/dialect.server";

// The embedded database runs queries with parameters as prepared statements; these pin down that
// a prepared run answers exactly what PGlite's own query() answers, and fails the same way.
describe("the embedded database's prepared statements", () => {
  let pglite: PGlite;
  let db: Kysely<Record<string, Record<string, unknown>>>;

  beforeAll(async () => {
    pglite = await PGlite.create({ ...EMBEDDED_OPTIONS });
    await pglite.exec(`
      create table items (id integer primary key, name text not null unique, price bigint, data jsonb, tags text[], due timestamptz, active boolean);
      insert into items values (1, 'one', 9007199254740993, '{"a":[1,2]}', '{x,y}', '2026-01-02T03:04:05Z', true), (2, 'two', null, null, null, null, false);
    `);
    db = new Kysely({ dialect: embeddedDialect(pglite) });
  });
  afterAll(async () => {
    await db.destroy();
  });

  const select = (id: number) => sql<Record<string, unknown>>`select id, name, price, data, tags, due, active from items where id = ${id}`;

  it("reads every column type as PGlite's own query does, run after run", async () => {
    const direct = await pglite.query("select id, name, price, data, tags, due, active from items where id = $1", [1]);
    for (let run = 0; run < 8; run += 1) {
      const { rows } = await select(1).execute(db);
      expect(rows).toEqual(direct.rows);
    }
    expect((await select(1).execute(db)).rows[0]).toEqual({
      id: 1,
      name: "one",
      price: "9007199254740993",
      data: { a: [1, 2] },
      tags: ["x", "y"],
      due: new Date("2026-01-02T03:04:05Z"),
      active: true,
    });
    expect((await select(2).execute(db)).rows[0]).toMatchObject({ price: null, data: null, tags: null, due: null });
  });

  it("serializes parameters by their types: dates, arrays, JSON, booleans and nulls", async () => {
    const due = new Date("2027-05-06T07:08:09Z");
    await sql`insert into items (id, name, data, tags, due, active) values (${3}, ${"three"}, ${JSON.stringify({ b: 1 })}, ${["p", "q"]}, ${due}, ${null})`.execute(db);
    const { rows } = await select(3).execute(db);
    expect(rows[0]).toMatchObject({ data: { b: 1 }, tags: ["p", "q"], due, active: null });
  });

  it("counts the rows a statement changed", async () => {
    const result = await sql`update items set active = ${true} where id in (${1}, ${2})`.execute(db);
    expect(result.numAffectedRows).toBe(2n);
  });

  it("raises the database's own error with its code, and the next query runs", async () => {
    const duplicate = sql`insert into items (id, name) values (${4}, ${"one"})`.execute(db);
    await expect(duplicate).rejects.toMatchObject({ code: "23505" });
    expect((await select(1).execute(db)).rows).toHaveLength(1);
  });

  it("prepares a statement afresh when a table changed under it", async () => {
    const star = (id: number) => sql<Record<string, unknown>>`select * from items where id = ${id}`;
    await star(1).execute(db);
    await pglite.exec("alter table items add column note text default 'added'");
    expect((await star(1).execute(db)).rows[0]).toMatchObject({ id: 1, note: "added" });
    expect((await star(2).execute(db)).rows[0]).toMatchObject({ id: 2, note: "added" });
  });

  it("keeps a transaction's statements in the transaction", async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`update items set name = ${"renamed"} where id = ${2}`.execute(trx);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect((await select(2).execute(db)).rows[0]).toMatchObject({ name: "two" });
  });
});
