import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { can } from "~/accounts/policy/permissions";
import { viewerFor, type CurrentSession } from "~/accounts/session.server";
import { categorySlugs, findEditorPost, savePost, type EditorPost } from "~/blog/blog-editor.server";
import { listBlogCategories } from "~/blog/blog.server";
import { storeCover } from "~/blog/covers.server";
import { blogPostSchema } from "~/blog/editor-forms";
import { decidePublication, parseLocalTime } from "~/blog/schedule-rules";
import { blogPostHtml } from "~/content/markdown.server";
import { timeZones } from "~/study-sessions/editor-rules";
import { parseRecordId } from "~/utils/record-id";

/** The blog editor's load and save, shared by /content-creator-dashboard/posts/new and /posts/{id}. */

/** The post at /content-creator-dashboard/posts/{id} if the viewer may edit it: "missing" when there is none, "forbidden" for another writer's. */
export async function editablePost(session: CurrentSession, idParam: string | undefined): Promise<EditorPost | "missing" | "forbidden"> {
  const id = parseRecordId(idParam);
  const post = id === null ? undefined : await findEditorPost(id);
  if (!post) return "missing";
  if (!can(viewerFor(session), "edit_blog_post", { author_id: post.author_id })) return "forbidden";
  return post;
}

export async function editorChoices() {
  return { categories: await listBlogCategories(), timeZones: timeZones() };
}

export type SubmitOutcome =
  | { kind: "refused"; result: SubmissionResult<string[]> }
  | { kind: "preview"; result: SubmissionResult<string[]>; preview: { title: string; excerpt: string; html: string } }
  | { kind: "saved"; id: number; message: string };

/**
 * One press of the editor's buttons: preview (renders the form's Markdown, saves nothing), save
 * as draft, schedule, or publish. "refused" (the route answers 400 with the messages) changes nothing.
 */
export async function submitPost(formData: FormData, options: { session: CurrentSession; existing: EditorPost | null; now: Date }): Promise<SubmitOutcome> {
  const { session, existing, now } = options;
  const submission = parseWithZod(formData, { schema: blogPostSchema });
  if (submission.status !== "success") return { kind: "refused", result: submission.reply() };
  const form = submission.value;
  const refuse = (field: string, message: string): SubmitOutcome => ({ kind: "refused", result: submission.reply({ fieldErrors: { [field]: [message] } }) });
  if (!(await categorySlugs()).includes(form.category)) return refuse("category", "Choose one of the blog's categories");
  if (form.intent === "preview") {
    return { kind: "preview", result: submission.reply(), preview: { title: form.title, excerpt: form.excerpt, html: blogPostHtml(form.body) } };
  }
  const publishAt = form.publish_at ? parseLocalTime(form.publish_at, form.time_zone) : null;
  const publication = decidePublication({
    intent: form.intent,
    publishAt,
    now,
    current: existing ? { status: existing.status, published_at: existing.published_at } : null,
  });
  if (!publication.ok) return refuse(publication.field, publication.message);
  let cover: string | null | undefined = form.remove_cover ? null : undefined;
  if (form.cover) {
    cover = await storeCover(new Uint8Array(await form.cover.arrayBuffer()));
    if (!cover) return refuse("cover", "That file is not a picture: send a JPEG, PNG, WebP or GIF.");
  }
  const saved = await savePost({
    postId: existing?.id ?? null,
    authorId: existing?.author_id ?? session.user.id,
    fields: { title: form.title, slug: form.slug, excerpt: form.excerpt, body: form.body, category: form.category, status: publication.status, published_at: publication.published_at, cover_image: cover },
  });
  if (!saved) return refuse("slug", "Another post has this address: choose another");
  const message =
    publication.status === "draft"
      ? "Saved as a draft."
      : publication.status === "scheduled"
        ? `Scheduled: it will be published on ${publication.published_at!.toISOString().replace("T", " ").slice(0, 16)} UTC.`
        : "Published.";
  return { kind: "saved", id: saved.id, message };
}
