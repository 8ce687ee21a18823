import { requireRouteAccess } from "~/accounts/authorize.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { errorDocument } from "~/api/errors";
import { apiResponse } from "~/api/handler.server";

async function unknownEndpoint({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/api+/v1+/$");
  const { pathname } = new URL(request.url);
  return apiResponse(errorDocument(404, "not_found", `No API endpoint answers ${request.method} ${pathname}.`), { status: 404 });
}

export const loader = unknownEndpoint;
export const action = unknownEndpoint;
