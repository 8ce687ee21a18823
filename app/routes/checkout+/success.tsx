import { Button, Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { formatPrice } from "~/formatting/price";
import { receiptFor } from "~/payments/receipt.server";
import { metaFor } from "~/seo/page-meta";

const ROUTE = "routes/checkout+/success";

/** Where the payment page returns after paying (?session_id=…) or a free purchase lands (?purchase_id=…). */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const receipt = await receiptFor(session, new URL(request.url).searchParams);
  if (!receipt) return data({ receipt: null }, { status: 404 });
  return { receipt };
}

export default function CheckoutSuccessPage() {
  const { receipt } = useLoaderData<typeof loader>();
  return (
    <Container size="2" px="4" py="6">
      <Card size="3">
        {receipt ? (
          <Flex direction="column" gap="3">
            <Heading as="h1" size="6">
              {receipt.headline}
            </Heading>
            {receipt.details.map((line) => (
              <Text as="p" key={line}>
                {line}
              </Text>
            ))}
            {receipt.purchase.status === "paid" ? (
              <Text as="p" size="2" color="gray">
                Paid: {formatPrice(receipt.purchase.total_cents, receipt.purchase.currency, { forceCents: true })}
                {receipt.purchase.tax_cents ? ` (including ${formatPrice(receipt.purchase.tax_cents, receipt.purchase.currency, { forceCents: true })} sales tax)` : ""}
              </Text>
            ) : null}
            <Flex>
              <Button asChild size="3">
                <Link to={receipt.next.href}>{receipt.next.label}</Link>
              </Button>
            </Flex>
          </Flex>
        ) : (
          <Flex direction="column" gap="3">
            <Heading as="h1" size="6">
              Purchase not found
            </Heading>
            <Text as="p">We could not find this purchase on your account.</Text>
            <Link to="/courses">Browse courses</Link>
          </Flex>
        )}
      </Card>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Thank you", description: "Your purchase.", path: "/checkout/success", noindex: true });
