import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { SchoolTypeLandingPage } from "~/catalog/school-type-landing";
import { loadSchoolTypeLanding } from "~/catalog/school-type-landing.server";
import { orNotFound } from "~/errors/not-found.server";
import { contentPageMeta } from "~/content/content-meta";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/high-school");
  return orNotFound(loadSchoolTypeLanding("high-school", "high_school"));
}

export const headers = guestCacheableHeaders;

export default function HighSchoolPage() {
  return <SchoolTypeLandingPage data={useLoaderData<typeof loader>()} />;
}

export const meta = contentPageMeta("/high-school");
