import { describe, expect, it } from "vitest";
import { adviceFor, KEY_SYSTEMS, PLAYBACK_CHECKS, resultsAfter, verdictOf, type PlaybackCheck } from "~/media/protected-playback";

describe("resultsAfter and verdictOf", () => {
  const all = (value: boolean) => Object.fromEntries(PLAYBACK_CHECKS.map((check) => [check, value])) as Record<PlaybackCheck, boolean>;
  it.each([
    ["everything works", all(true), ["passed", "passed", "passed", "passed", "passed"], null],
    ["an insecure connection stops the rest", { secureConnection: false }, ["failed", "skipped", "skipped", "skipped", "skipped"], "secureConnection"],
    ["no MP4 streaming", { secureConnection: true, mediaSource: false }, ["passed", "failed", "skipped", "skipped", "skipped"], "mediaSource"],
    ["no EME", { secureConnection: true, mediaSource: true, encryptedMedia: false }, ["passed", "passed", "failed", "skipped", "skipped"], "encryptedMedia"],
    ["protected content turned off", { secureConnection: true, mediaSource: true, encryptedMedia: true, keySystem: false }, ["passed", "passed", "passed", "failed", "skipped"], "keySystem"],
    ["licence refused", { ...all(true), licence: false }, ["passed", "passed", "passed", "passed", "failed"], "licence"],
    ["a later pass after a failure is not counted", { ...all(true), mediaSource: false }, ["passed", "failed", "skipped", "skipped", "skipped"], "mediaSource"],
    ["a check that never ran", { secureConnection: true, mediaSource: true }, ["passed", "passed", "skipped", "skipped", "skipped"], "encryptedMedia"],
  ] as const)("%s", (_name, outcomes, expected, firstFailed) => {
    const results = resultsAfter(outcomes);
    expect(PLAYBACK_CHECKS.map((check) => results[check])).toEqual(expected);
    expect(verdictOf(results)).toEqual(firstFailed ? { canPlay: false, firstFailed } : { canPlay: true });
  });
});

describe("adviceFor", () => {
  it.each(PLAYBACK_CHECKS.flatMap((check) => Object.keys(KEY_SYSTEMS).map((system) => [check, system] as const)))("%s with %s says what to do", (check, system) => {
    const advice = adviceFor(check, system as keyof typeof KEY_SYSTEMS);
    expect(advice.length).toBeGreaterThan(40);
  });

  it("names the protection system the student must allow", () => {
    expect(adviceFor("keySystem", "com.widevine.alpha")).toContain("Widevine");
    expect(adviceFor("keySystem", "org.w3.clearkey")).toContain("Clear Key");
    expect(adviceFor("secureConnection", "org.w3.clearkey")).toContain("https://");
  });
});
