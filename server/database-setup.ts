import type { AppConfig } from "../app/config/env.server";
import { openDatabase } from "../app/db/db.server";
import { migrateToLatest } from "../app/db/migrate.server";
import { logger } from "../app/utils/logger.server";
import { storeDemoBooklets } from "./seed/booklets";
import { storeDemoLessonMedia } from "./seed/lesson-media";
import { storeDemoNotes } from "./seed/notes";
import { storeDemoTranscript } from "./seed/scholarships";
import { seedDemoData } from "./seed/seed";

/**
 * Opens the database and brings it to the latest schema. Demo data goes into a brand-new
 * embedded database by itself, and into a PostgreSQL server only when SEED_DEMO_DATA is set;
 * with it, the demo lesson clips go into the lesson-media bucket under DATA_DIR.
 */
export async function prepareDatabase(config: AppConfig) {
  const started = Date.now();
  const opened = await openDatabase(config);
  const applied = await migrateToLatest(opened.kysely);
  if (applied.length) logger().info({ migrations: applied.map((m) => m.migrationName) }, "migrations applied");
  if (opened.isNewEmbeddedStore || config.SEED_DEMO_DATA) {
    const summary = await seedDemoData(opened.kysely);
    // The demo lessons' video files, also when the rows were there already (a fresh DATA_DIR).
    const lessonMedia = await storeDemoLessonMedia();
    await storeDemoNotes();
    await storeDemoTranscript();
    await storeDemoBooklets(opened.kysely);
    logger().info({ summary, lessonMedia }, "demo data loaded");
  }
  logger().info({ database: opened.kind, ms: Date.now() - started }, "database ready");
  return opened;
}
