import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { listEducators } from "~/accounts/educators.server";
import { paginationMeta, serialize } from "~/api/document";
import { apiResponse, handleApi, methodNotAllowed, parsePage } from "~/api/handler.server";
import { educatorResource } from "~/api/resources/educators";

const ROUTE = "routes/api+/v1+/users+/educators";

/** GET /api/v1/users/educators?page&per_page: instructors of every kind, tutors and teachers, public fields only. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireRouteAccess(request, ROUTE);
    const page = parsePage(new URL(request.url));
    const { items, total } = await listEducators(page);
    return apiResponse(serialize(educatorResource, items, { meta: paginationMeta(page.page, page.perPage, total) }));
  });
}

export async function action({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireRouteAccess(request, ROUTE);
    return methodNotAllowed(["GET"]);
  });
}
