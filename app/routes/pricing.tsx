import { Box, Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { contentPageMeta } from "~/site/content-meta";
import { ContentHero, ContentSections } from "~/site/content-page";
import { PlanGrid, PlanSwitches } from "~/site/plan-cards";
import { planOffersFor } from "~/site/plan-pages.server";
import { requireSitePage } from "~/site/pages.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/pricing");
  const page = await requireSitePage("pricing");
  return { page, ...planOffersFor(request, ["plus", "pre_med_plus"], session?.user.country_code) };
}

export default function PricingPage() {
  const { page, interval, country, offers } = useLoaderData<typeof loader>();
  return (
    <>
      <ContentHero page={page} />
      <Box px="4" py="7" style={{ maxWidth: 1120, margin: "0 auto" }}>
        <PlanSwitches interval={interval} country={country} savingsPercent={offers[0]!.savingsPercent} />
        <Flex direction="column" gap="5">
          <Card size="3">
            <Heading as="h2" size="6">
              Free
            </Heading>
            <Text as="p" size="7" weight="bold">
              Free
            </Text>
            <Text as="p">Course previews, free resources, the blog and live session sign-ups.</Text>
          </Card>
          <PlanGrid offers={offers} />
        </Flex>
        <Box mt="7">
          <ContentSections sections={page.sections} />
        </Box>
      </Box>
    </>
  );
}

export const meta = contentPageMeta("/pricing");
