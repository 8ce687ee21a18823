import { Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { PlanGrid } from "~/pricing/plan-cards";
import { planOffersFor } from "~/pricing/plan-offer";
import { metaFor } from "~/seo/page-meta";
import { guestCacheableHeaders } from "~/utils/guest-cache";
import { TEMPLATE_CATEGORIES, TEMPLATE_CATEGORY_LABELS } from "~/writing/essays";

export const headers = guestCacheableHeaders;

/** /wize-writer: what the writing tool does, who it is for, and the plans it comes with. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/wize-writer");
  const query = new URL(request.url).searchParams;
  return { signedIn: Boolean(session), ...planOffersFor({ interval: query.get("interval"), country: query.get("country") }, ["plus", "pre_med_plus"], session?.user.country_code) };
}

const FEATURES = [
  { title: "Start from a proven template", text: "Personal statements, medical school secondaries, supplemental essays and law school statements, each with its prompt and word limit." },
  { title: "Write without worrying", text: "Your essay saves itself as you type, with a live word and character count against the limit." },
  { title: "Every draft kept", text: "Each save is a version. Look back at any of them and bring one back with a click." },
  { title: "Feedback where it matters", text: "Share an essay with your instructor or tutor. They comment on the exact passage; you resolve each comment when it is done." },
  { title: "Ready to submit", text: "Download your essay as a PDF or a Word document, formatting included." },
];

export default function WizeWriterLanding() {
  const { signedIn, offers } = useLoaderData<typeof loader>();
  return (
    <Container size="3" px="4" py="6">
      <Heading as="h1" size="8" mb="2">
        Wize Writer: application essays, drafted and polished
      </Heading>
      <Text as="p" size="4" color="gray" mb="4">
        A writing tool for students applying to university, medical school and law school, with the templates, version history and tutor feedback that a strong essay needs.
      </Text>
      <p>
        <Link to="/wize-writer-dashboard" className="button">
          {signedIn ? "Open your essays" : "Sign in and start writing"}
        </Link>
      </p>
      <section aria-labelledby="writer-features">
        <Heading as="h2" size="6" id="writer-features" mt="6" mb="3">
          What it does
        </Heading>
        <ul className="stack-list">
          {FEATURES.map((feature) => (
            <li key={feature.title}>
              <strong>{feature.title}.</strong> {feature.text}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="writer-audience">
        <Heading as="h2" size="6" id="writer-audience" mt="6" mb="3">
          Who it is for
        </Heading>
        <p>Students writing any of these, and the instructors and tutors who help them:</p>
        <ul>
          {TEMPLATE_CATEGORIES.map((category) => (
            <li key={category}>{TEMPLATE_CATEGORY_LABELS[category]}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="writer-pricing">
        <Heading as="h2" size="6" id="writer-pricing" mt="6" mb="3">
          Pricing
        </Heading>
        <p>
          Wize Writer comes with every plan. See all plans and what they include on the <Link to="/pricing">pricing page</Link>.
        </p>
        <PlanGrid offers={offers} />
      </section>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Wize Writer: application essay writing tool",
    description: "Write personal statements, med school secondaries and law school statements from templates, with autosave, version history, tutor comments and PDF or Word export.",
    path: "/wize-writer",
  });
