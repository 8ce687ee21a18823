import { Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { formatCredit, REFERRAL_COOKIE_DAYS, REFERRAL_REWARD_CENTS } from "~/programs/referrals";
import { metaFor } from "~/seo/page-meta";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

/** /referral: the referral programme's landing page (SPEC §1, tracked): what a member earns and how. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/referral");
  return null;
}

const STEPS = [
  { title: "Share your link", text: "Every member has an invite link on their Invite a Friend page, and can email friends from there too." },
  {
    title: "Your friend joins",
    text: `Whichever way they sign up within ${REFERRAL_COOKIE_DAYS} days of opening your link (email, Google, Facebook or at checkout), they count as your friend.`,
  },
  { title: "You earn credit", text: `When their first paid purchase goes through, you get ${formatCredit(REFERRAL_REWARD_CENTS)} of credit to spend at checkout.` },
];

export default function ReferralPage() {
  return (
    <Container size="3" px="4" py="6">
      <Heading as="h1" size="8" mb="2">
        Invite friends, earn credit
      </Heading>
      <Text as="p" size="4" color="gray" mb="5">
        Studying is easier together. Bring a friend to the marketplace and get {formatCredit(REFERRAL_REWARD_CENTS)} for each one who buys a course, a session,
        tutoring or a plan.
      </Text>
      <Flex asChild direction="column" gap="3" mb="5">
        <ol className="plain-list">
          {STEPS.map((step) => (
            <li key={step.title}>
              <Card>
                <Heading as="h2" size="4" mb="1">
                  {step.title}
                </Heading>
                <Text as="p">{step.text}</Text>
              </Card>
            </li>
          ))}
        </ol>
      </Flex>
      <Flex gap="4" wrap="wrap">
        <Link to="/invites">Get your invite link</Link>
        <Link to="/sign-up">Create a free account</Link>
      </Flex>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Invite friends, earn credit",
    description: `Share your invite link and get ${formatCredit(REFERRAL_REWARD_CENTS)} of credit when a friend's first purchase goes through.`,
    path: "/referral",
  });
