import { afterEach, describe, expect, it, vi } from "vitest";
import { CHUNK_LOAD_RETRIES, CHUNK_LOAD_RETRY_DELAY_MS, retryImport } from "~/shell/chunk-retry";

afterEach(() => {
  vi.useRealTimers();
});

/** A chunk whose first `failures` fetches fail. */
function flakyChunk(failures: number) {
  let calls = 0;
  const load = vi.fn(async () => {
    calls++;
    if (calls <= failures) throw new TypeError("Failed to fetch dynamically imported module");
    return { default: "Dialog" };
  });
  return load;
}

describe("retryImport: a lazily loaded chunk is asked for up to 3 more times, 1.5 s apart (SPEC §8)", () => {
  it("3 retries, 1.5 s apart", () => {
    expect(CHUNK_LOAD_RETRIES).toBe(3);
    expect(CHUNK_LOAD_RETRY_DELAY_MS).toBe(1500);
  });

  it("a chunk that loads is fetched once", async () => {
    const load = flakyChunk(0);
    await expect(retryImport(load)).resolves.toEqual({ default: "Dialog" });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("waits 1.5 s before each retry", async () => {
    vi.useFakeTimers();
    const load = flakyChunk(2);
    const loading = retryImport(load);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1499);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1500);
    expect(load).toHaveBeenCalledTimes(3);
    await expect(loading).resolves.toEqual({ default: "Dialog" });
  });

  it("the third retry can still succeed", async () => {
    vi.useFakeTimers();
    const load = flakyChunk(3);
    const loading = retryImport(load);
    await vi.advanceTimersByTimeAsync(3 * 1500);
    await expect(loading).resolves.toEqual({ default: "Dialog" });
    expect(load).toHaveBeenCalledTimes(4);
  });

  it("after 3 failed retries the error goes on to the error boundary (the chunk-load rule of SPEC §4)", async () => {
    vi.useFakeTimers();
    const load = flakyChunk(10);
    const loading = retryImport(load);
    const outcome = expect(loading).rejects.toThrow("Failed to fetch dynamically imported module");
    await vi.advanceTimersByTimeAsync(10 * 1500);
    await outcome;
    expect(load).toHaveBeenCalledTimes(4);
  });
});
