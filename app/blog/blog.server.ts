import { sql } from "kysely";
import { blogPostHtml, hasFormula } from "~/content/markdown.server";
import { db } from "~/db/db.server";

const authorName = sql<string>`trim(concat(author.first_name, ' ', author.last_name))`;

export async function listBlogCategories() {
  return db().selectFrom("blog_categories").select(["slug", "name", "description"]).orderBy("position").orderBy("slug").execute();
}

/** One page of published posts, optionally of one category, with the total, in two queries. */
export async function listBlogPosts({ category, page, perPage, now = new Date() }: { category?: string; page: number; perPage: number; now?: Date }) {
  let base = db()
    .selectFrom("blog_posts")
    .leftJoin("users as author", "author.id", "blog_posts.author_id")
    .leftJoin("blog_authors", "blog_authors.user_id", "blog_posts.author_id")
    .where("blog_posts.status", "=", "published")
    .where("blog_posts.published_at", "<=", now);
  if (category) base = base.where("blog_posts.category", "=", category);
  const [posts, total] = await Promise.all([
    base
      .select([
        "blog_posts.id",
        "blog_posts.slug",
        "blog_posts.title",
        "blog_posts.excerpt",
        "blog_posts.category",
        "blog_posts.published_at",
        authorName.as("author_name"),
        "blog_authors.slug as author_slug",
      ])
      .orderBy("blog_posts.published_at", "desc")
      .orderBy("blog_posts.id", "desc")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow(),
  ]);
  return { posts, total: total.n };
}

/** A published post with its author and category, its Markdown body rendered (sanitised) as `body_html`. */
export async function findBlogPost(slug: string, now = new Date()) {
  const post = await db()
    .selectFrom("blog_posts")
    .leftJoin("users as author", "author.id", "blog_posts.author_id")
    .leftJoin("blog_authors", "blog_authors.user_id", "blog_posts.author_id")
    .leftJoin("blog_categories", "blog_categories.slug", "blog_posts.category")
    .where("blog_posts.slug", "=", slug)
    .where("blog_posts.status", "=", "published")
    .where("blog_posts.published_at", "<=", now)
    .select([
      "blog_posts.id",
      "blog_posts.cover_image",
      "blog_posts.slug",
      "blog_posts.title",
      "blog_posts.excerpt",
      "blog_posts.body",
      "blog_posts.category",
      "blog_posts.published_at",
      "blog_categories.name as category_name",
      authorName.as("author_name"),
      "blog_authors.slug as author_slug",
      "blog_authors.headline as author_headline",
    ])
    .executeTakeFirst();
  if (!post) return undefined;
  const html = blogPostHtml(post.body);
  return { ...post, body_html: html, has_formula: hasFormula(html) };
}

/** A blog author (/blog/@{slug}) with their published posts. */
export async function findBlogAuthor(slug: string, now = new Date()) {
  const author = await db()
    .selectFrom("blog_authors")
    .innerJoin("users", "users.id", "blog_authors.user_id")
    .where("blog_authors.slug", "=", slug)
    .select(["blog_authors.user_id", "blog_authors.slug", "blog_authors.headline", "users.first_name", "users.last_name", "users.bio"])
    .executeTakeFirst();
  if (!author) return undefined;
  const posts = await db()
    .selectFrom("blog_posts")
    .where("author_id", "=", author.user_id)
    .where("status", "=", "published")
    .where("published_at", "<=", now)
    .select(["id", "slug", "title", "excerpt", "category", "published_at"])
    .orderBy("published_at", "desc")
    .execute();
  return { author: { ...author, name: `${author.first_name} ${author.last_name}` }, posts };
}
