import { resultsAfter, type KeySystem, type PlaybackCheck, type PlaybackResults } from "./protected-playback";

const VIDEO_TYPE = 'video/mp4; codecs="avc1.42E01E"';

// A test key pair for the licence check only: it protects nothing.
const TEST_KEY_ID = "AAECAwQFBgcICQoLDA0ODw";
const TEST_KEY = "bGVzc29uLXZpZGVvLWtleQ";

const withTimeout = <T>(work: Promise<T>, ms: number) =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timed out")), ms))]);

/** Runs the checks in order, stopping at the first that fails (later ones need it). */
export async function checkProtectedPlayback(keySystem: KeySystem): Promise<PlaybackResults> {
  const outcomes: Partial<Record<PlaybackCheck, boolean>> = {};
  outcomes.secureConnection = window.isSecureContext;
  if (!outcomes.secureConnection) return resultsAfter(outcomes);
  outcomes.mediaSource = typeof MediaSource !== "undefined" && MediaSource.isTypeSupported(VIDEO_TYPE);
  if (!outcomes.mediaSource) return resultsAfter(outcomes);
  outcomes.encryptedMedia = typeof navigator.requestMediaKeySystemAccess === "function";
  if (!outcomes.encryptedMedia) return resultsAfter(outcomes);
  let access: MediaKeySystemAccess;
  try {
    access = await withTimeout(
      navigator.requestMediaKeySystemAccess(keySystem, [{ initDataTypes: ["keyids", "cenc"], videoCapabilities: [{ contentType: VIDEO_TYPE }] }]),
      10_000,
    );
    outcomes.keySystem = true;
  } catch {
    outcomes.keySystem = false;
    return resultsAfter(outcomes);
  }
  // Only Clear Key's licence can be made in the page; other systems need their licence server.
  if (keySystem !== "org.w3.clearkey") {
    outcomes.licence = true;
    return resultsAfter(outcomes);
  }
  try {
    outcomes.licence = await withTimeout(clearKeyLicenceExchange(access), 10_000);
  } catch {
    outcomes.licence = false;
  }
  return resultsAfter(outcomes);
}

/** A Clear Key session asks for a licence for the test key id, gets it, and reports the key usable. */
async function clearKeyLicenceExchange(access: MediaKeySystemAccess): Promise<boolean> {
  const keys = await access.createMediaKeys();
  const session = keys.createSession("temporary");
  const usable = new Promise<boolean>((resolve) => {
    session.addEventListener("keystatuseschange", () => {
      let status: MediaKeyStatus | undefined;
      session.keyStatuses.forEach((value) => (status = value));
      if (status) resolve(status === "usable");
    });
  });
  session.addEventListener("message", () => {
    const licence = JSON.stringify({ keys: [{ kty: "oct", kid: TEST_KEY_ID, k: TEST_KEY }], type: "temporary" });
    void session.update(new TextEncoder().encode(licence)).catch(() => undefined);
  });
  const initData = new TextEncoder().encode(JSON.stringify({ kids: [TEST_KEY_ID] }));
  await session.generateRequest("keyids", initData);
  const result = await usable;
  await session.close().catch(() => undefined);
  return result;
}
