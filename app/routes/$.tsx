import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { NotFoundPage } from "~/components/error-page";

/** Every URL no other route claims: a real 404 with the not-found page. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/$");
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireRouteAccess(request, "routes/$");
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}
