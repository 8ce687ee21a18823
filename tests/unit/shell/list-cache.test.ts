import { describe, expect, it } from "vitest";
import { LIST_CACHE_MAX_AGE_MS, ListCache } from "~/shell/list-cache";

const MINUTE = 60_000;
const start = Date.UTC(2026, 0, 31, 12);

describe("ListCache: a list is reused for up to 30 minutes", () => {
  it("keeps a list for 30 minutes at most (SPEC §9)", () => {
    expect(LIST_CACHE_MAX_AGE_MS).toBe(30 * MINUTE);
  });

  it.each<[string, number, string[] | undefined]>([
    ["just stored", 0, ["a"]],
    ["after a minute", MINUTE, ["a"]],
    ["one millisecond before 30 minutes", 30 * MINUTE - 1, ["a"]],
    ["at 30 minutes", 30 * MINUTE, undefined],
    ["after an hour", 60 * MINUTE, undefined],
    ["with the clock set back", -1, undefined],
  ])("%s", (_label, age, expected) => {
    const cache = new ListCache<string[]>();
    cache.set("bell", ["a"], start);
    expect(cache.get("bell", start + age)).toEqual(expected);
  });

  it("a shorter life can be chosen, a longer one cannot", () => {
    const cache = new ListCache<number>(5 * MINUTE);
    cache.set("k", 1, start);
    expect(cache.get("k", start + 5 * MINUTE - 1)).toBe(1);
    expect(cache.get("k", start + 5 * MINUTE)).toBeUndefined();
    expect(() => new ListCache(31 * MINUTE)).toThrow(RangeError);
    expect(() => new ListCache(0)).toThrow(RangeError);
  });

  it("an expired list stays gone even if the clock goes back", () => {
    const cache = new ListCache<number>();
    cache.set("k", 1, start);
    expect(cache.get("k", start + 31 * MINUTE)).toBeUndefined();
    expect(cache.get("k", start + MINUTE)).toBeUndefined();
  });

  it("storing again starts the life over", () => {
    const cache = new ListCache<number>();
    cache.set("k", 1, start);
    cache.set("k", 2, start + 20 * MINUTE);
    expect(cache.get("k", start + 40 * MINUTE)).toBe(2);
  });

  it("lists are kept apart by key, and dropped singly or all at once", () => {
    const cache = new ListCache<number>();
    cache.set("notifications:1", 1, start);
    cache.set("notifications:2", 2, start);
    expect(cache.get("unknown", start)).toBeUndefined();
    cache.delete("notifications:1");
    expect(cache.get("notifications:1", start)).toBeUndefined();
    expect(cache.get("notifications:2", start)).toBe(2);
    cache.clear();
    expect(cache.get("notifications:2", start)).toBeUndefined();
  });
});
