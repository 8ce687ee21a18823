import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { contentPageMeta } from "~/site/content-meta";
import { ContentPage } from "~/site/content-page";
import { requireSitePage } from "~/site/pages.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/about");
  return { page: await requireSitePage("about") };
}

export default function AboutPage() {
  const { page } = useLoaderData<typeof loader>();
  return <ContentPage page={page} />;
}

export const meta = contentPageMeta("/about");
