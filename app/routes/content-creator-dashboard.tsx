import { Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { requireSession } from "~/accounts/session.server";
import { DashboardSection } from "~/dashboards/dashboard-parts";
import { loadContentCreatorDashboard } from "~/dashboards/dashboards.server";
import { formatDate } from "~/formatting/format";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/content-creator-dashboard");
  const { user } = await requireSession(request);
  return { firstName: user.first_name || user.display_name || "there", ...(await loadContentCreatorDashboard(user.id)) };
}

export default function ContentCreatorDashboard() {
  const { firstName, published, scheduled } = useLoaderData<typeof loader>();
  const postList = (posts: typeof published) => (
    <ul>
      {posts.map((post) => (
        <li key={post.id}>
          <Text weight="medium">{post.title}</Text>{" "}
          <Text size="2" color="gray">
            · {post.category.replace(/_/g, " ")}
            {post.published_at ? ` · ${formatDate(post.published_at)}` : " · draft"}
          </Text>
        </li>
      ))}
    </ul>
  );
  return (
    <Container size="4" px="4" py="6">
      <Heading as="h1" size="7">
        Dashboard
      </Heading>
      <Text as="p" color="gray" mt="1">
        Hi {firstName} — your writing.
      </Text>
      <DashboardSection title="Scheduled and drafts" isEmpty={scheduled.length === 0} empty="Nothing scheduled.">
        {postList(scheduled)}
      </DashboardSection>
      <DashboardSection title="Published" isEmpty={published.length === 0} empty="You haven't published a post yet.">
        {postList(published)}
      </DashboardSection>
    </Container>
  );
}

export const meta: MetaFunction = () => [{ title: "Content dashboard — Marketplace" }];
