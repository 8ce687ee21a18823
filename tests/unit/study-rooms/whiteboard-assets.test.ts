import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EXCALIDRAW_VERSION } from "~/study-rooms/whiteboard-assets";

describe("the whiteboard's font path", () => {
  it("names the Excalidraw version that is installed, so cached fonts never outlive it", () => {
    const installed = JSON.parse(readFileSync("node_modules/@excalidraw/excalidraw/package.json", "utf8")) as { version: string };
    expect(EXCALIDRAW_VERSION).toBe(installed.version);
  });
});
