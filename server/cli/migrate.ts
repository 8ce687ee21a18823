// The release command: bring the database to the latest schema, then exit.
import { config, ConfigError } from "../../app/config/env.server";
import { closeDatabase, openDatabase } from "../../app/db/db.server";
import { migrateToLatest } from "../../app/db/migrate.server";

try {
  const opened = await openDatabase(config());
  const applied = await migrateToLatest(opened.kysely);
  console.log(applied.length ? `Applied: ${applied.map((m) => m.migrationName).join(", ")}` : "The database is up to date.");
  await closeDatabase();
} catch (error) {
  console.error(error instanceof ConfigError ? `Cannot migrate: ${error.message}` : error);
  process.exit(1);
}
