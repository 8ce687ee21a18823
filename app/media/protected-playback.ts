/**
 * Whether a browser can play the protected lesson videos, in plain words (/drm-video-testing).
 * The checks themselves run in the browser (protected-playback.client.ts); this module names
 * them, says what each failure means and what to do, and gives the overall verdict.
 */

/** The Encrypted Media Extensions key systems lesson videos may be protected with. */
export const KEY_SYSTEMS = {
  "org.w3.clearkey": "Clear Key",
  "com.widevine.alpha": "Widevine",
} as const;
export type KeySystem = keyof typeof KEY_SYSTEMS;

export const PLAYBACK_CHECKS = ["secureConnection", "mediaSource", "encryptedMedia", "keySystem", "licence"] as const;
export type PlaybackCheck = (typeof PLAYBACK_CHECKS)[number];
export type CheckOutcome = "passed" | "failed" | "skipped";
export type PlaybackResults = Record<PlaybackCheck, CheckOutcome>;

export const CHECK_NAMES: Record<PlaybackCheck, string> = {
  secureConnection: "A secure connection to the site",
  mediaSource: "Streaming video (Media Source Extensions, MP4 and H.264)",
  encryptedMedia: "Protected media (Encrypted Media Extensions)",
  keySystem: "The video protection system",
  licence: "A test licence for a protected video",
};

/** What a student should do when a check fails, in the order they should try it. */
export function adviceFor(check: PlaybackCheck, keySystem: KeySystem): string {
  const system = KEY_SYSTEMS[keySystem];
  switch (check) {
    case "secureConnection":
      return "Protected videos only play over a secure connection. Open the site with https:// at the start of the address.";
    case "mediaSource":
      return "This browser cannot stream MP4 video. Update it, or use a current version of Chrome, Edge, Firefox or Safari.";
    case "encryptedMedia":
      return "This browser cannot play protected video. Update it, or use a current version of Chrome, Edge, Firefox or Safari. Private windows of some browsers turn this off: try a normal window.";
    case "keySystem":
      return `Playing protected content (${system}) is turned off or not available in this browser. In Firefox, turn on “Play DRM-controlled content” in Settings; in Chrome or Edge, allow protected content in the site settings; then check again.`;
    case "licence":
      return "The browser did not accept a test licence. Turn off extensions that block media or scripts on this site, then check again; if it keeps failing, contact support with this page's results.";
  }
}

/**
 * Each later check needs the one before it: a failed check skips the rest, so the student gets
 * one thing to fix first.
 */
export function resultsAfter(outcomes: Partial<Record<PlaybackCheck, boolean>>): PlaybackResults {
  const results = {} as PlaybackResults;
  let failedBefore = false;
  for (const check of PLAYBACK_CHECKS) {
    const outcome = outcomes[check];
    if (failedBefore || outcome === undefined) results[check] = "skipped";
    else results[check] = outcome ? "passed" : "failed";
    if (outcome === false || outcome === undefined) failedBefore = true;
  }
  return results;
}

export type Verdict = { canPlay: true } | { canPlay: false; firstFailed: PlaybackCheck };

export function verdictOf(results: PlaybackResults): Verdict {
  const firstFailed = PLAYBACK_CHECKS.find((check) => results[check] !== "passed");
  return firstFailed ? { canPlay: false, firstFailed } : { canPlay: true };
}
