import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { editorChoices, submitPost, type SubmitOutcome } from "~/blog/post-editor.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";
import { PostEditor, type EditorAnswer } from "~/blog/post-editor";
import { metaFor } from "~/seo/page-meta";

const ROUTE = "routes/content-creator-dashboard_.posts.new";

/** GET /content-creator-dashboard/posts/new: a new blog post. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  return editorChoices();
}

/** POST: preview, save as draft, schedule or publish the new post (app/blog/post-editor.server.ts). */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  return answer(await submitPost(await request.formData(), { session, existing: null, now: requestNow(request) }));
}

/** The route's answer to one press of the editor's buttons (app/blog/post-editor.server.ts `submitPost`). */
async function answer(outcome: SubmitOutcome) {
  if (outcome.kind === "refused") return data({ result: outcome.result, preview: null }, { status: 400 });
  if (outcome.kind === "preview") return data({ result: outcome.result, preview: outcome.preview });
  throw await redirectWithToast(`/content-creator-dashboard/posts/${outcome.id}`, { type: "success", message: outcome.message }, { status: 303 });
}


export default function NewBlogPostPage() {
  const { categories, timeZones } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as EditorAnswer | undefined;
  return (
    <div className="wrapper wrapper--medium page">
      <p>
        <Link to="/content-creator-dashboard">Your posts</Link>
      </p>
      <h1 className="page-heading">New blog post</h1>
      <PostEditor post={null} categories={categories} timeZones={timeZones} answer={answer} />
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "New blog post", description: "Write a blog post.", path: "/content-creator-dashboard/posts/new", noindex: true });
