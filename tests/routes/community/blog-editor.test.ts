import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { blogPublishingJobHandler, publishDuePosts } from "~/blog/publishing.server";
import { loader as dashboardLoader } from "~/routes/content-creator-dashboard";
import { action as editAction, loader as editLoader } from "~/routes/content-creator-dashboard_.posts.$id";
import { action as newAction, loader as newLoader } from "~/routes/content-creator-dashboard_.posts.new";
import { loader as postLoader } from "~/routes/blog+/$slug";
import { loader as blogLoader } from "~/routes/blog+/_index";
import { loader as viewLoader } from "~/routes/blog+/$slug_.view[.gif]";
import { loader as coverLoader } from "~/routes/uploads+/blog-covers.$file";
import sharp from "sharp";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor, type RouteVisitor } from "../../support/route-visitor";

/**
 * The blog editor as a browser without JavaScript uses it (Community item 6): who may write and
 * edit which posts, refusals that change nothing, previews that save nothing, scheduling, and the
 * blog-publishing job that publishes a scheduled post once, however often it runs.
 */
const database = useTestDatabase();
const db = () => database().db;
const NEW = "/content-creator-dashboard/posts/new";

async function person(roles: string[] = []) {
  const user = await db()
    .insertInto("users")
    .values({ email: `blog-${randomBytes(5).toString("hex")}@example.test`, first_name: "Wren", last_name: `Writer${randomBytes(2).toString("hex")}`, roles: roles as never })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Object.assign(routeVisitor({ session: await sessionCookieFor(user.id) }), { userId: user.id });
}

const unique = () => randomBytes(4).toString("hex");
const fields = (overrides: Record<string, string> = {}) => ({
  intent: "draft",
  title: `Spaced repetition, week ${unique()}`,
  excerpt: "How to plan reviews.",
  body: "Review **today**, then in three days.\n\n- one\n- two",
  category: "study_tips",
  time_zone: "UTC",
  ...overrides,
});
const edit = (visitor: RouteVisitor, id: number) => visitor.get(editLoader, `/content-creator-dashboard/posts/${id}`, { params: { id: String(id) } });
const save = (visitor: RouteVisitor, id: number, form: Record<string, string>) => visitor.form(editAction, `/content-creator-dashboard/posts/${id}`, form, { params: { id: String(id) } });

async function write(visitor: RouteVisitor, overrides: Record<string, string> = {}) {
  const answer = await visitor.form(newAction, NEW, fields(overrides));
  expect(answer.status).toBe(303);
  return Number(/\/posts\/(\d+)$/.exec(answer.headers.get("Location")!)![1]);
}

const row = (id: number) => db().selectFrom("blog_posts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const publicPost = (slug: string) => routeVisitor({}).get(postLoader, `/blog/${slug}`, { params: { slug } });

describe("the blog editor", () => {
  it("is for content creators, blog managers and admins; a student is refused", async () => {
    const student = await person();
    expect((await student.get(newLoader, NEW)).status).toBe(403);
    expect((await student.form(newAction, NEW, fields())).status).toBe(403);
    expect((await student.get(dashboardLoader, "/content-creator-dashboard")).status).toBe(403);
    expect((await routeVisitor({}).get(newLoader, NEW)).status).toBe(302);
    for (const roles of [["content_creator"], ["blog_manager"], ["admin"]]) expect((await (await person(roles)).get(newLoader, NEW)).status).toBe(200);
  });

  it("lets a content creator edit only their own posts, and a blog manager anyone's", async () => {
    const author = await person(["content_creator"]);
    const id = await write(author);
    const before = await row(id);
    expect(before).toMatchObject({ author_id: author.userId, status: "draft", published_at: null });

    const other = await person(["content_creator"]);
    expect((await edit(other, id)).status).toBe(403);
    expect((await save(other, id, fields({ title: "Taken over" }))).status).toBe(403);
    expect(await row(id)).toEqual(before);
    // Their dashboard does not list it; the author's does, as a draft.
    expect((await other.get(dashboardLoader, "/content-creator-dashboard")).data.drafts).toEqual([]);
    expect((await author.get(dashboardLoader, "/content-creator-dashboard")).data.drafts.map((post: { id: number }) => post.id)).toEqual([id]);

    const manager = await person(["blog_manager"]);
    expect((await edit(manager, id)).status).toBe(200);
    expect((await save(manager, id, fields({ title: "Edited by the editor", slug: before.slug }))).status).toBe(303);
    expect(await row(id)).toMatchObject({ title: "Edited by the editor", author_id: author.userId });
    expect((await edit(manager, 999_999_999)).status).toBe(404);
  });

  it("refuses bad input with 400 and its messages, and changes nothing", async () => {
    const author = await person(["content_creator"]);
    const id = await write(author);
    const before = await row(id);
    const cases: [Record<string, string>, string, string][] = [
      [{ title: "Hi" }, "title", "Give the post a title of at least 3 characters"],
      [{ body: "   " }, "body", "Write the post"],
      [{ category: "cooking" }, "category", "Choose one of the blog's categories"],
      [{ slug: "Not A Slug!" }, "slug", "Use lower-case letters, digits and single dashes in the address"],
      [{ intent: "schedule", publish_at: "2020-01-01T09:00" }, "publish_at", "Choose a time in the future, or publish it now"],
      [{ intent: "schedule", publish_at: "" }, "publish_at", "Choose the day and time to publish it, like 2026-12-01 09:00"],
      [{ intent: "explode" }, "intent", "Save, schedule, publish or preview the post"],
      [{ slug: "active-recall-and-spaced-repetition" }, "slug", "Another post has this address: choose another"],
    ];
    for (const [overrides, field, message] of cases) {
      const answer = await save(author, id, fields(overrides));
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.data.result.error[field]).toEqual([message]);
    }
    const posts = await db().selectFrom("blog_posts").select("id").where("author_id", "=", author.userId).execute();
    expect(posts).toHaveLength(1);
    expect(await row(id)).toEqual(before);
  });

  it("previews the Markdown without saving, sanitised", async () => {
    const author = await person(["content_creator"]);
    const id = await write(author);
    const before = await row(id);
    const answer = await save(author, id, fields({ intent: "preview", body: "**Bold** <script>alert(1)</script> [x](javascript:alert(1))" }));
    expect(answer.status).toBe(200);
    expect(answer.data.preview.html).toContain("<strong>Bold</strong>");
    expect(answer.data.preview.html).not.toContain("<script>");
    expect(answer.data.preview.html).not.toContain('href="javascript:');
    expect(await row(id)).toEqual(before);
  });

  it("schedules a post that the publishing job publishes at its time, once", async () => {
    const manager = await person(["blog_manager"]);
    const slug = `scheduled-${unique()}`;
    // A couple of seconds ahead, to the second (the form's precision): the test waits for it.
    const when = new Date(Math.ceil(Date.now() / 1000) * 1000 + 2000);
    const id = await write(manager, { intent: "schedule", slug, publish_at: when.toISOString().slice(0, 19), time_zone: "UTC" });
    expect(await row(id)).toMatchObject({ status: "scheduled", published_at: when });
    // Not public before its time, whatever its date says to the old `published_at <= now` rule.
    expect((await publicPost(slug)).status).toBe(404);
    const listed = async () => (await routeVisitor({}).get(blogLoader, "/blog")).data.posts.map((post: { slug: string }) => post.slug);
    expect(await listed()).not.toContain(slug);
    expect((await manager.get(dashboardLoader, "/content-creator-dashboard")).data.scheduled.map((post: { id: number }) => post.id)).toContain(id);

    // Early: nothing to publish.
    expect(await publishDuePosts(db(), new Date())).not.toContain(id);
    // At its time, through the job's handler; a second run (a retry, another process) publishes nothing more.
    await new Promise((resolve) => setTimeout(resolve, when.getTime() - Date.now() + 50));
    const later = new Date();
    const handler = blogPublishingJobHandler({ db });
    await handler.run({ postId: id }, { id: "test", attempt: 1, maxAttempts: 3 });
    const published = await row(id);
    expect(published).toMatchObject({ status: "published", published_at: when });
    await handler.run({ postId: id }, { id: "test-2", attempt: 1, maxAttempts: 3 });
    expect(await publishDuePosts(db(), later)).toEqual([]);
    expect(await row(id)).toEqual(published);
    expect((await publicPost(slug)).status).toBe(200);
    expect(await listed()).toContain(slug);
    // Its author is told once.
    const told = await db().selectFrom("notifications").select(["type", "data"]).where("user_id", "=", manager.userId).execute();
    expect(told).toEqual([{ type: "BlogPostPublished", data: expect.objectContaining({ path: `/blog/${slug}` }) }]);
  });

  it("publishes now, renders the body as Markdown, and counts views by the beacon", async () => {
    const author = await person(["content_creator"]);
    const slug = `published-${unique()}`;
    const id = await write(author, { intent: "publish", slug, body: "## Plan\n\nReview **today**." });
    const page = await publicPost(slug);
    expect(page.status).toBe(200);
    expect(page.data.post.body_html).toContain("<h2>Plan</h2>");
    expect(page.data.post.body_html).toContain("<strong>today</strong>");
    for (let view = 0; view < 3; view += 1) {
      const pixel = await routeVisitor({}).raw(viewLoader, `/blog/${slug}/view.gif`, { params: { slug } });
      expect(pixel.headers.get("Content-Type")).toBe("image/gif");
      expect(pixel.headers.get("Cache-Control")).toBe("no-store");
    }
    expect((await row(id)).view_count).toBe(3);
    expect((await author.get(dashboardLoader, "/content-creator-dashboard")).data.published).toEqual([expect.objectContaining({ id, view_count: 3 })]);
    // Its author page is reachable and lists it.
    const authorSlug = (await db().selectFrom("blog_authors").select("slug").where("user_id", "=", author.userId).executeTakeFirstOrThrow()).slug;
    const authorPage = await routeVisitor({}).get(postLoader, `/blog/@${authorSlug}`, { params: { slug: `@${authorSlug}` } });
    expect(authorPage.status).toBe(200);
    expect(authorPage.data.posts.map((post: { slug: string }) => post.slug)).toEqual([slug]);
    // Back to drafts: gone from the blog, and a view of it counts nothing.
    expect((await save(author, id, fields({ intent: "draft", slug }))).status).toBe(303);
    expect((await publicPost(slug)).status).toBe(404);
    await routeVisitor({}).raw(viewLoader, `/blog/${slug}/view.gif`, { params: { slug } });
    expect((await row(id)).view_count).toBe(3);
  });

  it("keeps a cover picture through the storage seam, re-encoded, and refuses a file that is not one", async () => {
    const author = await person(["content_creator"]);
    const id = await write(author);
    const before = await row(id);
    const withCover = (file: File, extra: Record<string, string> = {}) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields({ slug: before.slug, ...extra }))) body.set(name, value);
      body.set("cover", file);
      return author.multipart(editAction, `/content-creator-dashboard/posts/${id}`, body, { params: { id: String(id) } });
    };
    const refused = await withCover(new File(["not a picture"], "cover.png", { type: "image/png" }));
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.cover).toEqual(["That file is not a picture: send a JPEG, PNG, WebP or GIF."]);
    expect(await row(id)).toEqual(before);

    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#3366cc" } }).png().toBuffer();
    expect((await withCover(new File([new Uint8Array(png)], "cover.png", { type: "image/png" }))).status).toBe(303);
    const cover = (await row(id)).cover_image!;
    expect(cover).toMatch(/^\/uploads\/blog-covers\/cover-[0-9a-f]+\.webp$/);
    const file = cover.split("/").pop()!;
    const served = await routeVisitor({}).raw(coverLoader, cover, { params: { file } });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect((await routeVisitor({}).raw(coverLoader, "/uploads/blog-covers/cover-nope.webp", { params: { file: "cover-nope.webp" } })).status).toBe(404);
    // Removing it.
    expect((await save(author, id, fields({ slug: before.slug, remove_cover: "on" }))).status).toBe(303);
    expect((await row(id)).cover_image).toBeNull();
  });
});
