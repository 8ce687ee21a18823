import { Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor } from "~/accounts/session.server";
import { listEditorPosts } from "~/blog/blog-editor.server";
import { DashboardSection } from "~/dashboards/dashboard-parts";
import { formatDate } from "~/formatting/format";

/** The writers' dashboard: their drafts, scheduled and published posts with view counts (blog managers and admins: everyone's). */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/content-creator-dashboard");
  const { user } = session;
  return { firstName: user.first_name || user.display_name || "there", ...(await listEditorPosts(viewerFor(session))) };
}

export default function ContentCreatorDashboard() {
  const { firstName, everyone, drafts, scheduled, published } = useLoaderData<typeof loader>();
  const postList = (posts: typeof published) => (
    <ul>
      {posts.map((post) => (
        <li key={post.id}>
          <Link to={`/content-creator-dashboard/posts/${post.id}`}>
            <Text weight="medium">{post.title}</Text>
          </Link>{" "}
          <Text size="2" color="gray">
            · {post.category.replace(/_/g, " ")}
            {everyone && post.author_name ? ` · ${post.author_name}` : ""}
            {post.status === "scheduled" && post.published_at ? ` · publishes ${formatDate(post.published_at, "MMM d, yyyy HH:mm")}` : ""}
            {post.status === "published" && post.published_at ? ` · ${formatDate(post.published_at)}` : ""}
            {post.status === "published" ? ` · ${post.view_count} ${post.view_count === 1 ? "view" : "views"}` : ""}
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
        Hi {firstName} — {everyone ? "the blog's posts." : "your writing."}
      </Text>
      <p>
        <Link to="/content-creator-dashboard/posts/new" className="button">
          Write a post
        </Link>
      </p>
      <DashboardSection title="Drafts" isEmpty={drafts.length === 0} empty="No drafts.">
        {postList(drafts)}
      </DashboardSection>
      <DashboardSection title="Scheduled" isEmpty={scheduled.length === 0} empty="Nothing scheduled.">
        {postList(scheduled)}
      </DashboardSection>
      <DashboardSection title="Published" isEmpty={published.length === 0} empty="You haven't published a post yet.">
        {postList(published)}
      </DashboardSection>
    </Container>
  );
}

export const meta: MetaFunction = () => [{ title: "Content dashboard — Marketplace" }];
