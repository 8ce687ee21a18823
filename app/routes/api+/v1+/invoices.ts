import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { apiResponse, handleApi } from "~/api/handler.server";
import { serialize } from "~/api/document";
import { invoiceResource } from "~/api/resources/subscriptions";
import { listInvoices } from "~/subscriptions/subscriptions.server";

const ROUTE = "routes/api+/v1+/invoices";

/** GET /api/v1/invoices: the signed-in user's invoices, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = (await requireRouteAccess(request, ROUTE))!;
    return apiResponse(serialize(invoiceResource, await listInvoices(session.user.id)));
  });
}
