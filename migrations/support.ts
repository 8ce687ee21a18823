import { sql, type Kysely } from "kysely";

/**
 * Runs a block of DDL one statement at a time: the extended query protocol
 * (used by PGlite and by pg with parameters) accepts a single statement per call.
 * Statements are separated by a semicolon at the end of a line.
 */
export async function runStatements(db: Kysely<unknown>, ddl: string) {
  const statements = ddl
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.trim())
    .filter(Boolean);
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
