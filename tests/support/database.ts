import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { closeDatabase, useDatabase } from "../../app/db/db.server";
import { closeJobBackEnd } from "../../app/jobs/queue.server";
import { createPostgresPool, EMBEDDED_OPTIONS, embeddedDialect, observedDialect, postgresDialect } from "../../app/db/dialect.server";
import type { Database } from "../../app/db/schema";
import { databaseUrl } from "./database-target";

export interface TestDatabase {
  db: Kysely<Database>;
  kind: "postgres" | "embedded";
  /** Connection string of this file's own database (PostgreSQL only). */
  url?: string;
}

/**
 * Gives the calling test file a database of its own, copied from the migrated and seeded
 * template, installed as the app's database for the file's duration and dropped after.
 */
export function useTestDatabase(): () => TestDatabase {
  let current: TestDatabase | undefined;
  let cleanup: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const opened = await openTestDatabase();
    current = opened.database;
    cleanup = opened.close;
    useDatabase(current.db, current.kind, current.url);
  });

  afterAll(async () => {
    // A job back end the file's code opened (pg-boss has its own connections) closes first.
    await closeJobBackEnd();
    await closeDatabase();
    await cleanup?.();
  });

  return () => {
    if (!current) throw new Error("useTestDatabase(): the database opens in beforeAll");
    return current;
  };
}

export async function openTestDatabase(): Promise<{ database: TestDatabase; close: () => Promise<void> }> {
  const source = inject("testDatabase");
  if (source.kind === "embedded") {
    const dump = new Blob([readFileSync(source.dumpFile)]);
    const pglite = await PGlite.create({ loadDataDir: dump, ...EMBEDDED_OPTIONS });
    const db = new Kysely<Database>({ dialect: observedDialect(embeddedDialect(pglite)) });
    return { database: { db, kind: "embedded" }, close: async () => db.destroy() };
  }
  const name = `mkt_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await withAdmin(source.adminUrl, (admin) => admin.query(`create database "${name}" template "${source.template}"`));
  const url = databaseUrl(source.adminUrl, name);
  const pool = createPostgresPool({ url, poolSize: 5, statementTimeoutMs: 10_000, connectTimeoutMs: 5_000 });
  const db = new Kysely<Database>({ dialect: observedDialect(postgresDialect(pool, { prepared: true })) });
  return {
    database: { db, kind: "postgres", url },
    close: async () => {
      await db.destroy().catch(() => undefined);
      await withAdmin(source.adminUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}
