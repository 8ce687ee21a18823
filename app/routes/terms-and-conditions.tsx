import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { legalDocument } from "~/legal/documents";
import { LegalPage } from "~/legal/legal-page";
import { metaFor } from "~/seo/page-meta";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

/** GET /terms-and-conditions: the page, and the data its dialog loads when JavaScript opens it in place. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/terms-and-conditions");
  return { document: legalDocument("terms-and-conditions") };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? metaFor(matches, { title: data.document.title, description: data.document.summary, path: "/terms-and-conditions" }) : [];

export default function Page() {
  const { document } = useLoaderData<typeof loader>();
  return <LegalPage document={document} />;
}
