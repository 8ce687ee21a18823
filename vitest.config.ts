import { fileURLToPath } from "node:url";
import { defineConfig, type TestProjectInlineConfiguration, type ViteUserConfig } from "vitest/config";
import { detectDatabaseTarget } from "./tests/support/database-target";

// Vitest runs without the Remix Vite plugin (it breaks tests); only the alias is shared.
const ONCE = ["tests/routes/**/*.test.ts", "tests/system/**/*.test.ts"];
const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

/** A `?url` import (a stylesheet a page links) answers an address like the build's, not the empty string. */
const assetUrls = {
  name: "asset-urls",
  enforce: "pre" as const,
  resolveId(id: string) {
    const match = /([^/\\]+)\?url$/.exec(id);
    // Named so that Vitest's own stylesheet handling (which empties every `.css` module) leaves it alone.
    return match ? `\0asset-url:${match[1]}.js` : null;
  },
  load(id: string) {
    return id.startsWith("\0asset-url:") ? `export default ${JSON.stringify(`/assets/${id.slice("\0asset-url:".length, -".js".length)}`)};` : null;
  },
};

export default defineConfig(async (): Promise<ViteUserConfig> => {
  const target = await detectDatabaseTarget();
  const onPostgres = target.kind === "postgres";
  const project = (name: string, include: string[], database?: "postgres" | "embedded"): TestProjectInlineConfiguration => ({
    extends: true,
    test: {
      name,
      include,
      ...(database ? { globalSetup: [`tests/support/global-setup-${database}.ts`] } : {}),
    },
  });
  return {
    resolve: { alias },
    plugins: [assetUrls],
    test: {
      environment: "node",
      pool: "forks" as const,
      fileParallelism: true,
      // Vitest's default is one worker fewer than the cores: one here. Most files wait on the
      // database, so two workers on two cores finish the suite in ≈ 60% of the time.
      maxWorkers: 2,
      testTimeout: 20_000,
      hookTimeout: 60_000,
      env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
      // Integration tests (domain functions against the database) run on the embedded database
      // always, and on PostgreSQL when a server answers. The tests of routes (tests/routes: their
      // loaders and actions called directly) and of the whole server (tests/system) run once, on
      // PostgreSQL when there is one: what differs between the two databases is in the domain.
      projects: [
        project("unit", ["tests/unit/**/*.test.{ts,tsx}"]),
        project("integration-embedded", ["tests/integration/**/*.test.ts", ...(onPostgres ? [] : ONCE)], "embedded"),
        ...(onPostgres ? [project("integration-postgres", ["tests/integration/**/*.test.ts", ...ONCE], "postgres")] : []),
      ],
    },
  };
});
