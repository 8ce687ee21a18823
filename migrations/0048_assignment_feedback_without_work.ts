import type { Kysely } from "kysely";
import { runStatements } from "./support";

// A teacher may leave feedback for a student who has not handed anything in ("Please send your
// work"): the row then holds the feedback with no hand-in time, and handing in later fills it in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table course_assignment_users alter column submitted_at drop not null;
    alter table course_assignment_users alter column submitted_at drop default
    `,
  );
}
