import { useRouteLoaderData } from "@remix-run/react";
import type { RootLoaderBody } from "~/shell/root-data.server";

/** The root loader's shape, as the browser receives it (built by `rootData`, app/shell/root-data.server.ts). */
type RootLoader = () => Promise<RootLoaderBody>;

/** What every page knows from the root loader, as components read it. */
export type RootData = NonNullable<ReturnType<typeof useRouteLoaderData<RootLoader>>>;

/**
 * The root loader's data (undefined while the root itself errors before its loader answered).
 * Components and routes read it here, never by importing app/root.tsx: that import would close
 * a circle through the shell, the dialogs and the routes (tests/unit/build/import-circles.test.ts).
 */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootLoader>("root");
}
