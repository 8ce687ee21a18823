import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { isStoredFileName, readStoredRange, saveFile, storedFileSize } from "~/files/storage.server";

// A folder of this run, never the developer's data/ (read on first use of the config).
vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "storage-test-"));
});

async function read(stream: ReadableStream<Uint8Array>) {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("stored files", () => {
  it.each<[string, "avatars" | "booklets" | "lesson-media", boolean]>([
    ["1-normal-0a1b2c.webp", "avatars", true],
    ["course-3-0a1b2c.pdf", "booklets", true],
    ["demo-clip-1-0123456789abcdef.mp4", "lesson-media", true],
    ["lesson-0a1b.webm", "lesson-media", true],
    ["lesson-0a1b.vtt", "lesson-media", true],
    // Each bucket holds its own kinds of file.
    ["lesson-0a1b.mp4", "avatars", false],
    ["picture.webp", "lesson-media", false],
    ["course-3.pdf", "lesson-media", false],
    // Nothing that could leave the bucket's folder or hide another extension.
    ["../session-secret.mp4", "lesson-media", false],
    ["a/b.mp4", "lesson-media", false],
    ["..mp4", "lesson-media", false],
    [".hidden.mp4", "lesson-media", false],
    ["clip.mp4.exe", "lesson-media", false],
    ["clip.exe.mp4", "lesson-media", false],
    ["Clip.MP4", "lesson-media", false],
    ["clip.mp4\u0000", "lesson-media", false],
    ["", "lesson-media", false],
  ])("%j in %s: %s", (name, bucket, accepted) => {
    expect(isStoredFileName(bucket, name)).toBe(accepted);
  });

  it("refuses to store a name that is not one of ours", async () => {
    await expect(saveFile("lesson-media", "../escape.mp4", new Uint8Array(1))).rejects.toThrow(/Refusing/);
  });

  it("tells a file's size, and null for no such file or a name not ours", async () => {
    await saveFile("lesson-media", "size-test.vtt", new TextEncoder().encode("WEBVTT\n"));
    expect(await storedFileSize("lesson-media", "size-test.vtt")).toBe(7);
    expect(await storedFileSize("lesson-media", "no-such-file.vtt")).toBeNull();
    expect(await storedFileSize("lesson-media", "../size-test.vtt")).toBeNull();
    expect(await storedFileSize("avatars", "size-test.vtt")).toBeNull();
  });

  it("streams any byte range of a file larger than one read, chunk by chunk", async () => {
    const content = randomBytes(300_000);
    await saveFile("lesson-media", "range-test.mp4", content);
    for (const [start, end] of [
      [0, content.byteLength - 1],
      [0, 0],
      [65_535, 65_536],
      [70_000, 200_000],
      [content.byteLength - 1, content.byteLength - 1],
    ] as const) {
      const got = Buffer.from(await read(readStoredRange("lesson-media", "range-test.mp4", start, end)));
      // Buffer comparison: a deep equality of 300,000 elements is slow.
      expect(got.equals(content.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
    // Read as asked: the first read gives at most one chunk.
    const reader = readStoredRange("lesson-media", "range-test.mp4", 0, content.byteLength - 1).getReader();
    const first = await reader.read();
    expect(first.value!.byteLength).toBeLessThanOrEqual(64 * 1024);
    await reader.cancel();
  });

  it("opens nothing until read, and fails the stream for a missing or shortened file", async () => {
    // No error on making the stream: a HEAD answer never reads it.
    const missing = readStoredRange("lesson-media", "never-stored.mp4", 0, 9);
    await expect(read(missing)).rejects.toThrow(/ENOENT/);
    await saveFile("lesson-media", "short-test.mp4", new Uint8Array(10));
    await expect(read(readStoredRange("lesson-media", "short-test.mp4", 0, 19))).rejects.toThrow(/ended at byte 10/);
    await expect(read(readStoredRange("lesson-media", "../short-test.mp4", 0, 9))).rejects.toThrow(/Not a stored file name/);
  });
});
