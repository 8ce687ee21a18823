import { Container, Flex, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, NavLink, useLoaderData } from "@remix-run/react";
import { Pager } from "~/components/pager";
import { z } from "zod";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { listBlogCategories, listBlogPosts } from "~/blog/blog.server";
import { displayDate, isoOf } from "~/formatting/display";
import { metaFor } from "~/seo/page-meta";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

const PER_PAGE = 12;
const querySchema = z.object({
  category: z.string().trim().max(40).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1000).catch(1),
});

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/blog+/_index");
  const { category, page } = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const categories = await listBlogCategories();
  const current = categories.find((c) => c.slug === category) ?? null;
  if (category && !current) throw new Response("No such blog category", { status: 404 });
  const { posts, total } = await listBlogPosts({ category: current?.slug, page, perPage: PER_PAGE });
  return { categories, current, posts, page, pageCount: Math.max(1, Math.ceil(total / PER_PAGE)) };
}

export default function BlogPage() {
  const { categories, current, posts, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <Container size="4" px="4" py="6">
      <Heading as="h1" size="8" mb="2">
        {current ? current.name : "Blog"}
      </Heading>
      <Text as="p" mb="4">
        {current ? current.description : "Study tips, free resources and advice from our instructors."}
      </Text>
      <nav aria-label="Blog categories">
        <Flex gap="4" mb="5" wrap="wrap">
          <NavLink to="/blog" end>
            All posts
          </NavLink>
          {categories.map((category) => (
            <Link key={category.slug} to={`/blog?category=${category.slug}`} aria-current={current?.slug === category.slug ? "page" : undefined}>
              {category.name}
            </Link>
          ))}
        </Flex>
      </nav>
      {posts.length === 0 ? (
        <Text as="p">No posts in this category yet.</Text>
      ) : (
        <ul className="tile-list">
          {posts.map((post) => (
            <li key={post.id}>
              <Link to={`/blog/${post.slug}`} className="tile">
                <span className="tile-title">{post.title}</span>
                <span className="tile-meta">{post.excerpt}</span>
                <span className="tile-meta">
                  {post.author_name ? `${post.author_name} · ` : ""}
                  {post.published_at ? <time dateTime={isoOf(post.published_at)}>{displayDate(post.published_at)}</time> : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageCount={pageCount} query={{ category: current?.slug }} previousLabel="Newer posts" nextLabel="Older posts" />
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  metaFor(matches, {
    title: data?.current ? `${data.current.name} — Blog` : "Blog",
    description: data?.current?.description ?? "Study tips, free resources and advice from our instructors.",
    path: data?.current ? `/blog?category=${data.current.slug}` : "/blog",
  });
