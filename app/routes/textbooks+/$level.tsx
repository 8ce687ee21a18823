import { Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { TextbookList } from "~/catalog/textbook-list";
import { levelOfSegment } from "~/catalog/textbooks";
import { listTextbooks } from "~/catalog/textbooks.server";
import { notFound } from "~/errors/not-found.server";
import { metaFor } from "~/seo/page-meta";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/textbooks+/$level");
  const segment = params.level ?? "";
  const found = levelOfSegment(segment);
  if (!found) throw notFound("No such textbook level");
  return { segment, label: found.label, textbooks: await listTextbooks(found.level) };
}

export const headers = guestCacheableHeaders;

export default function TextbookLevelPage() {
  const { label, textbooks } = useLoaderData<typeof loader>();
  return (
    <Container size="3" px="4" py="6">
      <Text as="p" color="gray">
        <Link to="/textbooks">Textbooks</Link>
      </Text>
      <Heading as="h1" size="8" mb="5">
        {label} textbooks
      </Heading>
      <TextbookList heading={`${textbooks.length} ${textbooks.length === 1 ? "textbook" : "textbooks"}`} textbooks={textbooks} />
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? metaFor(matches, {
        title: `${data.label} textbooks`,
        description: `Interactive ${data.label.toLowerCase()} textbooks with a quiz after every section.`,
        path: `/textbooks/${data.segment}`,
      })
    : [{ title: "Textbooks" }];
