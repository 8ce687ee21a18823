import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { CurriculumRow } from "~/online-courses/curriculum";

/**
 * Each course's outline rows (chapters, sections, activities: titles, order, types, preview
 * flags, lengths — nothing about any learner), kept in process memory per course and content
 * version. The version is read with the course row on every request (no extra query), and
 * triggers bump it in the transaction of every change to the outline (migration 0013), so a
 * process never uses an outline older than the course row it has just read, however many
 * processes serve the site. Per-learner facts (enrolment, completions, access) are never cached.
 */

interface Entry {
  version: number;
  rows: Promise<readonly CurriculumRow[]>;
}

/** Enough for every course a process serves in practice; the least recently used goes first. */
const MAX_COURSES = 500;

// Keyed by database too, so tests that swap databases never see another database's outlines.
const caches = new WeakMap<Kysely<Database>, Map<number, Entry>>();

export function cachedOutlineRows(
  database: Kysely<Database>,
  course: { id: number; content_version: number },
  load: () => Promise<CurriculumRow[]>,
): Promise<readonly CurriculumRow[]> {
  let cache = caches.get(database);
  if (!cache) {
    cache = new Map();
    caches.set(database, cache);
  }
  const found = cache.get(course.id);
  if (found && found.version === course.content_version) {
    // Map order is insertion order: re-inserting marks it the most recently used.
    cache.delete(course.id);
    cache.set(course.id, found);
    return found.rows;
  }
  // A request that read the course row just before an edit: the newer outline will do.
  if (found && found.version > course.content_version) return found.rows;
  // Concurrent requests for a course share one load. The rows are read after the version, so
  // they are at least that new; an entry that is newer than its version only costs a reload.
  const rows = load().then((loaded) => Object.freeze(loaded));
  const entry: Entry = { version: course.content_version, rows };
  cache.delete(course.id);
  cache.set(course.id, entry);
  rows.catch(() => {
    if (cache.get(course.id) === entry) cache.delete(course.id);
  });
  while (cache.size > MAX_COURSES) cache.delete(cache.keys().next().value!);
  return rows;
}
