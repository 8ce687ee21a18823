// Loads the demo catalogue and accounts (idempotent: does nothing if they are present) and
// stores the demo lesson clips in the lesson-media bucket (those already stored are left).
import { config, ConfigError } from "../../app/config/env.server";
import { closeDatabase, openDatabase } from "../../app/db/db.server";
import { migrateToLatest } from "../../app/db/migrate.server";
import { storeDemoLessonMedia } from "../seed/lesson-media";
import { seedDemoData } from "../seed/seed";

try {
  const opened = await openDatabase(config());
  await migrateToLatest(opened.kysely);
  const summary = await seedDemoData(opened.kysely);
  console.log("Demo data:", summary);
  console.log("Demo lesson media:", await storeDemoLessonMedia());
  await closeDatabase();
} catch (error) {
  console.error(error instanceof ConfigError ? `Cannot seed: ${error.message}` : error);
  process.exit(1);
}
