import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";

/** Where a query runs: the app's database (`db()`) or a transaction the caller holds. */
export type Executor = Kysely<Database> | Transaction<Database>;
