import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { forbidden, requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor, type CurrentSession } from "~/accounts/session.server";
import { editablePost, editorChoices, submitPost, type SubmitOutcome } from "~/blog/post-editor.server";
import { notFound } from "~/errors/not-found.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";
import { PostEditor, type EditorAnswer } from "~/blog/post-editor";
import { PollCreateForm } from "~/community/poll-create-form";
import { pollsFor } from "~/community/polls.server";
import { PollsSection } from "~/community/polls-section";
import { metaFor } from "~/seo/page-meta";

const ROUTE = "routes/content-creator-dashboard_.posts.$id";

/** The post, to whoever may edit it: 404 when there is none, 403 for another writer's. */
async function requireEditablePost(request: Request, session: CurrentSession, id: string | undefined) {
  const post = await editablePost(session, id);
  if (post === "missing") throw notFound("There is no such blog post.");
  if (post === "forbidden") throw forbidden(request);
  return post;
}

/** GET /content-creator-dashboard/posts/{id}: edit, preview, schedule or publish a post, and add polls to it. Another writer's post: 403. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const post = await requireEditablePost(request, session, params.id);
  return { post, ...(await editorChoices()), polls: await pollsFor(viewerFor(session), { blogPostId: post.id }, true) };
}

/** POST: preview, save as draft, schedule or publish (app/blog/post-editor.server.ts). */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const post = await requireEditablePost(request, session, params.id);
  return answer(await submitPost(await request.formData(), { session, existing: post, now: requestNow(request) }));
}

/** The route's answer to one press of the editor's buttons (app/blog/post-editor.server.ts `submitPost`). */
async function answer(outcome: SubmitOutcome) {
  if (outcome.kind === "refused") return data({ result: outcome.result, preview: null }, { status: 400 });
  if (outcome.kind === "preview") return data({ result: outcome.result, preview: outcome.preview });
  throw await redirectWithToast(`/content-creator-dashboard/posts/${outcome.id}`, { type: "success", message: outcome.message }, { status: 303 });
}


export default function EditBlogPostPage() {
  const { post, categories, timeZones, polls } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as EditorAnswer | undefined;
  return (
    <div className="wrapper wrapper--medium page">
      <p>
        <Link to="/content-creator-dashboard">Your posts</Link>
        {post.author_slug ? (
          <>
            {" · "}
            <Link to={`/blog/@${post.author_slug}`}>{post.author_name}'s author page</Link>
          </>
        ) : null}
      </p>
      <h1 className="page-heading">Edit “{post.title}”</h1>
      <p className="muted">{post.view_count} {post.view_count === 1 ? "view" : "views"}</p>
      <PostEditor key={post.id} post={post} categories={categories} timeZones={timeZones} answer={answer} />
      <section aria-labelledby="polls-heading" style={{ marginTop: "var(--space-6)" }}>
        <h2 id="polls-heading" className="section-heading">
          Polls and surveys on this post
        </h2>
        {polls.length === 0 ? <p className="muted">None yet.</p> : <PollsSection polls={polls} signedIn returnPath={`/content-creator-dashboard/posts/${post.id}`} />}
        <PollCreateForm target={{ blog_post_id: post.id }} />
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  metaFor(matches, { title: data ? `Edit: ${data.post.title}` : "Blog post", description: "Edit a blog post.", path: data ? `/content-creator-dashboard/posts/${data.post.id}` : "/content-creator-dashboard", noindex: true });
