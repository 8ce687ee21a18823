import { Callout, Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { findPartner } from "~/partners/partners.server";
import { metaFor } from "~/seo/page-meta";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/partners+/$idOrSlug");
  const partner = await findPartner(params.idOrSlug ?? "");
  if (!partner) throw new Response("Partner not found", { status: 404 });
  return { partner };
}

export default function PartnerPage() {
  const { partner } = useLoaderData<typeof loader>();
  return (
    <Container size="3" px="4" py="6">
      <Text as="p" color="gray">
        <Link to="/partnerships">Partnerships</Link>
        {partner.school_name ? (
          <>
            {" · "}
            <Link to={`/schools/${partner.school_id}`}>{partner.school_name}</Link>
          </>
        ) : null}
      </Text>
      <Heading as="h1" size="8" mb="3">
        {partner.name}
      </Heading>
      <Text as="p" size="4" mb="4">
        {partner.summary}
      </Text>
      <Text as="p" mb="4">
        {partner.description}
      </Text>
      <Callout.Root mb="4">
        <Callout.Text>
          <strong>Member benefit:</strong> {partner.member_benefit}
        </Callout.Text>
      </Callout.Root>
      {partner.website_url ? (
        <Text as="p">
          <a href={partner.website_url} rel="noopener noreferrer">
            Visit {partner.name}
          </a>
        </Text>
      ) : null}
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? metaFor(matches, { title: data.partner.name, description: data.partner.summary, path: `/partners/${data.partner.slug}` }) : [{ title: "Partner not found" }];
