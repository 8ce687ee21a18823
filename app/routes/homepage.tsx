import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { loadHomepage } from "~/catalog/homepage.server";
import { HOMEPAGE_META } from "~/catalog/homepage-meta";
import { HomepageView } from "~/catalog/homepage-view";
import { metaFor } from "~/seo/page-meta";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

/** /homepage: the homepage for everyone, signed in or not (/ sends signed-in users home). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/homepage");
  return loadHomepage();
}

export default function HomepageAlias() {
  return <HomepageView data={useLoaderData<typeof loader>()} />;
}

// The canonical address of this page is /.
export const meta: MetaFunction = ({ matches }) => metaFor(matches, { ...HOMEPAGE_META, path: "/" });
