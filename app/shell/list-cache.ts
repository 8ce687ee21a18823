/**
 * Lists the browser has already loaded, kept for reuse (SPEC §9: a cached list lives up to 30
 * minutes). A list is shown again at once instead of "Loading…"; whoever knows it changed (a
 * pushed event, the person's own change) drops it. Pure: time is passed in.
 */
export const LIST_CACHE_MAX_AGE_MS = 30 * 60 * 1000;

interface Entry<T> {
  value: T;
  storedAt: number;
}

export class ListCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly maxAgeMs: number = LIST_CACHE_MAX_AGE_MS) {
    if (!(maxAgeMs > 0) || maxAgeMs > LIST_CACHE_MAX_AGE_MS) throw new RangeError(`A list is kept for at most ${LIST_CACHE_MAX_AGE_MS} ms`);
  }

  /** The list stored under `key`, if it is younger than the cache's life; an older one is dropped. */
  get(key: string, now: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const age = now - entry.storedAt;
    // A clock set back makes the age negative: the list cannot be trusted to be fresh.
    if (age < 0 || age >= this.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T, now: number) {
    this.entries.set(key, { value, storedAt: now });
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
  }
}
