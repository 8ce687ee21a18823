import type { Kysely } from "kysely";
import { runStatements } from "./support";

// A study room's billing period is paid from the student's tokens at most once: the ledger row
// names the period, and the database refuses a second row for it whatever the code does.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `create unique index token_ledger_study_room_billing_idx on token_ledger (reference) where reason = 'study_room_billing';`);
}
