import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { packageOf } from "../../scripts/shell-chunk";

/**
 * What every page downloads before its own route: the client entry and the root route with all
 * they import (the "shell" chunk, scripts/shell-chunk.ts). A package one shell module imports for
 * a side job (a form's zod schema next to a menu helper) lands in every page's JavaScript, so the
 * packages that belong to forms and study rooms are checked against the build's source maps.
 */
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const FORBIDDEN = ["zod", "@conform-to/zod", "@conform-to/react", "@excalidraw/excalidraw", "livekit-client"];

describe("the JavaScript every page loads", () => {
  it(`holds none of ${FORBIDDEN.join(", ")}`, async () => {
    const { assets } = (await import(path.join(buildDir, "server", "index.js"))) as ServerBuild;
    const root = assets.routes.root!;
    const files = new Set([assets.entry.module, ...assets.entry.imports, root.module, ...(root.imports ?? [])]);
    const packages = new Set<string>();
    for (const file of files) {
      const mapFile = path.join(buildDir, "client", `${file}.map`);
      expect(existsSync(mapFile), `${file} has a source map`).toBe(true);
      const { sources } = JSON.parse(readFileSync(mapFile, "utf8")) as { sources: string[] };
      for (const source of sources) {
        const name = packageOf(source);
        if (name) packages.add(name);
      }
    }
    expect(packages, "the shell is React and Remix at least").toContain("react-dom");
    expect(FORBIDDEN.filter((name) => packages.has(name))).toEqual([]);
  });
});
