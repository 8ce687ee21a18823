import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor } from "~/accounts/session.server";
import { editorChoices, requireEditablePost, submitPost } from "~/blog/post-editor.server";
import { PostEditor, type EditorAnswer } from "~/blog/post-editor";
import { PollCreateForm } from "~/community/poll-create-form";
import { pollsFor } from "~/community/polls.server";
import { PollsSection } from "~/community/polls-section";
import { metaFor } from "~/seo/page-meta";

const ROUTE = "routes/content-creator-dashboard_.posts.$id";

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
  return submitPost(request, session, post);
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
