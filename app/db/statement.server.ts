import { createQueryId, type Compilable, type CompiledQuery } from "kysely";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";

/** Stands in for one value while a statement is built; replaced by the value on every run. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A statement whose SQL is built and compiled once per process, then run with new values each
 * time. Building and compiling a large Kysely query (the session with the shell's read, the
 * student dashboard) cost a signed-in page more CPU than PostgreSQL spent running it, for SQL
 * that never changes between requests.
 *
 * `build` gets stand-ins for the values, typed as the values. Hand each one to Kysely where one
 * parameter goes (`=`, `>`, `limit`, `sql.val`, an `Expression` made with `sql.val`); never
 * branch on it, compute with it or spread it into an `in` list (use `= any(…)` for a list).
 * A statement whose shape depends on a value is one statement per shape.
 */
export function statement<Values extends Record<string, unknown>, Row>(build: (values: Values) => Compilable<Row>) {
  let compiled: CompiledQuery<Row> | undefined;
  const bound = (values: Values): CompiledQuery<Row> => {
    compiled ??= compileOnce(build);
    const parameters = compiled.parameters.map((parameter) => {
      if (!(parameter instanceof Slot)) return parameter;
      if (!(parameter.name in values)) throw new Error(`statement: no value for "${parameter.name}"`);
      return values[parameter.name];
    });
    return { ...compiled, parameters, queryId: createQueryId() };
  };
  return {
    /** Every row. */
    async execute(values: Values, executor: Executor = db()): Promise<Row[]> {
      return (await executor.executeQuery(bound(values))).rows;
    },
    /** The first row, if any. */
    async executeTakeFirst(values: Values, executor: Executor = db()): Promise<Row | undefined> {
      return (await executor.executeQuery(bound(values))).rows[0];
    },
    /** The SQL this statement runs (tests). */
    get sql() {
      compiled ??= compileOnce(build);
      return compiled.sql;
    },
  };
}

function compileOnce<Values extends Record<string, unknown>, Row>(build: (values: Values) => Compilable<Row>): CompiledQuery<Row> {
  const slots = new Map<string, Slot>();
  const standIns = new Proxy({} as Values, {
    get(_target, name) {
      if (typeof name !== "string") return undefined;
      let slot = slots.get(name);
      if (!slot) slots.set(name, (slot = new Slot(name)));
      return slot;
    },
  });
  const compiled = build(standIns).compile();
  // A stand-in that was read but is not a parameter was used in a way the SQL cannot follow.
  for (const slot of slots.values()) {
    if (!compiled.parameters.includes(slot)) throw new Error(`statement: "${slot.name}" was read but is not a parameter of the SQL`);
  }
  return compiled;
}
