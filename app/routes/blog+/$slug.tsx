import { Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { can } from "~/accounts/policy/permissions";
import { viewerFor } from "~/accounts/session.server";
import { CommentThread } from "~/community/comment-thread";
import { loadCommunity } from "~/community/comments.server";
import { findBlogAuthor, findBlogPost } from "~/blog/blog.server";
import { BlogPostBody } from "~/blog/blog-post-body";
import { pagePolls } from "~/community/page-polls.server";
import { PollsSection } from "~/community/polls-section";
import { displayDate, isoOf } from "~/formatting/display";
import { metaFor } from "~/seo/page-meta";
import { revalidateUnlessOffline } from "~/shell/offline-submission";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

/** /blog/{slug} is a post; /blog/@{slug} is an author's page with their posts. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/blog+/$slug");
  const slug = params.slug ?? "";
  if (slug.startsWith("@")) {
    const found = await findBlogAuthor(slug.slice(1));
    if (!found) throw new Response("Author not found", { status: 404 });
    return { kind: "author" as const, ...found };
  }
  const post = await findBlogPost(slug);
  if (!post) throw new Response("Post not found", { status: 404 });
  const viewer = viewerFor(session);
  const [community, polls] = await Promise.all([
    loadCommunity({ type: "blog_post", id: post.id }, viewer, { moderator: can(viewer, "moderate_forum", "forum") }),
    pagePolls(session, { blogPostId: post.id }, `/blog/${post.slug}`),
  ]);
  return { kind: "post" as const, post, community, polls };
}

// Its comment and reaction forms may find the connection gone: then nothing is read again.
export const shouldRevalidate = revalidateUnlessOffline;

export default function BlogSlugPage() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "author") {
    const { author, posts } = data;
    return (
      <Container size="3" px="4" py="6">
        <Text as="p" color="gray">
          <Link to="/blog">Blog</Link>
        </Text>
        <Heading as="h1" size="8" mb="2">
          {author.name}
        </Heading>
        <Text as="p" weight="medium" mb="2">
          {author.headline}
        </Text>
        {author.bio ? (
          <Text as="p" mb="5">
            {author.bio}
          </Text>
        ) : null}
        <Heading as="h2" size="5" mb="3">
          Posts by {author.first_name} ({posts.length})
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
      </Container>
    );
  }
  const { post } = data;
  return (
    <Container size="2" px="4" py="6">
      <article>
        <Text as="p" color="gray">
          <Link to="/blog">Blog</Link>
          {post.category_name ? (
            <>
              {" · "}
              <Link to={`/blog?category=${post.category}`}>{post.category_name}</Link>
            </>
          ) : null}
        </Text>
        <Heading as="h1" size="8" mb="2">
          {post.title}
        </Heading>
        <Text as="p" color="gray" mb="5">
          {post.author_slug ? <Link to={`/blog/@${post.author_slug}`}>{post.author_name}</Link> : post.author_name}
          {post.published_at ? (
            <>
              {" · "}
              <time dateTime={isoOf(post.published_at)}>{displayDate(post.published_at)}</time>
            </>
          ) : null}
        </Text>
        <BlogPostBody post={post} />
      </article>
      <PollsSection {...data.polls} />
      <CommentThread community={data.community} />
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: "Not found" }];
  if (data.kind === "author") {
    return metaFor(matches, { title: `${data.author.name} on the blog`, description: data.author.headline, path: `/blog/@${data.author.slug}` });
  }
  return metaFor(matches, { title: data.post.title, description: data.post.excerpt, path: `/blog/${data.post.slug}`, type: "article" });
};
