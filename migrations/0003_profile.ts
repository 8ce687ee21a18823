import type { Kysely } from "kysely";
import { runStatements } from "./support";

// Profile (issue 3 item 6): when the user accepted the contract (PUT /api/v1/users/accept_contract).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table users add column contract_accepted_at timestamptz;
    `,
  );
}
