import type { LoaderFunctionArgs } from "@remix-run/node";
import { errorDocument } from "~/api/errors";
import { apiResponse } from "~/api/handler.server";

function unknownEndpoint({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  return apiResponse(errorDocument(404, "not_found", `No API endpoint answers ${request.method} ${pathname}.`), { status: 404 });
}

export const loader = unknownEndpoint;
export const action = unknownEndpoint;
