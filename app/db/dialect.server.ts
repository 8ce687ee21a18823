import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite, parse as pgliteParse, protocol, type Results } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import {
  PostgresDialect,
  type CompiledQuery,
  type PostgresCursor,
  type PostgresPoolClient,
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

/**
 * Kysely on a pool. With `prepared`, each query with parameters runs as a named statement that
 * PostgreSQL parses and plans once per connection: the app sends the same few hundred statements
 * over and over, and planning them again cost the database more CPU than running them (the
 * student dashboard: ≈ 0.9 ms of planning against ≈ 0.7 ms of execution).
 */
export function postgresDialect(pool: pg.Pool, options: { prepared?: boolean } = {}): Dialect {
  if (!options.prepared) return new PostgresDialect({ pool });
  const statements = new StatementNames();
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return new PostgresDialect({
    pool: {
      connect: async () => {
        const client = await pool.connect();
        let wrapper = wrapped.get(client);
        if (!wrapper) wrapped.set(client, (wrapper = preparingClient(client, statements)));
        return wrapper;
      },
      end: () => pool.end(),
    },
  });
}

/** A process-wide name per statement text, up to a bound (beyond it statements run unnamed). */
export class StatementNames {
  private readonly names = new Map<string, string>();
  constructor(private readonly limit = 1_000) {}

  nameFor(text: string, parameterCount: number): string | undefined {
    // Without parameters node-postgres uses the simple protocol, which allows several statements
    // in one text (migrations); only plain data statements are named.
    if (parameterCount === 0 || !NAMEABLE.test(text) || INFERS_PARTIAL_INDEX.test(text)) return undefined;
    const known = this.names.get(text);
    if (known || this.names.size >= this.limit) return known;
    const name = `s${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }
}

const NAMEABLE = /^\s*(select|insert|update|delete|with)\s/i;
/**
 * `on conflict (…) where <predicate>` picks a partial unique index by proving its predicate from
 * the statement's. Once PostgreSQL switches a prepared statement to its generic plan (after five
 * runs) a parameter in that predicate is unknown, no index matches and the insert fails; such
 * statements are planned each time instead.
 */
const INFERS_PARTIAL_INDEX = /\bon conflict\s*\([^)]*\)\s*where\b/i;

function preparingClient(client: pg.PoolClient, statements: StatementNames): PostgresPoolClient {
  return {
    query: ((textOrCursor: string | PostgresCursor<unknown>, values?: readonly unknown[]) => {
      if (typeof textOrCursor !== "string") return client.query(textOrCursor as never);
      const name = statements.nameFor(textOrCursor, values?.length ?? 0);
      if (!name) return client.query(textOrCursor, values as unknown[]);
      return client.query({ name, text: textOrCursor, values: values as unknown[] }).catch((error: unknown) => {
        // A migration run by a newer process changed a table under a statement prepared before it.
        if ((error as { code?: string }).code === "0A000") return client.query(textOrCursor, values as unknown[]);
        throw error;
      });
    }) as unknown as PostgresPoolClient["query"],
    release: () => client.release(),
  };
}

/**
 * How the embedded database turns column values into JavaScript, set to match node-postgres so
 * domain code reads one shape on both drivers: int8 (count(*), bigint ids) stays a string, and
 * json/jsonb arrive parsed (named here so a change of PGlite's defaults cannot split them).
 */
const EMBEDDED_PARSERS = {
  20: (value: string) => value,
  114: (value: string) => JSON.parse(value) as unknown,
  3802: (value: string) => JSON.parse(value) as unknown,
};

/**
 * Everything an embedded database is opened with: the parsers above and the extensions the
 * migrations create (btree_gist: tutoring sessions that may not overlap). Every PGlite the app,
 * its tests and its scripts open uses these.
 */
export const EMBEDDED_OPTIONS = { parsers: EMBEDDED_PARSERS, extensions: { btree_gist } };

/** The embedded database: PostgreSQL compiled to WebAssembly, stored on disk in dataDir. */
export async function openEmbeddedDatabase(dataDir: string | undefined) {
  const isNew = dataDir === undefined || !existsSync(path.join(dataDir, "PG_VERSION"));
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...EMBEDDED_OPTIONS });
  return { pglite, isNew };
}

/**
 * Kysely on the embedded database, with each query with parameters prepared once by name, as on
 * a server. PGlite's own `query()` parses, plans and describes the text every time, six protocol
 * round trips into WebAssembly; a prepared statement is one (bind, execute, sync), and its plan
 * is kept. On the student dashboard that was ≈ 0.3 ms saved per query (docs/benchmarks.md).
 */
export function embeddedDialect(pglite: PGlite): Dialect {
  return new PGliteDialect(preparingPGlite(pglite, new StatementNames()) as PGlite);
}

interface PreparedStatement {
  name: string;
  parameterTypes: number[];
  /** Sent once at prepare time; prepended to every execution's messages for the parser. */
  rowDescription: unknown;
}

function preparingPGlite(pglite: PGlite, statements: StatementNames) {
  const prepared = new Map<string, PreparedStatement>();
  let generation = 0;
  const serialize = protocol.serialize;

  async function prepare(name: string, text: string): Promise<PreparedStatement> {
    const messages = await pglite.execProtocolStream(
      concatenate([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]),
      { syncToFs: false },
    );
    return {
      name,
      parameterTypes: pgliteParse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === "rowDescription"),
    };
  }

  async function run(text: string, values: readonly unknown[], name: string): Promise<Results> {
    return pglite.runExclusive(async () => {
      let statement = prepared.get(text);
      if (!statement) {
        statement = await prepare(`${name}_${generation}`, text);
        prepared.set(text, statement);
      }
      const parameterTypes = statement.parameterTypes;
      const serialized = values.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = pglite.serializers[parameterTypes[index]!];
        return serializer ? serializer(value) : String(value);
      });
      const messages = await pglite.execProtocolStream(
        concatenate([serialize.bind({ statement: statement.name, values: serialized }), serialize.execute({}), serialize.sync()]),
        { syncToFs: false },
      );
      await pglite.syncToFs();
      const all = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
      return pgliteParse.parseResults(all as typeof messages, pglite.parsers)[0]!;
    });
  }

  return {
    query: async (text: string, values: readonly unknown[] = []) => {
      const name = statements.nameFor(text, values.length);
      if (!name) return pglite.query(text, values as unknown[]);
      try {
        return await run(text, values, name);
      } catch (error) {
        // A migration changed a table under a statement prepared before it: prepare it afresh.
        if ((error as { code?: string }).code !== "0A000") throw error;
        prepared.delete(text);
        generation += 1;
        return pglite.query(text, values as unknown[]);
      }
    },
    close: () => pglite.close(),
  };
}

function concatenate(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
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
