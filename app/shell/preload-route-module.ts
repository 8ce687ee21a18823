import { useEffect } from "react";

type RemixWindow = Window & { __remixManifest?: { routes: Record<string, { module: string } | undefined> } };

const TRY_EVERY_MS = 250;
const TRIES = 40;

/**
 * A form sent by script to another page's route (a comment, an invite's answer) runs that route's
 * clientAction, whose module the router imports at the first submission, and a module that
 * cannot be fetched then makes the router reload the page. Imported here while the connection is
 * up, the submission finds it in the browser and a lost connection gets the clientAction's toast.
 * The route is known once the router has learnt it (a `data-discover` form on the page).
 */
export function usePreloadedRouteModule(routeId: string) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    const load = () => {
      const route = (window as RemixWindow).__remixManifest?.routes[routeId];
      if (route) void import(/* @vite-ignore */ route.module).catch(() => undefined);
      else if (++tries < TRIES) timer = setTimeout(load, TRY_EVERY_MS);
    };
    load();
    return () => clearTimeout(timer);
  }, [routeId]);
}
