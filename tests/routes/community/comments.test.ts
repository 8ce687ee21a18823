import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import BlogSlugPage, { loader as blogLoader } from "~/routes/blog+/$slug";
import { loader as inCourseLoader } from "~/routes/in-course-experience+/$idOrSlug.$";
import { action as interact, loader as commentLink } from "~/routes/community+/interactions";
import { action as reportsAction, loader as reportsLoader } from "~/routes/forum-reports";
import { NEW_ACCOUNT_POSTS_PER_HOUR } from "~/community/moderation";
import { loadCommunity } from "~/community/comments.server";
import { runWithRequestContext, type RequestContext } from "~/utils/request-context.server";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor, type RouteVisitor } from "../../support/route-visitor";
import { htmlProblems, renderPage } from "../../support/render-page";
import { expectRedirectWithToast, toastOf } from "../../support/toast";

/**
 * Comments, votes and reactions under blog posts and activities as a browser uses them: without
 * JavaScript (plain forms, a redirect back with a toast) and through a fetcher (`_fetcher=1`: the
 * outcome as data with its status). Counts stay exact under concurrency, only authors delete,
 * Markdown cannot run anything, activities take comments only from those who may see them, and
 * reported comments reach the moderators' queue.
 */
const database = useTestDatabase();
const db = () => database().db;
const SLUG = "active-recall-and-spaced-repetition";
const POST_PATH = `/blog/${SLUG}`;
const COURSE = "waterloo-math-137-exam-prep";

async function person(options: { roles?: string[]; email?: string; old?: boolean } = {}) {
  const user = options.email
    ? await db().selectFrom("users").select(["id", "first_name", "last_name"]).where("email", "=", options.email).executeTakeFirstOrThrow()
    : await db()
        .insertInto("users")
        .values({
          email: `comments-${randomBytes(5).toString("hex")}@example.test`,
          first_name: "Cora",
          last_name: `Commenter${randomBytes(2).toString("hex")}`,
          ...(options.roles ? { roles: options.roles as never } : {}),
          // An account past its first week: not held to the new-account pace.
          ...(options.old ? { created_at: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000) } : {}),
        })
        .returning(["id", "first_name", "last_name"])
        .executeTakeFirstOrThrow();
  return Object.assign(routeVisitor({ session: await sessionCookieFor(user.id) }), { userId: user.id });
}

const blogPost = (visitor: RouteVisitor) => visitor.get(blogLoader, POST_PATH, { params: { slug: SLUG } });
const send = (visitor: RouteVisitor, fields: Record<string, string>) => visitor.form(interact, "/community/interactions", fields, { headers: { Referer: `http://app.test${POST_PATH}` } });
const fetcherSend = (visitor: RouteVisitor, fields: Record<string, string>) => send(visitor, { ...fields, _fetcher: "1" });

async function blogPostId() {
  return (await db().selectFrom("blog_posts").select("id").where("slug", "=", SLUG).executeTakeFirstOrThrow()).id;
}

async function comment(visitor: RouteVisitor, body: string, parentId?: number) {
  const answer = await send(visitor, { intent: "comment", target_type: "blog_post", target_id: String(await blogPostId()), body, ...(parentId ? { parent_id: String(parentId) } : {}) });
  expect(answer.status).toBe(303);
  return Number(/#comment-(\d+)$/.exec(answer.headers.get("Location")!)![1]);
}

describe("comments on a blog post", () => {
  it("shows guests the comments and counts read-only, and takes comments and one-level replies from anyone signed in", async () => {
    const guest = await blogPost(routeVisitor({}));
    expect(guest.status).toBe(200);
    expect(guest.data.community).toMatchObject({ viewer: { signedIn: false }, reactions: { reaction_counts: { like: expect.any(Number), love: expect.any(Number) }, mine: [] } });
    // A guest's post goes to sign-in, and nothing is added.
    const refused = await routeVisitor({}).form(interact, "/community/interactions", { intent: "comment", target_type: "blog_post", target_id: String(await blogPostId()), body: "Hi" });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toMatch(/^\/users\/sign_in/);

    const writer = await person();
    const id = await comment(writer, "Spacing my reviews **really** works.");
    const replier = await person();
    const replyAnswer = await send(replier, { intent: "comment", target_type: "blog_post", target_id: String(await blogPostId()), body: "Agreed!", parent_id: String(id) });
    await expectRedirectWithToast(replyAnswer, replyAnswer.headers.get("Location")!, "Reply posted.");
    expect(replyAnswer.headers.get("Location")).toMatch(new RegExp(`^${POST_PATH}#comment-\\d+$`));
    const replyId = Number(/#comment-(\d+)$/.exec(replyAnswer.headers.get("Location")!)![1]);
    // A reply cannot be replied to.
    const nested = await fetcherSend(writer, { intent: "comment", target_type: "blog_post", target_id: String(await blogPostId()), body: "Deeper", parent_id: String(replyId) });
    expect(nested.status).toBe(404);
    // An empty comment is refused: back to the page with the reason, or 400 to a fetcher.
    const empty = await send(writer, { intent: "comment", target_type: "blog_post", target_id: String(await blogPostId()), body: "   " });
    expect(empty.status).toBe(303);
    expect(empty.headers.get("Location")).toBe(POST_PATH);
    expect(await toastOf(empty)).toMatchObject({ type: "error", message: "Write something first" });
    expect((await fetcherSend(writer, { intent: "comment", target_type: "blog_post", target_id: String(await blogPostId()), body: "" })).status).toBe(400);
    const posted = await fetcherSend(writer, { intent: "comment", target_type: "blog_post", target_id: String(await blogPostId()), body: "Through a fetcher." });
    expect(posted.status).toBe(200);
    expect(posted.data).toEqual({ ok: true, message: "Comment posted." });

    const page = await blogPost(routeVisitor({}));
    const thread = page.data.community.comments.find((each: { id: number }) => each.id === id);
    expect(thread).toMatchObject({ bodyHtml: expect.stringContaining("<strong>really</strong>"), replies: [{ id: replyId, bodyHtml: expect.stringContaining("Agreed!") }] });
  });

  it("renders the thread as valid HTML: read-only with a sign-in link for guests, with forms for those signed in", async () => {
    const guest = await blogPost(routeVisitor({}));
    const guestHtml = await renderPage(BlogSlugPage, { loaderData: guest.data, url: POST_PATH });
    expect(guestHtml).toContain(`href="/users/sign_in?redirect_to=${encodeURIComponent(POST_PATH)}"`);
    expect(guestHtml).not.toContain('action="/community/interactions"');
    expect(await htmlProblems(guestHtml)).toEqual([]);
    const student = await person({ email: "student@demo.test" });
    const html = await renderPage(BlogSlugPage, { loaderData: (await blogPost(student)).data, url: POST_PATH });
    expect(html).toContain('action="/community/interactions"');
    expect(html).toContain('name="body"');
    expect(await htmlProblems(html)).toEqual([]);
  });

  it("lets only its author delete a comment: another student gets 403 and nothing changes", async () => {
    const author = await person();
    const id = await comment(author, "Mine to delete.");
    const other = await person();
    expect((await fetcherSend(other, { intent: "delete_comment", comment_id: String(id) })).status).toBe(403);
    const plain = await send(other, { intent: "delete_comment", comment_id: String(id) });
    expect(await toastOf(plain)).toMatchObject({ type: "error", message: "Only its author deletes a comment." });
    expect(await db().selectFrom("comments").select(["body", "deleted_at"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({ body: "Mine to delete.", deleted_at: null });
    expect((await fetcherSend(other, { intent: "delete_comment", comment_id: "999999999" })).status).toBe(404);
    await expectRedirectWithToast(await send(author, { intent: "delete_comment", comment_id: String(id) }), `${POST_PATH}#comments`, "Comment deleted.");
    expect((await db().selectFrom("comments").select("deleted_at").where("id", "=", id).executeTakeFirstOrThrow()).deleted_at).not.toBeNull();
    expect((await blogPost(routeVisitor({}))).data.community.comments.some((each: { id: number }) => each.id === id)).toBe(false);
  });

  it("renders Markdown without running anything: no script, no event handler, no javascript: link, links marked as users'", async () => {
    const author = await person();
    const id = await comment(author, '<script>alert(1)</script> <img src=x onerror="alert(1)"> [click](javascript:alert(1)) [notes](https://example.test/notes) **bold**');
    const html = (await blogPost(routeVisitor({}))).data.community.comments.find((each: { id: number }) => each.id === id).bodyHtml as string;
    expect(html).not.toContain("<script");
    expect(html).not.toMatch(/<img[^>]*onerror/);
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain('rel="ugc nofollow noopener noreferrer"');
    expect(html).toContain("<strong>bold</strong>");
  });

  it("reads a post's reactions and its thread, with each comment's votes and reactions, in one query", async () => {
    const postId = await blogPostId();
    const author = await person({ old: true });
    const first = await comment(author, "One round trip.");
    const second = await comment(author, "However long the thread.", first);
    await send(author, { intent: "react", target_type: "comment", target_id: String(first), reaction: "celebrate", on: "on" });
    await send(author, { intent: "vote_comment", comment_id: String(second), vote: "on" });
    const context: RequestContext = { requestId: "test", queryCount: 0, databaseUnavailable: false };
    const viewer = { id: author.userId, roles: ["student" as const], userType: "student" as const };
    const community = await runWithRequestContext(context, () => loadCommunity({ type: "blog_post", id: postId }, viewer, { moderator: false }));
    expect(context.queryCount).toBe(1);
    const mine = community.comments.find((each) => each.id === first)!;
    expect(mine).toMatchObject({ bodyHtml: expect.stringContaining("One round trip."), voted: false, reactions: { mine: ["celebrate"], reaction_counts: { celebrate: 1 } } });
    expect(mine.createdAt).toBeInstanceOf(Date);
    expect(mine.replies).toEqual([expect.objectContaining({ id: second, voted: true, voteCount: 1, reactions: expect.objectContaining({ mine: [] }) })]);
  });

  it("counts 50 reactions and 50 votes sent at once exactly, and one person's repeated reaction or vote once", async () => {
    const postId = await blogPostId();
    const author = await person();
    const id = await comment(author, "Vote and react on me.");
    const before = (await blogPost(routeVisitor({}))).data.community.reactions.reaction_counts.insightful as number;
    const people = await Promise.all(Array.from({ length: 50 }, () => person()));
    const [reacted, voted] = await Promise.all([
      Promise.all(people.map((each) => send(each, { intent: "react", target_type: "blog_post", target_id: String(postId), reaction: "insightful", on: "on" }))),
      Promise.all(people.map((each) => send(each, { intent: "vote_comment", comment_id: String(id), vote: "on" }))),
    ]);
    expect([...reacted, ...voted].every((answer) => answer.status === 303)).toBe(true);
    let page = await blogPost(routeVisitor({}));
    expect(page.data.community.reactions.reaction_counts.insightful).toBe(before + 50);
    expect(page.data.community.comments.find((each: { id: number }) => each.id === id).voteCount).toBe(50);

    const keen = people[0]!;
    await Promise.all(Array.from({ length: 5 }, () => send(keen, { intent: "react", target_type: "blog_post", target_id: String(postId), reaction: "insightful", on: "on" })));
    await Promise.all(Array.from({ length: 5 }, () => send(keen, { intent: "vote_comment", comment_id: String(id), vote: "on" })));
    page = await blogPost(keen);
    expect(page.data.community.reactions).toMatchObject({ mine: ["insightful"] });
    expect(page.data.community.reactions.reaction_counts.insightful).toBe(before + 50);
    expect(page.data.community.comments.find((each: { id: number }) => each.id === id)).toMatchObject({ voteCount: 50, voted: true });
    // Toggling off takes one away, however many times it is sent.
    await Promise.all(Array.from({ length: 3 }, () => send(keen, { intent: "react", target_type: "blog_post", target_id: String(postId), reaction: "insightful", on: "off" })));
    await Promise.all(Array.from({ length: 3 }, () => send(keen, { intent: "vote_comment", comment_id: String(id), vote: "off" })));
    page = await blogPost(keen);
    expect(page.data.community.reactions).toMatchObject({ mine: [], reaction_counts: { insightful: before + 49 } });
    // The same map, as data.
    const counted = await routeVisitor({}).get(commentLink, `/community/interactions?target_type=blog_post&target_id=${postId}`);
    expect(counted.data).toMatchObject({ target: { type: "blog_post", id: postId }, reaction_counts: { insightful: before + 49, confused: expect.any(Number) }, mine: [] });
    expect(page.data.community.comments.find((each: { id: number }) => each.id === id)).toMatchObject({ voteCount: 49, voted: false });
    const rows = await db().selectFrom("resource_reactions").select("id").where("reactionable_type", "=", "blog_post").where("reactionable_id", "=", postId).where("reaction_id", "=", "insightful").execute();
    expect(rows).toHaveLength(before + 49);
    // Reactions on a comment count the same way; a reaction outside the set is refused.
    await Promise.all(people.slice(0, 10).map((each) => send(each, { intent: "react", target_type: "comment", target_id: String(id), reaction: "celebrate", on: "on" })));
    expect((await blogPost(routeVisitor({}))).data.community.comments.find((each: { id: number }) => each.id === id).reactions.reaction_counts.celebrate).toBe(10);
    expect((await fetcherSend(keen, { intent: "react", target_type: "blog_post", target_id: String(postId), reaction: "angry", on: "on" })).status).toBe(400);
  });

  it("holds a new account to its posting pace", async () => {
    const fresh = await person();
    for (let index = 0; index < NEW_ACCOUNT_POSTS_PER_HOUR; index++) await comment(fresh, `Comment ${index}`);
    const limited = await fetcherSend(fresh, { intent: "comment", target_type: "blog_post", target_id: String(await blogPostId()), body: "One more" });
    expect(limited.status).toBe(429);
    const seasoned = await person({ old: true });
    for (let index = 0; index <= NEW_ACCOUNT_POSTS_PER_HOUR; index++) await comment(seasoned, `Comment ${index}`);
  });
});

describe("comments on an activity", () => {
  async function activities() {
    return db()
      .selectFrom("activities")
      .innerJoin("sections", "sections.id", "activities.section_id")
      .innerJoin("chapters", "chapters.id", "sections.chapter_id")
      .innerJoin("online_courses", "online_courses.id", "chapters.online_course_id")
      .where("online_courses.slug", "=", COURSE)
      .where("activities.activity_type", "in", ["reading", "video"])
      .select(["activities.id", "activities.can_preview"])
      .orderBy("chapters.position")
      .orderBy("sections.position")
      .orderBy("activities.position")
      .execute();
  }

  it("takes comments and reactions from an enrolled student, shows them on the activity's page, and refuses someone the activity is locked to", async () => {
    const student = await person({ email: "student@demo.test" });
    const activity = (await activities()).find((each) => !each.can_preview)!;
    const answer = await send(student, { intent: "comment", target_type: "activity", target_id: String(activity.id), body: "Which formula sheet is allowed?" });
    expect(answer.status).toBe(303);
    const location = answer.headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^/in-course-experience/${COURSE}/.+#comment-\\d+$`));
    await send(student, { intent: "react", target_type: "activity", target_id: String(activity.id), reaction: "like", on: "on" });

    // The activity's page (where the redirect leads) has the comment and the reaction.
    const [path, search] = location.split("#")[0]!.split("?");
    const rest = path!.slice(`/in-course-experience/${COURSE}/`.length);
    const page = await student.get(inCourseLoader, `${path}${search ? `?${search}` : ""}`, { params: { idOrSlug: COURSE, "*": rest } });
    expect(page.status).toBe(200);
    expect(page.data.detail.selected.community).toMatchObject({ target: { type: "activity", id: activity.id }, reactions: { reaction_counts: { like: 1 }, mine: ["like"] } });
    expect(page.data.detail.selected.community.comments.map((each: { bodyHtml: string }) => each.bodyHtml)).toContainEqual(expect.stringContaining("Which formula sheet is allowed?"));

    // Someone not enrolled: locked, so no comment, no reaction, and the page shows no thread.
    const outsider = await person();
    const before = await db().selectFrom("comments").select("id").where("commentable_type", "=", "activity").execute();
    const refused = await fetcherSend(outsider, { intent: "comment", target_type: "activity", target_id: String(activity.id), body: "Let me in" });
    expect(refused.status).toBe(403);
    expect((await fetcherSend(outsider, { intent: "react", target_type: "activity", target_id: String(activity.id), reaction: "like", on: "on" })).status).toBe(403);
    expect(await db().selectFrom("comments").select("id").where("commentable_type", "=", "activity").execute()).toHaveLength(before.length);
    const theirs = await outsider.get(inCourseLoader, `${path}${search ? `?${search}` : ""}`, { params: { idOrSlug: COURSE, "*": rest } });
    if (theirs.status === 200) expect(theirs.data.detail.selected.community).toBeNull();
    // An activity that does not exist.
    expect((await fetcherSend(student, { intent: "comment", target_type: "activity", target_id: "999999999", body: "Hello" })).status).toBe(404);
  });
});

describe("reports on comments", () => {
  it("takes a report once per person while open, lists it in the moderators' queue, and hiding it settles the reports", async () => {
    const author = await person();
    const id = await comment(author, "Buy my notes at example.test");
    const reporters = await Promise.all([person(), person()]);
    for (const reporter of reporters) {
      await expectRedirectWithToast(await send(reporter, { intent: "report_comment", comment_id: String(id), reason: "spam" }), `${POST_PATH}#comment-${id}`, "Thank you: a moderator will look at it.");
    }
    await send(reporters[0]!, { intent: "report_comment", comment_id: String(id), reason: "abuse" });
    expect(await db().selectFrom("reports").select("id").where("reportable_type", "=", "comment").where("reportable_id", "=", id).execute()).toHaveLength(2);

    const moderator = await person({ roles: ["forum_moderator"] });
    const queue = await moderator.get(reportsLoader, "/forum-reports");
    const item = queue.data.queue.find((each: { type: string; id: number }) => each.type === "comment" && each.id === id);
    expect(item).toMatchObject({ reports: 2, postTitle: expect.any(String), excerpt: "Buy my notes at example.test", hidden: false, href: `/community/interactions?comment=${id}` });
    // The queue's link leads to the comment on its page.
    const link = await moderator.get(commentLink, `/community/interactions?comment=${id}`);
    expect(link.status).toBe(302);
    expect(link.headers.get("Location")).toBe(`${POST_PATH}#comment-${id}`);
    // A student cannot work the queue.
    expect((await reporters[1]!.form(reportsAction, "/forum-reports", { intent: "hide", reportable_type: "comment", reportable_id: String(id) })).status).toBe(403);

    await expectRedirectWithToast(await moderator.form(reportsAction, "/forum-reports", { intent: "hide", reportable_type: "comment", reportable_id: String(id) }), "/forum-reports", "The comment is hidden.");
    const open = await db().selectFrom("reports").select("id").where("reportable_type", "=", "comment").where("reportable_id", "=", id).where("resolved_at", "is", null).execute();
    expect(open).toEqual([]);
    const shown = (await blogPost(routeVisitor({}))).data.community.comments.find((each: { id: number }) => each.id === id);
    expect(shown).toMatchObject({ hidden: true, bodyHtml: null });

    // Dismissing settles another comment's reports and leaves it shown.
    const other = await comment(author, "A fine comment.");
    await send(reporters[1]!, { intent: "report_comment", comment_id: String(other), reason: "other" });
    await expectRedirectWithToast(await moderator.form(reportsAction, "/forum-reports", { intent: "dismiss", reportable_type: "comment", reportable_id: String(other) }), "/forum-reports", "Reports dismissed.");
    expect((await moderator.get(reportsLoader, "/forum-reports")).data.queue.some((each: { type: string; id: number }) => each.type === "comment" && each.id === other)).toBe(false);
  });
});
