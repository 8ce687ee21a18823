import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { editorChoices, submitPost } from "~/blog/post-editor.server";
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
  return submitPost(request, session, null);
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
