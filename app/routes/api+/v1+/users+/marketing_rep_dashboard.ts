import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { serialize } from "~/api/document";
import { apiResponse, handleApi, methodNotAllowed } from "~/api/handler.server";
import { marketingRepDashboardResource } from "~/api/resources/referrals";
import { siteOrigin } from "~/utils/site-origin.server";
import { loadRepWorkspace } from "~/programs/rep-dashboard.server";

const ROUTE = "routes/api+/v1+/users+/marketing_rep_dashboard";

/** GET /api/v1/users/marketing_rep_dashboard (SPEC §7 Users): the rep dashboard's data for other clients. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = (await requireRouteAccess(request, ROUTE))!;
    const workspace = await loadRepWorkspace(session.user, siteOrigin(request));
    return apiResponse(serialize(marketingRepDashboardResource, { ...workspace, id: session.user.id }));
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    await requireRouteAccess(request, ROUTE);
    return methodNotAllowed(["GET"]);
  });
}
