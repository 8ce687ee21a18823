import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { action as postAction, loader as postLoader } from "~/routes/courses+/$idOrSlug_.forum_.$postId";
import { action as boardAction, loader as boardLoader } from "~/routes/courses+/$idOrSlug_.forum";
import { action as reportsAction, loader as reportsLoader } from "~/routes/forum-reports";
import { action as onlineBoardAction, loader as onlineBoardLoader } from "~/routes/online-courses+/$onlineCourse_.forum";
import { action as onlineThreadAction, loader as onlineThreadLoader } from "~/routes/online-courses+/$onlineCourse_.forum_.$postId";
import { sql } from "kysely";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor, type RouteVisitor } from "../../support/route-visitor";
import { expectRedirectWithToast } from "../../support/toast";

/**
 * A course's forum as a browser without JavaScript uses it: the board (search, pages), posting,
 * replying (followers told), votes counted once per person however many arrive at once, the
 * answer chosen by the asker or a moderator only, and Markdown that cannot run anything.
 */
const database = useTestDatabase();
const db = () => database().db;
const COURSE = "waterloo-math-137";
const BOARD = `/courses/${COURSE}/forum`;

async function person(options: { roles?: string[] } = {}) {
  const user = await db()
    .insertInto("users")
    .values({
      email: `forum-${randomBytes(5).toString("hex")}@example.test`,
      first_name: "Fran",
      last_name: `Poster${randomBytes(2).toString("hex")}`,
      ...(options.roles ? { roles: options.roles as never } : {}),
    })
    .returning(["id", "first_name", "last_name"])
    .executeTakeFirstOrThrow();
  return Object.assign(routeVisitor({ session: await sessionCookieFor(user.id) }), { userId: user.id, name: `${user.first_name} ${user.last_name}` });
}

const board = (visitor: RouteVisitor, query = "") => visitor.get(boardLoader, `${BOARD}${query}`, { params: { idOrSlug: COURSE } });
const thread = (visitor: RouteVisitor, postId: number) => visitor.get(postLoader, `${BOARD}/${postId}`, { params: { idOrSlug: COURSE, postId: String(postId) } });
const onThread = (visitor: RouteVisitor, postId: number, fields: Record<string, string>) =>
  visitor.form(postAction, `${BOARD}/${postId}`, fields, { params: { idOrSlug: COURSE, postId: String(postId) } });

async function ask(visitor: RouteVisitor, title: string, body: string) {
  const posted = await visitor.form(boardAction, BOARD, { title, body }, { params: { idOrSlug: COURSE } });
  expect(posted.status).toBe(303);
  return Number(/\/forum\/(\d+)$/.exec(posted.headers.get("Location")!)![1]);
}

describe("a course's forum", () => {
  it("shows anyone the board, newest activity first, searchable and a page at a time", async () => {
    const page = await board(routeVisitor({}));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ board: { kind: "course", code: "MATH 137", title: "MATH 137 forum" }, signedIn: false, page: 1 });
    expect(page.data.posts.map((post: { title: string }) => post.title)).toEqual([
      "Selling last year's MATH 137 midterm answers",
      "Is implicit differentiation on the midterm?",
      "When do I need the Squeeze Theorem instead of factoring?",
    ]);
    expect(page.data.posts[2]).toMatchObject({ answered: true, reply_count: 2 });
    const found = await board(routeVisitor({}), "?q=squeeze");
    expect(found.data.posts.map((post: { title: string }) => post.title)).toEqual(["When do I need the Squeeze Theorem instead of factoring?"]);
    expect((await board(routeVisitor({}), "?q=%25")).data.posts).toEqual([]);
    expect((await board(routeVisitor({}), "?page=-3")).data.page).toBe(1);
    expect((await routeVisitor({}).get(boardLoader, "/courses/no-such-course/forum", { params: { idOrSlug: "no-such-course" } })).status).toBe(404);
  });

  it("takes a question, tells its asker of a reply, and lets only the asker or a moderator accept the answer", async () => {
    const asker = await person();
    const short = await asker.form(boardAction, BOARD, { title: "Hi", body: "" }, { params: { idOrSlug: COURSE } });
    expect(short.status).toBe(400);
    expect(short.data.result.error).toMatchObject({ title: ["Give your post a title of at least 3 characters"], body: ["Write something first"] });
    const postId = await ask(asker, "How do related rates problems start?", "I never know which quantity to differentiate first.");
    expect((await thread(asker, postId)).data.post).toMatchObject({ title: "How do related rates problems start?", following: true, replies: [] });

    const helper = await person();
    const replied = await onThread(helper, postId, { intent: "reply", body: "Write the equation that links the quantities **before** you differentiate." });
    expect(replied.status).toBe(303);
    const notes = await db().selectFrom("notifications").select(["type", "data"]).where("user_id", "=", asker.userId).execute();
    expect(notes).toEqual([
      {
        type: "ForumReply",
        data: expect.objectContaining({ author_name: helper.name, post_title: "How do related rates problems start?", path: expect.stringMatching(new RegExp(`^${BOARD}/${postId}#reply-\\d+$`)) }),
      },
    ]);
    // The replier follows the post now, and is not told of their own reply.
    expect(await db().selectFrom("notifications").select("id").where("user_id", "=", helper.userId).execute()).toEqual([]);

    const replyId = (await thread(asker, postId)).data.post.replies[0].id as number;
    const outsider = await person();
    expect((await thread(outsider, postId)).data.accepts).toBe(false);
    expect((await onThread(outsider, postId, { intent: "accept", reply_id: String(replyId) })).status).toBe(403);
    expect((await thread(asker, postId)).data.accepts).toBe(true);
    await expectRedirectWithToast(await onThread(asker, postId, { intent: "accept", reply_id: String(replyId) }), `${BOARD}/${postId}`, "Marked as the answer.");
    const answered = await thread(outsider, postId);
    expect(answered.data.post.acceptedReplyId).toBe(replyId);
    expect(answered.data.post.replies[0].accepted).toBe(true);
    // A reply of another thread cannot be this one's answer.
    const otherPost = (await board(outsider)).data.posts.find((post: { id: number; reply_count: number }) => post.id !== postId && post.reply_count > 0).id as number;
    const foreignReply = (await thread(outsider, otherPost)).data.post.replies[0].id as number;
    expect((await onThread(asker, postId, { intent: "accept", reply_id: String(foreignReply) })).status).toBe(404);
    const moderator = await person({ roles: ["forum_moderator"] });
    await expectRedirectWithToast(await onThread(moderator, postId, { intent: "unaccept" }), `${BOARD}/${postId}`, "The answer is unmarked.");
    expect((await thread(asker, postId)).data.post.acceptedReplyId).toBeNull();
  });

  it("counts 50 votes sent at once exactly, and a person's repeated vote once", async () => {
    const asker = await person();
    const postId = await ask(asker, "Vote test", "Is this useful?");
    const voters = await Promise.all(Array.from({ length: 50 }, () => person()));
    const answers = await Promise.all(voters.map((voter) => onThread(voter, postId, { intent: "vote", votable_type: "forum_post", votable_id: String(postId), vote: "on" })));
    expect(answers.every((answer) => answer.status === 303)).toBe(true);
    expect((await thread(asker, postId)).data.post.voteCount).toBe(50);
    const keen = voters[0]!;
    await Promise.all(Array.from({ length: 5 }, () => onThread(keen, postId, { intent: "vote", votable_type: "forum_post", votable_id: String(postId), vote: "on" })));
    expect((await thread(keen, postId)).data.post).toMatchObject({ voteCount: 50, voted: true });
    await Promise.all(Array.from({ length: 3 }, () => onThread(keen, postId, { intent: "vote", votable_type: "forum_post", votable_id: String(postId), vote: "off" })));
    expect((await thread(keen, postId)).data.post).toMatchObject({ voteCount: 49, voted: false });
    const votes = await db().selectFrom("votes").select("id").where("votable_type", "=", "forum_post").where("votable_id", "=", postId).execute();
    expect(votes).toHaveLength(49);
    // Replies count the same way; a reply of another thread is refused.
    await onThread(voters[1]!, postId, { intent: "reply", body: "Yes." });
    const replyId = (await thread(asker, postId)).data.post.replies[0].id as number;
    await Promise.all(voters.slice(0, 20).map((voter) => onThread(voter, postId, { intent: "vote", votable_type: "forum_reply", votable_id: String(replyId), vote: "on" })));
    expect((await thread(asker, postId)).data.post.replies[0].voteCount).toBe(20);
    expect((await onThread(asker, postId, { intent: "vote", votable_type: "forum_reply", votable_id: "999999999", vote: "on" })).status).toBe(404);
  });

  it("renders Markdown without running anything: no script, no event handler, no javascript: link, and links marked as users'", async () => {
    const asker = await person();
    const postId = await ask(asker, "Markdown test", '<script>alert(1)</script> <img src=x onerror="alert(1)"> [click](javascript:alert(1)) [notes](https://example.test/notes) **bold**');
    const html = (await thread(asker, postId)).data.post.bodyHtml as string;
    expect(html).not.toContain("<script");
    expect(html).not.toMatch(/<img[^>]*onerror/);
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain('<a href="https://example.test/notes" target="_blank" rel="ugc nofollow noopener noreferrer">notes</a>');
    expect(html).toContain("<strong>bold</strong>");
  });

  it("takes reports once each, and a moderator who hides the post from the queue settles them and hides it from everyone else", async () => {
    const asker = await person();
    const postId = await ask(asker, "Buy cheap essays here", "Visit my site for essays.");
    const reporters = await Promise.all([person(), person(), person()]);
    for (const reporter of reporters) {
      await expectRedirectWithToast(
        await onThread(reporter, postId, { intent: "report", reportable_type: "forum_post", reportable_id: String(postId), reason: "spam" }),
        `${BOARD}/${postId}`,
        "Thank you: a moderator will look at it."
      );
    }
    // The same person reporting again adds nothing while their report is open.
    await onThread(reporters[0]!, postId, { intent: "report", reportable_type: "forum_post", reportable_id: String(postId), reason: "abuse" });
    expect((await onThread(reporters[0]!, postId, { intent: "report", reportable_type: "forum_post", reportable_id: String(postId), reason: "nonsense" })).status).toBe(400);

    const student = await person();
    expect((await student.get(reportsLoader, "/forum-reports").catch((thrown: Response) => thrown)).status).toBe(403);
    const moderator = await person({ roles: ["forum_moderator"] });
    const queue = await moderator.get(reportsLoader, "/forum-reports");
    const item = queue.data.queue.find((entry: { type: string; id: number }) => entry.type === "forum_post" && entry.id === postId);
    expect(item).toMatchObject({ reports: 3, reasons: ["spam"], postTitle: "Buy cheap essays here", href: `${BOARD}/${postId}`, hidden: false });
    // Only moderators moderate.
    expect((await onThread(student, postId, { intent: "moderate", action: "hide" })).status).toBe(403);
    await expectRedirectWithToast(
      await moderator.form(reportsAction, "/forum-reports", { intent: "hide", reportable_type: "forum_post", reportable_id: String(postId) }),
      "/forum-reports",
      "The post is hidden."
    );
    expect((await moderator.get(reportsLoader, "/forum-reports")).data.queue.some((entry: { id: number }) => entry.id === postId)).toBe(false);
    expect(await db().selectFrom("reports").select("resolution").where("reportable_id", "=", postId).where("reportable_type", "=", "forum_post").execute()).toEqual([
      { resolution: "hidden" },
      { resolution: "hidden" },
      { resolution: "hidden" },
    ]);
    // Gone for everyone else, its asker included; still there for moderators, marked.
    expect((await board(student)).data.posts.some((post: { id: number }) => post.id === postId)).toBe(false);
    expect((await thread(asker, postId)).status).toBe(404);
    expect((await thread(moderator, postId)).data.post.hidden).toBe(true);
    expect((await board(moderator)).data.posts.find((post: { id: number }) => post.id === postId)).toMatchObject({ hidden: true });
  });

  it("lets moderators lock, pin, hide a reply and delete, and a locked post takes no replies", async () => {
    const asker = await person();
    const postId = await ask(asker, "Moderation test", "A post to moderate.");
    const student = await person();
    await onThread(student, postId, { intent: "reply", body: "An off-topic reply." });
    const replyId = (await thread(asker, postId)).data.post.replies[0].id as number;
    const moderator = await person({ roles: ["forum_moderator"] });
    await onThread(moderator, postId, { intent: "moderate", action: "lock" });
    const locked = await onThread(student, postId, { intent: "reply", body: "Another one." });
    expect(locked.status).toBe(409);
    expect(locked.data.result.error[""]).toEqual(["This post is locked: it takes no new replies."]);
    await onThread(moderator, postId, { intent: "moderate", action: "pin" });
    expect((await board(student)).data.posts[0]).toMatchObject({ id: postId, pinned: true, locked: true });
    await onThread(moderator, postId, { intent: "moderate_reply", reply_id: String(replyId), action: "hide" });
    expect((await thread(asker, postId)).data.post.replies[0]).toMatchObject({ id: replyId, hidden: true, bodyHtml: null });
    expect((await thread(moderator, postId)).data.post.replies[0].bodyHtml).toContain("off-topic");
    await onThread(student, postId, { intent: "vote", votable_type: "forum_post", votable_id: String(postId), vote: "on" });
    await expectRedirectWithToast(await onThread(moderator, postId, { intent: "moderate", action: "delete" }), BOARD, "The post and its replies are deleted.");
    expect(await db().selectFrom("forum_posts").select("id").where("id", "=", postId).execute()).toEqual([]);
    expect(await db().selectFrom("votes").select("id").where("votable_type", "=", "forum_post").where("votable_id", "=", postId).execute()).toEqual([]);
  });

  it("lets a new account post five times an hour, and an older one as often as it likes", async () => {
    const fresh = await person();
    for (let index = 1; index <= 5; index++) await ask(fresh, `Fresh post ${index}`, "Hello");
    const sixth = await fresh.form(boardAction, BOARD, { title: "Fresh post 6", body: "Hello" }, { params: { idOrSlug: COURSE } });
    expect(sixth.status).toBe(429);
    expect(sixth.data.result.error[""]).toEqual(["New accounts post at most 5 times an hour for their first 7 days. Please try again later."]);
    const postId = (await board(fresh)).data.posts[0].id as number;
    expect((await onThread(fresh, postId, { intent: "reply", body: "One more" })).status).toBe(429);
    await sql`update users set created_at = now() - interval '30 days' where id = ${fresh.userId}`.execute(db());
    expect((await fresh.form(boardAction, BOARD, { title: "Fresh post 6", body: "Hello" }, { params: { idOrSlug: COURSE } })).status).toBe(303);
  });

  it("takes nothing from a guest", async () => {
    const guest = routeVisitor({});
    const refused = await guest.form(boardAction, BOARD, { title: "Guest post", body: "Hello" }, { params: { idOrSlug: COURSE } }).catch((thrown: unknown) => thrown as Response);
    expect([302, 303, 401]).toContain(refused.status);
    expect(await db().selectFrom("forum_posts").select("id").where("title", "=", "Guest post").execute()).toEqual([]);
  });
});

describe("an online course's forum", () => {
  const ONLINE = "waterloo-math-137-exam-prep";
  const onlineBoard = (visitor: RouteVisitor, idOrSlug = ONLINE) => visitor.get(onlineBoardLoader, `/online-courses/${idOrSlug}/forum`, { params: { onlineCourse: idOrSlug } });

  it("is a board of its own: posts there stay there, and its threads take replies", async () => {
    const first = await onlineBoard(routeVisitor({}));
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({
      board: { kind: "online_course", title: "MATH 137 Exam Prep: Calculus 1 forum", code: "MATH 137" },
      posts: [{ title: "Study group for the practice final?", reply_count: 1 }],
    });
    const id = first.data.board.id as number;
    expect(first.data.board.path).toBe(`/online-courses/${id}/forum`);

    const asker = await person();
    const posted = await asker.form(
      onlineBoardAction,
      `/online-courses/${id}/forum`,
      { title: "Which chapter covers Taylor polynomials?", body: "Looking for it in the curriculum." },
      { params: { onlineCourse: String(id) } }
    );
    expect(posted.status).toBe(303);
    const location = posted.headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^/online-courses/${id}/forum/\\d+$`));
    const postId = location.split("/").at(-1)!;
    expect((await onlineBoard(routeVisitor({}), String(id))).data.posts.map((post: { title: string }) => post.title)).toEqual([
      "Which chapter covers Taylor polynomials?",
      "Study group for the practice final?",
    ]);
    // The catalogue course's board does not have it, nor does its thread address.
    expect((await board(routeVisitor({}))).data.posts.map((post: { title: string }) => post.title)).not.toContain("Which chapter covers Taylor polynomials?");
    expect((await thread(routeVisitor({}), Number(postId))).status).toBe(404);

    const helper = await person();
    const reply = await helper.form(onlineThreadAction, location, { intent: "reply", body: "Chapter 6, the last one." }, { params: { onlineCourse: String(id), postId } });
    expect(reply.status).toBe(303);
    const note = await db().selectFrom("notifications").select("data").where("user_id", "=", asker.userId).where("type", "=", "ForumReply").executeTakeFirstOrThrow();
    expect(note.data).toMatchObject({ path: expect.stringMatching(new RegExp(`^/online-courses/${id}/forum/${postId}#reply-\\d+$`)) });
    const read = await routeVisitor({}).get(onlineThreadLoader, location, { params: { onlineCourse: String(id), postId } });
    expect(read.data).toMatchObject({ board: { kind: "online_course" }, post: { title: "Which chapter covers Taylor polynomials?", replies: [{ bodyHtml: expect.stringContaining("Chapter 6") }] } });
  });

  it("is not found for a hidden online course or none", async () => {
    const hidden = await db().updateTable("online_courses").set({ status: "hidden" }).where("slug", "=", "waterloo-math-137-exam-prep").returning("id").executeTakeFirstOrThrow();
    try {
      expect((await onlineBoard(routeVisitor({}))).status).toBe(404);
      expect((await onlineBoard(routeVisitor({}), "no-such-course")).status).toBe(404);
    } finally {
      await db().updateTable("online_courses").set({ status: "published" }).where("id", "=", hidden.id).execute();
    }
  });
});

describe("editing a post or reply", () => {
  it("lets its author change it (marked edited), a moderator too, and refuses anyone else", async () => {
    const author = await person();
    const postId = await ask(author, "How do I find asymptotes?", "Vertical ones, specifically.");
    const other = await person();
    const refused = await onThread(other, postId, { intent: "edit", title: "Hijacked title", body: "Not mine to change." });
    expect(refused.status).toBe(403);
    expect(refused.data.result.error[""]).toEqual(["Only its author (or a moderator) changes it."]);
    expect((await thread(other, postId)).data).toMatchObject({ editsPost: false, post: { title: "How do I find asymptotes?", editedAt: null } });

    const bad = await onThread(author, postId, { intent: "edit", title: "x", body: "" });
    expect(bad.status).toBe(400);
    expect(bad.data.result.error).toMatchObject({ title: ["Give your post a title of at least 3 characters"], body: ["Write something first"] });
    const edited = await onThread(author, postId, { intent: "edit", title: "How do I find vertical asymptotes?", body: "Of rational functions, specifically." });
    expect(edited.status).toBe(303);
    expect((await thread(author, postId)).data).toMatchObject({ editsPost: true, post: { title: "How do I find vertical asymptotes?", body: "Of rational functions, specifically.", editedAt: expect.anything() } });

    expect((await onThread(other, postId, { intent: "reply", body: "Where the denominator is zero and the numerator is not." })).status).toBe(303);
    const replyId = (await thread(other, postId)).data.post.replies[0].id as number;
    expect((await thread(other, postId)).data.editableReplyIds).toEqual([replyId]);
    expect((await onThread(author, postId, { intent: "edit_reply", reply_id: String(replyId), body: "Changed by the asker" })).status).toBe(403);
    expect((await onThread(other, postId, { intent: "edit_reply", reply_id: String(replyId), body: "Where the denominator is zero and the **numerator** is not." })).status).toBe(303);
    expect((await onThread(other, postId, { intent: "edit_reply", reply_id: "999999999", body: "No such reply" })).status).toBe(404);
    const moderator = await person({ roles: ["forum_moderator"] });
    expect((await onThread(moderator, postId, { intent: "edit_reply", reply_id: String(replyId), body: "Tidied by a moderator." })).status).toBe(303);
    const [reply] = (await thread(author, postId)).data.post.replies;
    expect(reply).toMatchObject({ bodyHtml: expect.stringContaining("Tidied by a moderator."), editedAt: expect.anything() });
  });
});
