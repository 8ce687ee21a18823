import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { sitemapXml } from "~/seo/sitemap";
import { listSitemapEntries } from "~/seo/sitemap.server";
import { siteOrigin } from "~/utils/site-origin.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/sitemap[.xml]");
  const origin = siteOrigin(request);
  return new Response(sitemapXml(origin, await listSitemapEntries()), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
