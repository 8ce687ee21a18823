import { requireRouteAccess } from "~/accounts/authorize.server";
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { homePath } from "~/accounts/roles";
import { currentSession, viewerOf } from "~/accounts/session.server";
import { useLoaderData } from "@remix-run/react";
import { loadHomepage } from "~/catalog/homepage.server";
import { HomepageView } from "~/catalog/homepage-view";
import { HOMEPAGE_META } from "~/catalog/homepage-meta";
import { metaFor } from "~/seo/page-meta";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/_index");
  // Signed-in users start from their home path (SPEC §2); guests get the homepage.
  const session = await currentSession(request);
  if (session) throw redirect(homePath(viewerOf(session.user)));
  return loadHomepage();
}

export default function Homepage() {
  return <HomepageView data={useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { ...HOMEPAGE_META, path: "/" });
