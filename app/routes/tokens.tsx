import { Button, Card, Container, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { HistoryTable } from "~/components/history-table";
import { formatDate } from "~/formatting/format";
import { formatPrice } from "~/formatting/price";
import { TOKEN_PACKS } from "~/payments/quote";
import { tokenAccount } from "~/payments/tokens.server";
import { practiceSetsOf } from "~/practice-questions/sets.server";
import { metaFor } from "~/seo/page-meta";

const ROUTE = "routes/tokens";

/** /tokens: buy activity tokens (SPEC §9); signed-in users see their balance and its history. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  if (!session) return { balance: null, ledger: [], practiceSets: [] };
  const [account, practiceSets] = await Promise.all([tokenAccount(session.user.id), practiceSetsOf(session.user.id)]);
  return { ...account, practiceSets };
}

const REASONS: Record<string, string> = { purchase: "Bought", activity: "Spent on an activity", practice_set: "Unlocked a practice question set", refund: "Refunded purchase", referral: "Referral reward", study_room_billing: "Tutoring billed by the minute", tutoring: "Paid for a tutoring contract", tutoring_paid_by_card: "Returned: the tutoring contract was paid by card", welcome: "Welcome tokens", notes_reward: "Your notes were approved" };

export default function TokensPage() {
  const { balance, ledger, practiceSets } = useLoaderData<typeof loader>();
  return (
    <Container size="2" px="4" py="6">
      <Flex direction="column" gap="4">
        <Heading as="h1" size="6">
          Activity tokens
        </Heading>
        {balance !== null ? <Text data-testid="token-balance">Your balance: {balance} tokens</Text> : <Text>Tokens unlock practice activities and questions.</Text>}
        <Grid columns={{ initial: "1", sm: "3" }} gap="3">
          {TOKEN_PACKS.map((pack) => (
            <Card key={pack.amount}>
              <Flex direction="column" gap="2">
                <Heading as="h2" size="4">
                  {pack.amount} tokens
                </Heading>
                <Text>{formatPrice(pack.priceCents, "USD", { forceCents: true })}</Text>
                <Button asChild>
                  <Link to={`/checkout?tokens=${pack.amount}`}>Buy {pack.amount} tokens</Link>
                </Button>
              </Flex>
            </Card>
          ))}
        </Grid>
        {practiceSets.length ? (
          <section aria-labelledby="token-practice-sets">
            <Heading as="h2" size="4" id="token-practice-sets" mb="2">
              Practice question sets in your courses
            </Heading>
            <Text as="p" size="2" mb="2">
              Each comes with its course&apos;s Practice package where the course offers one, or on its own for tokens.
            </Text>
            <ul className="tutoring-list">
              {practiceSets.map((set) => (
                <li key={set.id} className="tutoring-row">
                  <Link to={`/practice-questions/${set.id}`}>{set.title}</Link>
                  <Text size="2" color="gray">
                    {set.courseName} · {set.state === "unlocked" ? "unlocked with tokens" : set.state === "included" ? "included in your package" : `${set.price} tokens`}
                  </Text>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {ledger.length ? (
          <section aria-labelledby="token-history">
            <Heading as="h2" size="4" id="token-history" mb="2">
              History
            </Heading>
            <HistoryTable
              columns={["Date", "What", "Tokens"]}
              rows={ledger.map((entry) => ({
                key: entry.id,
                cells: [formatDate(entry.created_at), REASONS[entry.reason] ?? entry.reason, entry.delta > 0 ? `+${entry.delta}` : entry.delta],
              }))}
            />
          </section>
        ) : null}
      </Flex>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Activity tokens", description: "Buy tokens for practice activities and questions.", path: "/tokens" });
