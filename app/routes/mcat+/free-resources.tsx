import { Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { formatPrice } from "~/formatting/price";
import { displayDateTime, isoOf } from "~/formatting/display";
import { listMcatFreeResources } from "~/mcat/mcat.server";
import { metaFor } from "~/seo/page-meta";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/mcat+/free-resources");
  return listMcatFreeResources();
}

export default function McatFreeResourcesPage() {
  const { posts, sessions } = useLoaderData<typeof loader>();
  return (
    <Container size="3" px="4" py="6">
      <Text as="p" color="gray">
        <Link to="/mcat">MCAT</Link>
      </Text>
      <Heading as="h1" size="8" mb="2">
        Free MCAT resources
      </Heading>
      <Text as="p" mb="5">
        Study guides, strategy articles and live MCAT sessions from our instructors, free for every student.
      </Text>
      <Heading as="h2" size="5" mb="3">
        Guides and articles
      </Heading>
      <ul className="tile-list">
        {posts.map((post) => (
          <li key={post.id}>
            <Link to={`/blog/${post.slug}`} className="tile">
              <span className="tile-title">{post.title}</span>
              <span className="tile-meta">{post.excerpt}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Heading as="h2" size="5" mb="3" mt="6">
        Live MCAT sessions
      </Heading>
      <Flex direction="column" gap="3" asChild>
        <ul style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {sessions.map((session) => (
            <li key={session.id}>
              <Card>
                <Text as="p" weight="bold">
                  <Link to={`/study-sessions/${session.id}`}>{session.title}</Link>
                </Text>
                <Text as="p" size="2" color="gray">
                  Next: <time dateTime={isoOf(session.next_start)}>{displayDateTime(session.next_start)}</time> · {formatPrice(session.price_cents, session.currency)}
                </Text>
                <Text as="p" size="2">
                  {session.description}
                </Text>
              </Card>
            </li>
          ))}
        </ul>
      </Flex>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Free MCAT resources",
    description: "Free MCAT study guides, strategy articles and live sessions from instructors who scored in the top percentiles.",
    path: "/mcat/free-resources",
  });
