// Bundles the HTTP server and the command-line tools next to the Remix build.
// Packages stay external (installed by npm ci --omit=dev in production).
import { cpSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

await build({
  entryPoints: {
    server: "server/index.ts",
    migrate: "server/cli/migrate.ts",
    seed: "server/cli/seed.ts",
  },
  outdir: process.env.BUILD_DIR ?? "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  alias: { "~": "./app" },
  logLevel: "warning",
});

// The demo lesson clips the seed stores (server/seed/lesson-media.ts looks next to the bundle first).
cpSync("server/seed/media", path.join(process.env.BUILD_DIR ?? "build", "seed-media"), { recursive: true });
