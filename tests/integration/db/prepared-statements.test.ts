import { Kysely, sql } from "kysely";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createPostgresPool, postgresDialect, StatementNames } from "~/db/dialect.server";
import type { Database } from "~/db/schema";
import { useTestDatabase } from "../../support/database";

const database = useTestDatabase();

describe("statement names", () => {
  it("name each data statement with parameters once, and nothing else", () => {
    const names = new StatementNames(3);
    expect(names.nameFor('select "id" from "users" where "id" = $1', 1)).toBe("s1");
    expect(names.nameFor('select "id" from "users" where "id" = $1', 1)).toBe("s1");
    expect(names.nameFor("  WITH x as (select $1::int) select * from x", 1)).toBe("s2");
    // The simple protocol (no parameters) may carry several statements, as migrations do.
    expect(names.nameFor("create table a (id int); create table b (id int)", 0)).toBeUndefined();
    expect(names.nameFor('select "id" from "users"', 0)).toBeUndefined();
    expect(names.nameFor("alter table a add column b int default $1", 1)).toBeUndefined();
    // A partial unique index is found through the conflict's predicate: planned every time.
    expect(names.nameFor('insert into "purchases" ("user_id") values ($1) on conflict ("user_id", "product_key") where "status" = $2 do nothing', 2)).toBeUndefined();
    expect(names.nameFor('insert into "chats" ("direct_key") values ($1) on conflict ("direct_key") do nothing', 1)).toBe("s3");
    // Past the bound, new texts run unnamed while known ones keep their names.
    expect(names.nameFor('delete from "users" where "id" = $1', 1)).toBeUndefined();
    expect(names.nameFor('select "id" from "users" where "id" = $1', 1)).toBe("s1");
  });
});

describe.runIf(inject("testDatabase").kind === "postgres")("prepared statements on PostgreSQL", () => {
  let opened: Kysely<Database> | undefined;
  const single = () => {
    const { url } = database();
    if (!url) throw new Error("a PostgreSQL test database has a URL");
    // One connection, so every query below meets the statements the earlier ones prepared.
    opened ??= new Kysely<Database>({ dialect: postgresDialect(createPostgresPool({ url, poolSize: 1, statementTimeoutMs: 5_000, connectTimeoutMs: 5_000 }), { prepared: true }) });
    return opened;
  };
  afterAll(async () => opened?.destroy());

  it("prepare a repeated query once per connection and answer it the same each time", async () => {
    const db = single();
    const answers = [];
    for (const id of [1, 2, 1]) answers.push(await sql<{ n: number }>`select ${id}::int * 10 as n`.execute(db));
    expect(answers.map(({ rows }) => rows[0]!.n)).toEqual([10, 20, 10]);
    const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements where not from_sql`.execute(db);
    expect(rows.filter((row) => row.statement.includes("* 10 as n"))).toHaveLength(1);
  });

  it("still run several statements sent without parameters", async () => {
    const db = single();
    await sql.raw("create temporary table prepared_a (id int); create temporary table prepared_b (id int)").execute(db);
    const { rows } = await sql<{ n: string }>`select count(*) as n from pg_class where relname in (${"prepared_a"}, ${"prepared_b"})`.execute(db);
    expect(Number(rows[0]!.n)).toBe(2);
  });

  it("keep finding a partial unique index through the conflict's predicate, however often the insert runs", async () => {
    const db = single();
    await sql`create table prepared_open (user_id int not null, status text not null)`.execute(db);
    await sql`create unique index prepared_open_one on prepared_open (user_id) where status = 'pending'`.execute(db);
    // Past the fifth run PostgreSQL may plan a prepared statement generically, with the predicate's value unknown.
    for (let run = 0; run < 8; run += 1) {
      await sql`insert into prepared_open (user_id, status) values (${1}, ${"pending"}) on conflict (user_id) where status = ${"pending"} do nothing`.execute(db);
    }
    const { rows } = await sql<{ n: string }>`select count(*) as n from prepared_open`.execute(db);
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it("answer with the new columns after a table changes under a prepared statement", async () => {
    const db = single();
    await sql`create table prepared_change (id int primary key)`.execute(db);
    await sql`insert into prepared_change values (1)`.execute(db);
    const before = await sql<Record<string, unknown>>`select * from prepared_change where id = ${1}`.execute(db);
    await sql`alter table prepared_change add column label text default 'new'`.execute(db);
    const after = await sql<Record<string, unknown>>`select * from prepared_change where id = ${1}`.execute(db);
    expect(before.rows).toEqual([{ id: 1 }]);
    expect(after.rows).toEqual([{ id: 1, label: "new" }]);
  });
});
