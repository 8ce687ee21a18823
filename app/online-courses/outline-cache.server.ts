import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { CurriculumRow } from "~/online-courses/curriculum";

/**
 * A course's content as every learner sees it, kept in process memory per content version: each
 * course's outline rows (chapters, sections, activities: titles, order, types, preview flags,
 * lengths) and its activities' own content (lesson text, video, mock exam facts). The version is
 * read with the course row on every request (no extra query), and triggers bump it in the
 * transaction of every change to a chapter, section or activity (migration 0013), so a process
 * never uses content older than the course row it has just read, however many processes serve
 * the site. Per-learner facts (enrolment, completions, access) are never cached.
 */

interface Entry<T> {
  version: number;
  value: Promise<T>;
}

/** Keyed by database too, so tests that swap databases never see another database's content. */
function versionedCache<T>(maxEntries: number) {
  const caches = new WeakMap<Kysely<Database>, Map<string, Entry<T>>>();
  return (database: Kysely<Database>, key: string, version: number, load: () => Promise<T>): Promise<T> => {
    let cache = caches.get(database);
    if (!cache) {
      cache = new Map();
      caches.set(database, cache);
    }
    const found = cache.get(key);
    if (found && found.version === version) {
      // Map order is insertion order: re-inserting marks it the most recently used.
      cache.delete(key);
      cache.set(key, found);
      return found.value;
    }
    // A request that read the course row just before an edit: the newer content will do.
    if (found && found.version > version) return found.value;
    // Concurrent requests share one load. The content is read after the version, so it is at least
    // that new; an entry that is newer than its version only costs a reload.
    const value = load().then((loaded) => deepFreeze(loaded));
    const entry: Entry<T> = { version, value };
    cache.delete(key);
    cache.set(key, entry);
    value.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    while (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
    return value;
  };
}

/** Shared by every request that reads it: frozen, so that none can change what the next one sees. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Enough for every course a process serves in practice; the least recently used goes first. */
const outlines = versionedCache<readonly CurriculumRow[]>(500);
/** The activities learners are on; a lesson's content is a few kilobytes. */
const contents = versionedCache<Record<string, unknown> | null>(5000);

export function cachedOutlineRows(
  database: Kysely<Database>,
  course: { id: number; content_version: number },
  load: () => Promise<CurriculumRow[]>,
): Promise<readonly CurriculumRow[]> {
  return outlines(database, String(course.id), course.content_version, load);
}

/** An activity's content, for an activity of `course` (whose content version covers it). */
export function cachedActivityContent(
  database: Kysely<Database>,
  course: { id: number; content_version: number },
  activityId: number,
  load: () => Promise<Record<string, unknown> | null>,
): Promise<Record<string, unknown> | null> {
  // Versions count per course: the key holds both.
  return contents(database, `${course.id}:${activityId}`, course.content_version, load);
}
