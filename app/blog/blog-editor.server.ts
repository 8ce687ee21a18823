import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Viewer } from "~/accounts/roles";
import { hasRole } from "~/accounts/roles";
import { BLOG_MANAGER_ROLES } from "~/accounts/policy/route-rules";
import { enqueuePublication } from "~/blog/publishing.server";
import { slugFromTitle, type PostStatus } from "~/blog/schedule-rules";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";

/** The blog editor's reads and writes (/content-creator-dashboard and its posts/…). */

const authorName = sql<string>`trim(concat(author.first_name, ' ', author.last_name))`;

/** The dashboard's posts: a content creator's own; a blog manager's or admin's, everyone's. */
export async function listEditorPosts(viewer: Viewer) {
  let query = db()
    .selectFrom("blog_posts")
    .leftJoin("users as author", "author.id", "blog_posts.author_id")
    .select([
      "blog_posts.id",
      "blog_posts.slug",
      "blog_posts.title",
      "blog_posts.category",
      "blog_posts.status",
      "blog_posts.published_at",
      "blog_posts.view_count",
      "blog_posts.author_id",
      "blog_posts.updated_at",
      authorName.as("author_name"),
    ])
    .orderBy(sql`blog_posts.published_at desc nulls first`)
    .orderBy("blog_posts.id", "desc");
  if (!hasRole(viewer, ...BLOG_MANAGER_ROLES)) query = query.where("blog_posts.author_id", "=", viewer.id ?? -1);
  const posts = await query.execute();
  return {
    everyone: hasRole(viewer, ...BLOG_MANAGER_ROLES),
    drafts: posts.filter((post) => post.status === "draft"),
    scheduled: posts.filter((post) => post.status === "scheduled").reverse(),
    published: posts.filter((post) => post.status === "published"),
  };
}

export async function findEditorPost(id: number) {
  return db()
    .selectFrom("blog_posts")
    .leftJoin("users as author", "author.id", "blog_posts.author_id")
    .leftJoin("blog_authors", "blog_authors.user_id", "blog_posts.author_id")
    .where("blog_posts.id", "=", id)
    .select([
      "blog_posts.id",
      "blog_posts.slug",
      "blog_posts.title",
      "blog_posts.excerpt",
      "blog_posts.body",
      "blog_posts.category",
      "blog_posts.status",
      "blog_posts.published_at",
      "blog_posts.cover_image",
      "blog_posts.view_count",
      "blog_posts.author_id",
      authorName.as("author_name"),
      "blog_authors.slug as author_slug",
    ])
    .executeTakeFirst();
}

export type EditorPost = NonNullable<Awaited<ReturnType<typeof findEditorPost>>>;

export interface PostFields {
  title: string;
  slug: string | undefined;
  excerpt: string;
  body: string;
  category: string;
  status: PostStatus;
  published_at: Date | null;
  /** A new cover URL, null to remove it, undefined to keep it. */
  cover_image?: string | null;
}

/** An address no other post has: the one asked for (refused if taken), or one made from the title. */
async function freeSlug(executor: Executor, fields: PostFields, postId: number | null): Promise<{ slug: string } | { taken: true }> {
  const taken = async (slug: string) => {
    let query = executor.selectFrom("blog_posts").select("id").where("slug", "=", slug);
    if (postId !== null) query = query.where("id", "<>", postId);
    return (await query.executeTakeFirst()) !== undefined;
  };
  if (fields.slug) return (await taken(fields.slug)) ? { taken: true } : { slug: fields.slug };
  const base = slugFromTitle(fields.title) || "post";
  if (!(await taken(base))) return { slug: base };
  return { slug: `${base}-${randomBytes(3).toString("hex")}` };
}

/** The author page (/blog/@{slug}) a writer gets with their first post. */
async function ensureBlogAuthor(executor: Executor, userId: number) {
  const existing = await executor.selectFrom("blog_authors").select("slug").where("user_id", "=", userId).executeTakeFirst();
  if (existing) return;
  const user = await executor.selectFrom("users").select(["first_name", "last_name"]).where("id", "=", userId).executeTakeFirstOrThrow();
  const base = slugFromTitle(`${user.first_name} ${user.last_name}`) || "author";
  const clash = await executor.selectFrom("blog_authors").select("user_id").where("slug", "=", base).executeTakeFirst();
  await executor
    .insertInto("blog_authors")
    .values({ user_id: userId, slug: clash ? `${base}-${userId}` : base, headline: "Writes for the blog." })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/**
 * Creates (postId null) or updates a post in one transaction; a scheduled post gets its
 * publishing job in the same transaction. Null when the address asked for is taken.
 */
export async function savePost(input: { postId: number | null; authorId: number; fields: PostFields }): Promise<{ id: number; slug: string } | null> {
  const { postId, authorId, fields } = input;
  return db()
    .transaction()
    .execute(async (trx) => {
      const slug = await freeSlug(trx, fields, postId);
      if ("taken" in slug) return null;
      const values = {
        slug: slug.slug,
        title: fields.title,
        excerpt: fields.excerpt,
        body: fields.body,
        category: fields.category,
        status: fields.status,
        published_at: fields.published_at,
        ...(fields.cover_image !== undefined ? { cover_image: fields.cover_image } : {}),
      };
      let id: number;
      if (postId === null) {
        await ensureBlogAuthor(trx, authorId);
        id = (await trx.insertInto("blog_posts").values({ ...values, author_id: authorId }).returning("id").executeTakeFirstOrThrow()).id;
      } else {
        await trx.updateTable("blog_posts").set({ ...values, updated_at: sql<Date>`now()` }).where("id", "=", postId).execute();
        id = postId;
      }
      if (fields.status === "scheduled" && fields.published_at) await enqueuePublication(trx, id, fields.published_at);
      return { id, slug: slug.slug };
    });
}

export async function categorySlugs(): Promise<string[]> {
  return (await db().selectFrom("blog_categories").select("slug").orderBy("position").execute()).map((row) => row.slug);
}

/** One more view of a published post (the beacon on its page). */
export async function countView(slug: string): Promise<void> {
  await db()
    .updateTable("blog_posts")
    .set({ view_count: sql<number>`view_count + 1` })
    .where("slug", "=", slug)
    .where("status", "=", "published")
    .execute();
}
