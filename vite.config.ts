import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { flatRoutes } from "remix-flat-routes";
import { defineConfig } from "vite";
import { dropUnusedRadixComponents } from "./scripts/radix-css";
import { shellChunk } from "./scripts/shell-chunk";

/** Radix's popper and scroll-lock dependencies, which Excalidraw uses too. */
const POPPER_PACKAGES = [
  "@floating-ui/core",
  "@floating-ui/dom",
  "@floating-ui/react-dom",
  "@floating-ui/utils",
  "aria-hidden",
  "get-nonce",
  "react-remove-scroll",
  "react-remove-scroll-bar",
  "react-style-singleton",
  "use-callback-ref",
  "use-sidecar",
];

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: {
    sourcemap: "hidden",
    cssMinify: true,
    rollupOptions: {
      output: {
        // Chunks under 1 KB (a formatter, a meta helper) join a chunk loaded on the same pages
        // rather than cost a request of their own.
        experimentalMinChunkSize: 1_000,
        // The code every page loads (root route, client entry and their imports) as one chunk;
        // the popover code a few routes and the whiteboard share as one chunk of its own.
        manualChunks: isSsrBuild
          ? undefined
          : shellChunk(
              ["./app/root.tsx", "./app/entry.client.tsx"].map((file) => fileURLToPath(new URL(file, import.meta.url))),
              { popper: POPPER_PACKAGES },
            ),
      },
    },
  },
  css: { postcss: { plugins: [dropUnusedRadixComponents()] } },
  // rrule ships CommonJS as its Node entry, whose named exports Node cannot see from an ES module;
  // bundled, the server uses its ES module build as the browser does.
  ssr: { noExternal: ["rrule"] },
  server: { port: 3000 },
  plugins: [
    remix({
      // BUILD_DIR lets parallel checkouts of the work tree build side by side.
      buildDirectory: process.env.BUILD_DIR ?? "build",
      // remix-flat-routes "hybrid" folders: app/routes mirrors the URL table.
      ignoredRouteFiles: ["**/*"],
      routes: async (defineRoutes) =>
        flatRoutes("routes", defineRoutes, {
          ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/__*.*", "**/*.server.{ts,tsx}"],
        }),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
}));
