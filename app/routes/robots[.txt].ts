import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/robots[.txt]");
  const body = ["User-agent: *", "Disallow: /api/", "Disallow: /admin", "Allow: /", ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
