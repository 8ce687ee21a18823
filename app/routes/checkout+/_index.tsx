import { Card, Container, Flex, Heading } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { CheckoutForm } from "~/payments/checkout-form";
import { CheckoutInputError, checkoutPage, submitCheckout, type CheckoutView } from "~/payments/checkout-page.server";
import { passRetryAfter, retryAfterHeaders } from "~/security/retry-after";
import { metaFor } from "~/seo/page-meta";

const ROUTE = "routes/checkout+/_index";

/**
 * /checkout?online_course_id={id}&package=learn|practice|bundle, ?plan=plus|premed_plus&interval=month|year,
 * ?tokens=10|25|50, ?online_course_id={id}&elite=deposit|full: the price with tax before paying,
 * sign-up for guests in the same form, then Stripe's payment page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  try {
    return { view: await checkoutPage(request), error: null };
  } catch (error) {
    if (error instanceof CheckoutInputError) return data({ view: null, error: error.message }, { status: error.status });
    throw error;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  try {
    const outcome = await submitCheckout(request, context.clientIp);
    const headers = new Headers(outcome.kind === "page" && outcome.retryAfterSeconds !== undefined ? retryAfterHeaders(outcome.retryAfterSeconds) : undefined);
    if (outcome.cookie) headers.append("Set-Cookie", outcome.cookie);
    if (outcome.kind === "redirect") {
      headers.set("Location", outcome.location);
      return new Response(null, { status: 303, headers });
    }
    return data({ view: outcome.view, error: null }, { status: outcome.status, headers });
  } catch (error) {
    if (error instanceof CheckoutInputError) return data({ view: null, error: error.message }, { status: error.status });
    throw error;
  }
}

export const headers = passRetryAfter;

export default function CheckoutPage() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const { view, error } = (posted ?? loaded) as { view: CheckoutView | null; error: string | null };
  const navigation = useNavigation();
  if (!view) {
    return (
      <Container size="1" px="4" py="6">
        <Heading as="h1" size="6">
          Checkout
        </Heading>
        <p role="alert">{error}</p>
        <Link to="/courses">Browse courses</Link>
      </Container>
    );
  }
  return (
    <Container size="2" px="4" py="6">
      <Card size="3">
        <Flex direction="column" gap="4">
          <Heading as="h1" size="6">
            Checkout
          </Heading>
          <CheckoutForm Form={Form} view={view} busy={navigation.state === "submitting"} sectionHeading="h2" />
        </Flex>
      </Card>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...metaFor(matches, { title: "Checkout", description: "Pay for your course, plan or tokens.", path: "/checkout", noindex: true }),
];
