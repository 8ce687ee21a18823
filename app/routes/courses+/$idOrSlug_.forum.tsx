import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { boardQuery, FORUM_BODY_MAX, newPostSchema } from "~/community/forum-forms";
import { can } from "~/accounts/policy/permissions";
import { viewerFor } from "~/accounts/session.server";
import { boardOf } from "~/community/forum-board.server";
import { createPost, listBoard, postingAllowanceFor } from "~/community/forum.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, TextAreaField } from "~/components/form-field";
import { Pager } from "~/components/pager";
import { formatDate } from "~/formatting/format";
import { clippedTitle, metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";

/**
 * /courses/{idOrSlug}/forum, and /online-courses/{idOrSlug}/forum (its route module re-exports this
 * one): the board, most recently active first, searchable, a page at a time; signed in, a form to post.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { route, find } = boardOf(params, "board");
  const session = await requireRouteAccess(request, route);
  const board = await find();
  const { query, page } = boardQuery(new URL(request.url).searchParams);
  const moderator = can(viewerFor(session), "moderate_forum", "forum");
  return { board, query, page, signedIn: session !== null, moderator, ...(await listBoard(board, { query, page, moderator })) };
}

/** POST: a new post on the board; its page opens. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { route, find } = boardOf(params, "board");
  const session = await requireMutationAccess(request, route);
  const board = await find();
  const submission = parseWithZod(await request.formData(), { schema: newPostSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const now = requestNow(request);
  const allowance = await postingAllowanceFor(viewerFor(session), now);
  if (!allowance.ok) return data({ result: submission.reply({ formErrors: [allowance.message] }) }, { status: 429 });
  const postId = await createPost({ board, authorId: session.user.id, title: submission.value.title, body: submission.value.body, now });
  throw await redirectWithToast(`${board.path}/${postId}`, { type: "success", message: "Posted. You will hear of replies." }, { status: 303 });
}

export default function ForumBoardPage() {
  const { board, query, page, pages, total, posts, signedIn, moderator } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  // What was sent stays in the form when it is refused.
  const sent = (name: string) => {
    const value = (answer?.result.initialValue as Record<string, unknown> | undefined)?.[name];
    return typeof value === "string" ? value : undefined;
  };
  return (
    <div className="wrapper wrapper--medium page">
      <p>
        <Link to={board.home}>{board.code}</Link>
      </p>
      <h1 className="page-heading">{board.title}</h1>
      <p className="muted">Questions and answers about {board.name}, from students and educators.</p>
      {moderator ? (
        <p>
          <Link to="/forum-reports">Reports to review</Link>
        </p>
      ) : null}

      <Form method="get" role="search" className="in-course__row" style={{ marginTop: "var(--space-4)" }}>
        <label htmlFor="forum-search" className="visually-hidden">
          Search the forum
        </label>
        <input id="forum-search" type="search" name="q" defaultValue={query} placeholder="Search the forum" maxLength={100} className="native-input" />
        <button type="submit" className="button button--soft">
          Search
        </button>
      </Form>

      <section aria-labelledby="forum-posts" style={{ marginTop: "var(--space-4)" }}>
        <h2 className="section-heading" id="forum-posts">
          {query ? `Posts about “${query}” (${total})` : `Posts (${total})`}
        </h2>
        {posts.length === 0 ? (
          <p className="muted">{query ? "No post matches that search." : "No posts yet: ask the first question."}</p>
        ) : (
          <ul className="tutoring-list">
            {posts.map((post) => (
              <li key={post.id} className="tutoring-row">
                <Link to={`${board.path}/${post.id}`}>{post.title}</Link>
                <span className="muted in-course__small">
                  {post.author_name ?? "A former member"} · {formatDate(post.created_at, "MMM d, yyyy")} · {post.reply_count} {post.reply_count === 1 ? "reply" : "replies"} · {post.vote_count}{" "}
                  {post.vote_count === 1 ? "vote" : "votes"}
                  {post.answered ? " · answered" : ""}
                  {post.pinned ? " · pinned" : ""}
                  {post.locked ? " · locked" : ""}
                  {post.hidden ? " · hidden by a moderator" : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} pageCount={pages} query={{ q: query }} previousLabel="Newer posts" nextLabel="Older posts" />
      </section>

      <section aria-labelledby="forum-new" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="forum-new">
          Ask a question
        </h2>
        {signedIn ? (
          <Form method="post" className="tutoring-form" key={total}>
            <CsrfInput />
            <FormErrors errors={answer?.result.error?.[""] ?? undefined} />
            <FormField label="Title" id="post-title" name="title" required minLength={3} maxLength={200} defaultValue={sent("title")} errors={answer?.result.error?.title ?? undefined} />
            <TextAreaField
              label="Your question"
              id="post-body"
              name="body"
              required
              rows={6}
              maxLength={FORUM_BODY_MAX}
              defaultValue={sent("body")}
              hint="Markdown: **bold**, *italic*, lists, links, formulas between dollar signs"
              errors={answer?.result.error?.body ?? undefined}
            />
            <div>
              <button type="submit" className="button" disabled={busy}>
                Post
              </button>
            </div>
          </Form>
        ) : (
          <p>
            <Link to={`/users/sign_in?redirect_to=${encodeURIComponent(board.path)}`}>Sign in</Link> to ask a question or reply.
          </p>
        )}
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  metaFor(matches, {
    title: data ? clippedTitle(data.board.title) : "Course forum",
    fullTitle: data?.board.title,
    description: data ? `Questions and answers about ${data.board.name}.` : "A course's questions and answers.",
    path: data ? data.board.path : "/courses",
  });
