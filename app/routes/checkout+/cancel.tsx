import { Button, Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { checkoutRetryPath } from "~/payments/cancelled.server";
import { metaFor } from "~/seo/page-meta";
import { useTrackFailedPurchase } from "~/tracking/tracking-host";

const ROUTE = "routes/checkout+/cancel";

/** Where the payment page returns when the buyer leaves without paying: nothing was charged. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  return checkoutRetryPath(session.user.id, new URL(request.url).searchParams.get("purchase_id"));
}

export default function CheckoutCancelledPage() {
  const { retry, lastFailure, failure } = useLoaderData<typeof loader>();
  useTrackFailedPurchase(failure);
  return (
    <Container size="2" px="4" py="6">
      <Card size="3">
        <Flex direction="column" gap="3">
          <Heading as="h1" size="6">
            Payment cancelled
          </Heading>
          <Text as="p">You have not been charged.</Text>
          {lastFailure ? (
            <div role="alert" className="form-errors">
              <Text as="p" size="2">
                Your last payment attempt failed: {lastFailure}
              </Text>
            </div>
          ) : null}
          <Flex gap="3">
            {retry ? (
              <Button asChild size="3">
                <Link to={retry}>Try again</Link>
              </Button>
            ) : null}
            <Button asChild size="3" variant="soft">
              <Link to="/courses">Browse courses</Link>
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Payment cancelled", description: "You have not been charged.", path: "/checkout/cancel", noindex: true });
