import { Migrator, type Kysely, type MigrationResult } from "kysely";
import { migrations } from "../../migrations/index";

/**
 * Applies every pending migration, forward only, one per transaction: a failure keeps the
 * migrations before it. Kysely takes an advisory lock around each step, so several app
 * machines may start at once.
 */
export async function migrateToLatest(kysely: Kysely<any>): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db: kysely,
    provider: { getMigrations: async () => migrations },
    // Work on separate areas lands in any order; a migration numbered below one already applied
    // still runs (each one only adds its own tables and columns).
    allowUnorderedMigrations: true,
  });
  const applied: MigrationResult[] = [];
  for (;;) {
    const { error, results = [] } = await migrator.migrateUp();
    if (error) {
      const failed = results.find((r) => r.status === "Error");
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${message}`, { cause: error });
    }
    if (results.length === 0) return applied;
    applied.push(...results);
  }
}
