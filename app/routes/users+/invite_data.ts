import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { serialize } from "~/api/document";
import { apiResponse, handleApi, methodNotAllowed } from "~/api/handler.server";
import { inviteDataResource } from "~/api/resources/referrals";
import { siteOrigin } from "~/utils/site-origin.server";
import { referralOverview } from "~/programs/referrals.server";

const ROUTE = "routes/users+/invite_data";

/** GET /users/invite_data (SPEC §7 Users): the signed-in member's invite link, friends and credit. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = (await requireRouteAccess(request, ROUTE))!;
    const overview = await referralOverview(session.user.id, siteOrigin(request));
    return apiResponse(serialize(inviteDataResource, { ...overview, id: session.user.id }));
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    await requireRouteAccess(request, ROUTE);
    return methodNotAllowed(["GET"]);
  });
}
