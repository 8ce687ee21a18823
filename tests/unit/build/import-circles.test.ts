import madge from "madge";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * app/ has no import circle. A circle is how the root route came to be imported by the shell,
 * the dialogs and the routes it renders (29 files tied together): root data is read with
 * useRootData() (app/shell/root-data.ts) and nothing imports app/root.tsx but Remix itself.
 * Type-only imports and lazy import() count: they tie modules together just the same.
 * Read the graph yourself with `npx madge --circular --extensions ts,tsx --ts-config tsconfig.json app`.
 */
let graph: Awaited<ReturnType<typeof madge>>;

beforeAll(async () => {
  graph = await madge("app", {
    fileExtensions: ["ts", "tsx"],
    tsConfig: "tsconfig.json",
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
}, 60_000);

describe("imports in app/", () => {
  it("form no circle", () => {
    expect(graph.circular()).toEqual([]);
  });

  it("never name the root route: components read its data with useRootData()", () => {
    expect(graph.depends("root.tsx")).toEqual([]);
  });

  it("are all followed, the `~/` alias included (an unresolved import would hide a circle)", () => {
    expect(graph.obj()["root.tsx"]).toEqual(expect.arrayContaining(["shell/app-shell.tsx", "shell/root-data.ts", "shell/root-data.server.ts"]));
    expect(graph.obj()["shell/dialog-host.tsx"]).toEqual(expect.arrayContaining(["accounts/sign-in-dialog.tsx", "shell/form-dialog.tsx"]));
    // Only packages and assets stay unresolved.
    expect(graph.warnings().skipped.filter((name) => name.startsWith("~/") && !name.includes("?"))).toEqual([]);
    expect(graph.warnings().skipped.filter((name) => name.startsWith("."))).toEqual([]);
  });
});
