import { Kysely, sql } from "kysely";
import type { AppConfig } from "~/config/env.server";
import {
  createPostgresPool,
  embeddedDialect,
  observedDialect,
  openEmbeddedDatabase,
  postgresDialect,
} from "~/db/dialect.server";
import type { Database } from "~/db/schema";
import { resetSingleton, singleton } from "~/utils/singleton.server";

interface OpenDatabase {
  kysely: Kysely<Database>;
  kind: "postgres" | "embedded";
  /** True when the embedded data folder was created by this start (it then gets demo data). */
  isNewEmbeddedStore: boolean;
  /** Whether closeDatabase() should close it (not when a test installed its own). */
  owned: boolean;
  /** The PostgreSQL server's URL, for the realtime listener's own connection (LISTEN/NOTIFY). */
  url?: string;
}

const slot = () => singleton("database", () => ({ current: undefined as OpenDatabase | undefined }));

/** The app's database. Opened once at start by the server (or a test) with openDatabase(). */
export function db(): Kysely<Database> {
  const current = slot().current;
  if (!current) throw new Error("The database is not open: call openDatabase() at start");
  return current.kysely;
}

export function databaseKind() {
  return slot().current?.kind;
}

/** The PostgreSQL server's URL when the app runs on one (and it is known). */
export function databaseUrl() {
  return slot().current?.url;
}

export async function openDatabase(config: Pick<AppConfig, "database" | "DATABASE_POOL_SIZE" | "DATABASE_STATEMENT_TIMEOUT_MS" | "DATABASE_CONNECT_TIMEOUT_MS" | "DATABASE_PREPARED_STATEMENTS">) {
  if (slot().current) return slot().current!;
  let opened: OpenDatabase;
  if (config.database.kind === "postgres") {
    const pool = createPostgresPool({
      url: config.database.url,
      poolSize: config.DATABASE_POOL_SIZE,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    });
    opened = {
      kysely: new Kysely<Database>({ dialect: observedDialect(postgresDialect(pool, { prepared: config.DATABASE_PREPARED_STATEMENTS })) }),
      kind: "postgres",
      isNewEmbeddedStore: false,
      owned: true,
      url: config.database.url,
    };
  } else {
    const { pglite, isNew } = await openEmbeddedDatabase(config.database.dataDir);
    opened = {
      kysely: new Kysely<Database>({ dialect: observedDialect(embeddedDialect(pglite)) }),
      kind: "embedded",
      isNewEmbeddedStore: isNew,
      owned: true,
    };
  }
  slot().current = opened;
  return opened;
}

/** Lets tests (and tools) install a database of their own. */
export function useDatabase(kysely: Kysely<Database>, kind: OpenDatabase["kind"] = "postgres", url?: string) {
  slot().current = { kysely, kind, isNewEmbeddedStore: false, owned: false, url };
}

export async function closeDatabase() {
  const current = slot().current;
  slot().current = undefined;
  resetSingleton("database");
  if (current?.owned) await current.kysely.destroy();
}

/** Answers whether the database takes a trivial query within the time limit. */
export async function isDatabaseReachable(timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const probe = sql`select 1 as ok`.execute(db()).then(() => true);
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    return await Promise.race([probe, timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
