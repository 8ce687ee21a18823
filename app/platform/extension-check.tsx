import { useEffect } from "react";
import { CLIENT_ID_KEY, EXTENSION_CHECKED_KEY, EXTENSION_PING, EXTENSION_TIMEOUT_MS, extensionVersion } from "~/platform/extension";
import { request } from "~/shell/request";

function clientId(): string {
  let id = window.localStorage.getItem(CLIENT_ID_KEY);
  if (!id) {
    id = crypto.randomUUID();
    window.localStorage.setItem(CLIENT_ID_KEY, id);
  }
  return id;
}

async function reportVersion(version: string) {
  await request("/platform", { method: "PUT", json: { client_id: clientId(), extension_version: version }, background: true });
}

/** Whether this tab session already asked (or, with "set", that it has now); storage refused counts as not asked. */
function sessionFlag(use: "get" | "set"): boolean {
  try {
    if (use === "set") window.sessionStorage.setItem(EXTENSION_CHECKED_KEY, "1");
    return window.sessionStorage.getItem(EXTENSION_CHECKED_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Asks the marketplace's browser extension for its version (SPEC §7), once per tab session, when
 * the browser is idle after the page loaded. Without the extension nobody answers: the page waits
 * EXTENSION_TIMEOUT_MS for nothing and sends nothing. With it, the version is stored with this
 * browser's platform record (PUT /platform). Signed-in users only; renders nothing.
 */
export function ExtensionCheck() {
  useEffect(() => {
    if (sessionFlag("get")) return;
    let timer = 0;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window || event.origin !== window.location.origin) return;
      const version = extensionVersion(event.data);
      if (version === null) return;
      stop();
      void reportVersion(version);
    };
    const stop = () => {
      window.clearTimeout(timer);
      window.removeEventListener("message", onMessage);
    };
    const ask = () => {
      sessionFlag("set");
      window.addEventListener("message", onMessage);
      timer = window.setTimeout(stop, EXTENSION_TIMEOUT_MS);
      window.postMessage({ type: EXTENSION_PING }, window.location.origin);
    };
    // Safari has no requestIdleCallback: a second after the page is ready does as well.
    const idleCallback = typeof window.requestIdleCallback === "function";
    const idle = idleCallback ? window.requestIdleCallback(ask, { timeout: 3000 }) : window.setTimeout(ask, 1000);
    return () => {
      if (idleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      stop();
    };
  }, []);
  return null;
}
