import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateToLatest } from "../../app/db/migrate.server";
import { createPostgresPool, EMBEDDED_OPTIONS, postgresDialect } from "../../app/db/dialect.server";
import type { Database } from "../../app/db/schema";
import { seedDemoData } from "../../server/seed/seed";
import { databaseUrl, detectDatabaseTarget } from "./database-target";

export type TestDatabaseSource =
  | { kind: "postgres"; adminUrl: string; template: string }
  | { kind: "embedded"; dumpFile: string };

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
  }
}

/** A fingerprint of everything that shapes the embedded template: schema and demo data. */
function schemaFingerprint() {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(full).update(readFileSync(full));
    }
  };
  walk("migrations");
  walk("server/seed");
  return hash.digest("hex").slice(0, 12);
}

async function prepareTemplate(kysely: Kysely<Database>) {
  await migrateToLatest(kysely);
  await seedDemoData(kysely);
}

/**
 * Builds this run's template database (migrated and seeded); each test file copies it.
 * Returns the source and a teardown that drops the template, leaving nothing behind.
 */
async function preparePostgres(adminUrl: string) {
  const template = `mkt_tpl_${process.pid}`;
  await withAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'mkt_%'");
    // Leftovers of test runs that were killed: their process is gone.
    for (const { datname } of rows) {
      const pid = /^mkt_(?:test|tpl)_(\d+)/.exec(datname)?.[1];
      if (pid && !processAlive(Number(pid))) await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    await admin.query(`drop database if exists "${template}" with (force)`);
    await admin.query(`create database "${template}"`);
  });
  const pool = createPostgresPool({ url: databaseUrl(adminUrl, template), poolSize: 2, statementTimeoutMs: 60_000, connectTimeoutMs: 5_000 });
  const kysely = new Kysely<Database>({ dialect: postgresDialect(pool) });
  await prepareTemplate(kysely);
  await kysely.destroy();
  return {
    source: { kind: "postgres", adminUrl, template } as const,
    teardown: () => withAdmin(adminUrl, (admin) => admin.query(`drop database if exists "${template}" with (force)`)),
  };
}

async function withAdmin<T>(adminUrl: string, run: (admin: pg.Client) => Promise<T>) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

async function prepareEmbedded(): Promise<TestDatabaseSource> {
  const dumpFile = path.join(tmpdir(), `mkt-pglite-template-${schemaFingerprint()}.tar.gz`);
  if (!existsSync(dumpFile)) {
    const pglite = await PGlite.create(EMBEDDED_OPTIONS);
    const kysely = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    await prepareTemplate(kysely);
    const dump = await pglite.dumpDataDir("gzip");
    writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
    await kysely.destroy();
  }
  return { kind: "embedded", dumpFile };
}

function processAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function provideTestDatabase(project: TestProject, kind: "postgres" | "embedded") {
  if (kind === "embedded") {
    project.provide("testDatabase", await prepareEmbedded());
    return;
  }
  const target = await detectDatabaseTarget();
  if (target.kind !== "postgres") throw new Error("No PostgreSQL server answers (set TEST_DATABASE_URL)");
  const { source, teardown } = await preparePostgres(target.adminUrl);
  project.provide("testDatabase", source);
  return teardown;
}
