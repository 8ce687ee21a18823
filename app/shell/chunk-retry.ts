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
