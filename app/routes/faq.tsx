import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { FaqList } from "~/faqs/faq-list";
import { listFaqs } from "~/faqs/faqs.server";
import { metaFor } from "~/seo/page-meta";
import { HELP_CENTER_URL } from "~/shell/menus";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

/** /faq: the site's own frequently asked questions (the Help Center, SPEC §2, is another site). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/faq");
  return { faqs: await listFaqs("help") };
}

export default function FaqPage() {
  const { faqs } = useLoaderData<typeof loader>();
  return (
    <div className="wrapper wrapper--medium page">
      <h1 className="page-heading">Frequently asked questions</h1>
      <p className="muted">
        Quick answers about accounts, courses and billing. For step-by-step guides, visit the <a href={HELP_CENTER_URL}>Help Center</a>.
      </p>
      {faqs.length === 0 ? <p>No questions here yet.</p> : <FaqList faqs={faqs} heading="Questions and answers" />}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, { title: "Frequently asked questions", description: "Quick answers about accounts, online courses, live prep, tutoring and billing.", path: "/faq" });
