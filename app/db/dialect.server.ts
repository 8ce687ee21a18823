import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import {
  PostgresDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import { DatabaseUnavailableError, isDatabaseUnavailableError, isTranslatedUnavailableError } from "~/db/connection-errors";
import { logger } from "~/utils/logger.server";
import { currentRequestContext } from "~/utils/request-context.server";

export interface PostgresOptions {
  url: string;
  poolSize: number;
  statementTimeoutMs: number;
  connectTimeoutMs: number;
}

/**
 * A pool that fails fast and recovers by itself: a listener for idle-client errors
 * (else a PostgreSQL restart kills the process), a connect timeout and statement/query
 * timeouts (else a network stall hangs requests forever).
 */
export function createPostgresPool(options: PostgresOptions) {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    connectionTimeoutMillis: options.connectTimeoutMs,
    idleTimeoutMillis: 30_000,
    statement_timeout: options.statementTimeoutMs,
    query_timeout: options.statementTimeoutMs + 1_000,
    keepAlive: true,
    application_name: "marketplace",
  });
  pool.on("error", (error) => {
    logger().warn({ err: error }, "idle database connection failed; the pool will replace it");
  });
  // A checked-out client whose socket dies between queries emits 'error' with no pool
  // listener attached, which would crash the process. The query in flight (if any) fails
  // on its own, and the pool drops the broken client when it is released.
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      logger().warn({ err: error }, "database connection lost");
    });
  });
  return pool;
}

export function postgresDialect(pool: pg.Pool): Dialect {
  return new PostgresDialect({ pool });
}

/**
 * How the embedded database turns column values into JavaScript, set to match node-postgres so
 * domain code reads one shape on both drivers: int8 (count(*), bigint ids) stays a string, and
 * json/jsonb arrive parsed (named here so a change of PGlite's defaults cannot split them).
 * Every PGlite the app, its tests and its scripts open uses these.
 */
export const EMBEDDED_PARSERS = {
  20: (value: string) => value,
  114: (value: string) => JSON.parse(value) as unknown,
  3802: (value: string) => JSON.parse(value) as unknown,
};

/** The embedded database: PostgreSQL compiled to WebAssembly, stored on disk in dataDir. */
export async function openEmbeddedDatabase(dataDir: string | undefined) {
  const isNew = dataDir === undefined || !existsSync(path.join(dataDir, "PG_VERSION"));
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), parsers: EMBEDDED_PARSERS });
  return { pglite, isNew };
}

export function embeddedDialect(pglite: PGlite): Dialect {
  return new PGliteDialect(pglite);
}

/**
 * Wraps a dialect so that losing the database surfaces as DatabaseUnavailableError
 * (answered 503) and every query is counted against the current request.
 */
export function observedDialect(inner: Dialect): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createDriver: () => new ObservedDriver(inner.createDriver()),
  };
}

function translate(error: unknown): unknown {
  if (isDatabaseUnavailableError(error) && !isTranslatedUnavailableError(error)) {
    const context = currentRequestContext();
    if (context) context.databaseUnavailable = true;
    return new DatabaseUnavailableError(error);
  }
  return error;
}

class ObservedConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const context = currentRequestContext();
    if (context) context.queryCount += 1;
    try {
      return await this.inner.executeQuery<R>(compiledQuery);
    } catch (error) {
      throw translate(error);
    }
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

class ObservedDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    try {
      return new ObservedConnection(await this.inner.acquireConnection());
    } catch (error) {
      throw translate(error);
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(unwrap(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(unwrap(connection));
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(unwrap(connection));
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(unwrap(connection));
  }

  destroy() {
    return this.inner.destroy();
  }
}

function unwrap(connection: DatabaseConnection) {
  return connection instanceof ObservedConnection ? connection.inner : connection;
}
