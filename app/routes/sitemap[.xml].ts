import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { config } from "~/config/env.server";
import { sitemapXml } from "~/site/sitemap";
import { listSitemapEntries } from "~/site/sitemap.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/sitemap[.xml]");
  const origin = config().APP_ORIGIN ? new URL(config().APP_ORIGIN as string).origin : new URL(request.url).origin;
  return new Response(sitemapXml(origin, await listSitemapEntries()), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
