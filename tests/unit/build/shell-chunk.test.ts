import { describe, expect, it } from "vitest";
import { packageOf, shellChunk, staticClosure } from "../../../scripts/shell-chunk";

/** A module graph: each id with its static imports. */
const graph: Record<string, string[]> = {
  root: ["shell-menus", "react"],
  entry: ["react-dom"],
  "shell-menus": ["format", "react"],
  react: [],
  "react-dom": ["react", "scheduler"],
  scheduler: [],
  format: [],
  // Only a route (or a dynamic import) reaches these.
  "pricing-route": ["plan-cards", "format"],
  "plan-cards": [],
};
const getModuleInfo = (id: string) => (graph[id] ? { importedIds: graph[id]! } : null);

describe("the shell chunk", () => {
  it("holds everything the root route and the client entry import, directly or not", () => {
    expect([...staticClosure(["root", "entry"], getModuleInfo)].sort()).toEqual(
      ["entry", "format", "react", "react-dom", "root", "scheduler", "shell-menus"].sort(),
    );
  });

  it("leaves route-only modules to their routes and the entries to themselves", () => {
    const manualChunks = shellChunk(["root", "entry"]);
    const chunkOf = (id: string) => manualChunks(id, { getModuleInfo });
    expect(chunkOf("shell-menus")).toBe("shell");
    expect(chunkOf("format")).toBe("shell");
    expect(chunkOf("scheduler")).toBe("shell");
    expect(chunkOf("plan-cards")).toBeUndefined();
    expect(chunkOf("pricing-route")).toBeUndefined();
    expect(chunkOf("root")).toBeUndefined();
    expect(chunkOf("entry")).toBeUndefined();
  });

  it("skips modules the build does not know (externals) and survives import cycles", () => {
    const cyclic: Record<string, string[]> = { root: ["a", "external"], a: ["b"], b: ["a"] };
    const info = (id: string) => (cyclic[id] ? { importedIds: cyclic[id]! } : null);
    expect([...staticClosure(["root"], info)].sort()).toEqual(["a", "b", "root"]);
  });

  it("puts the packages named apart in their own chunk, even when the shell reaches them", () => {
    const modules: Record<string, string[]> = {
      root: ["/app/node_modules/react/index.js", "/app/node_modules/aria-hidden/dist/es2015/index.js"],
      "/app/node_modules/react/index.js": [],
      "/app/node_modules/@floating-ui/dom/dist/index.mjs": [],
      "/app/node_modules/aria-hidden/dist/es2015/index.js": [],
    };
    const info = (id: string) => (modules[id] ? { importedIds: modules[id]! } : null);
    const manualChunks = shellChunk(["root"], { popper: ["@floating-ui/dom", "aria-hidden"] });
    const chunkOf = (id: string) => manualChunks(id, { getModuleInfo: info });
    expect(chunkOf("/app/node_modules/@floating-ui/dom/dist/index.mjs")).toBe("popper");
    expect(chunkOf("/app/node_modules/aria-hidden/dist/es2015/index.js")).toBe("popper");
    expect(chunkOf("/app/node_modules/react/index.js")).toBe("shell");
    expect(chunkOf("/app/app/routes/pricing.tsx")).toBeUndefined();
  });

  it.each([
    ["/app/node_modules/react/index.js", "react"],
    ["/app/node_modules/@floating-ui/dom/dist/x.mjs", "@floating-ui/dom"],
    ["/app/node_modules/a/node_modules/b/index.js", "b"],
    ["/app/app/root.tsx", null],
  ])("knows the package of %s", (id, name) => {
    expect(packageOf(id)).toBe(name);
  });
});
