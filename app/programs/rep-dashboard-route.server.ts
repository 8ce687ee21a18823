import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import type { RouteId } from "~/accounts/policy";
import { mailLinkOrigin } from "~/mail/links.server";
import { repDashboardTitle } from "./rep-dashboard";
import { loadRepWorkspace } from "./rep-dashboard.server";

/**
 * The rep dashboard's loader, served at three paths (SPEC §2): each route file passes its own
 * route id, so the policy table governs each path.
 */
export function repDashboardLoader(routeId: Extract<RouteId, `routes/${string}-dashboard`>) {
  return async ({ request }: LoaderFunctionArgs) => {
    const session = (await requireRouteAccess(request, routeId))!;
    const { user } = session;
    return {
      title: repDashboardTitle(new URL(request.url).pathname),
      firstName: user.first_name || user.display_name || "there",
      workspace: await loadRepWorkspace(user, mailLinkOrigin(request)),
    };
  };
}

export type RepDashboardData = Awaited<ReturnType<ReturnType<typeof repDashboardLoader>>>;
