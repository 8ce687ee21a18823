import type { LoaderFunctionArgs } from "@remix-run/node";
import { findUsers, parseUserListFilters } from "~/accounts/admin-users.server";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { paginationMeta, serialize } from "~/api/document";
import { apiResponse, handleApi, methodNotAllowed } from "~/api/handler.server";
import { userResource } from "~/api/resources/users";

const ROUTE = "routes/api+/v1+/users+/_index";

/** GET /api/v1/users?query&role&page&per_page (SPEC §6, §7): the user directory for admins, with paging meta. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireRouteAccess(request, ROUTE);
    const filters = parseUserListFilters(new URL(request.url));
    const { items, total } = await findUsers(filters);
    return apiResponse(serialize(userResource, items, { meta: paginationMeta(filters.page, filters.perPage, total) }));
  });
}

export async function action({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireRouteAccess(request, ROUTE);
    return methodNotAllowed(["GET"]);
  });
}
