import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { siteOrigin } from "~/utils/site-origin.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/robots[.txt]");
  const origin = siteOrigin(request);
  // The public pages are listed in the sitemap; personal and staff areas stay out of search
  // results, and so do the tour pages: one per page of the site, each saying the same.
  const body = [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /admin",
    "Disallow: /dashboard",
    "Disallow: /announcements",
    "Disallow: /search?",
    "Disallow: /site-tour",
    "Allow: /",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
