import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { contentPageMeta } from "~/content/content-meta";
import { ContentPage } from "~/content/content-page";
import { findSitePage } from "~/content/pages.server";
import { orNotFound } from "~/errors/not-found.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/for-educators");
  return { page: await orNotFound(findSitePage("for-educators")) };
}

export default function ForEducatorsPage() {
  const { page } = useLoaderData<typeof loader>();
  return <ContentPage page={page} />;
}

export const meta = contentPageMeta("/for-educators");
