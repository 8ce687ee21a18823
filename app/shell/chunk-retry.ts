/**
 * SPEC §4: a chunk-load error (a page's code could not be fetched, e.g. after a deploy replaced
 * it) is retried once by reloading the page; if it fails again, the error page shows with a
 * Retry button. The one retry is remembered per path for the browser tab (sessionStorage).
 */
export const CHUNK_RETRY_KEY_PREFIX = "chunk-retry:";

export function chunkRetryKey(pathname: string) {
  return `${CHUNK_RETRY_KEY_PREFIX}${pathname}`;
}

/** "reload" the first time this path fails to load its code, "show-error" after that. */
export function chunkErrorAction(alreadyRetried: boolean): "reload" | "show-error" {
  return alreadyRetried ? "show-error" : "reload";
}

/** Runs the rule in the browser; returns true when the page is reloading. */
export function retryChunkLoadOnce(storage: Pick<Storage, "getItem" | "setItem" | "removeItem">, pathname: string, reload: () => void): boolean {
  const key = chunkRetryKey(pathname);
  const action = chunkErrorAction(storage.getItem(key) !== null);
  if (action === "reload") {
    storage.setItem(key, String(Date.now()));
    reload();
    return true;
  }
  // Shown once: a later failure (after the user presses Retry) gets its automatic retry again.
  storage.removeItem(key);
  return false;
}

/** SPEC §8: a lazily loaded chunk is fetched up to 3 more times, 1.5 s apart. */
export const CHUNK_LOAD_RETRIES = 3;
export const CHUNK_LOAD_RETRY_DELAY_MS = 1500;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Wraps a dynamic import (`lazy(() => retryImport(() => import("…")))`): a chunk that fails to
 * load (a dropped connection, a deploy mid-visit) is asked for again up to 3 times, 1.5 s apart;
 * the last failure goes on to the error boundary, where the rule above (reload once, then the
 * error page with Retry) takes over.
 */
export async function retryImport<T>(load: () => Promise<T>, retries = CHUNK_LOAD_RETRIES, delayMs = CHUNK_LOAD_RETRY_DELAY_MS, sleep = wait): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= retries) throw error;
      await sleep(delayMs);
    }
  }
}
