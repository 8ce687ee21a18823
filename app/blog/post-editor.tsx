import { Form, Link, useNavigation } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, SelectField, TextAreaField } from "~/components/form-field";
import { BLOG_BODY_MAX, BLOG_EXCERPT_MAX } from "~/blog/editor-forms";
import { toLocalTime } from "~/blog/schedule-rules";
import { FormulaStylesheet } from "~/content/formula-stylesheet";

export interface EditorAnswer {
  result: { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null };
  preview: { title: string; excerpt: string; html: string } | null;
}

export interface EditorPostValues {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  category: string;
  status: "draft" | "scheduled" | "published";
  published_at: string | Date | null;
  cover_image: string | null;
}

const STATUS_TEXT = { draft: "Draft", scheduled: "Scheduled", published: "Published" } as const;

/**
 * The blog editor's form (new post and edit): Markdown body, summary, category, address, cover
 * picture, and the time to publish it; buttons to preview (nothing saved), save as draft,
 * schedule and publish. A plain multipart form, so it all works without JavaScript.
 */
export function PostEditor({
  post,
  categories,
  timeZones,
  answer,
}: {
  post: EditorPostValues | null;
  categories: readonly { slug: string; name: string }[];
  timeZones: readonly string[];
  answer: EditorAnswer | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const errors = answer?.result.error ?? {};
  const err = (name: string) => errors[name] ?? undefined;
  // What was sent stays in the form when it is refused or previewed.
  const value = (name: string, saved: string | undefined) => {
    const sent = answer?.result.initialValue?.[name];
    return typeof sent === "string" ? sent : saved;
  };
  const scheduledAt = post?.status === "scheduled" && post.published_at ? toLocalTime(new Date(post.published_at), "UTC") : undefined;
  return (
    <>
      {post ? (
        <p>
          <strong>{STATUS_TEXT[post.status]}</strong>
          {post.status === "scheduled" && post.published_at ? ` for ${new Date(post.published_at).toISOString().replace("T", " ").slice(0, 19)} UTC` : ""}
          {post.status === "published" ? (
            <>
              {" · "}
              <Link to={`/blog/${post.slug}`}>See it on the blog</Link>
            </>
          ) : null}
        </p>
      ) : null}
      {answer?.preview ? (
        <section aria-labelledby="preview-heading" className="blog-preview" style={{ border: "2px dashed var(--gray-7)", padding: "var(--space-4)", margin: "var(--space-4) 0" }}>
          <h2 id="preview-heading" className="section-heading">
            Preview (not saved)
          </h2>
          <h3 style={{ fontSize: "1.75rem" }}>{answer.preview.title}</h3>
          <p className="muted">{answer.preview.excerpt}</p>
          {answer.preview.html.includes('class="katex') ? <FormulaStylesheet /> : null}
          <div className="blog-post__body" dangerouslySetInnerHTML={{ __html: answer.preview.html }} />
        </section>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="tutoring-form" aria-label="Blog post">
        <CsrfInput />
        <FormErrors errors={err("") ?? undefined} />
        <FormField label="Title" id="post-title" name="title" required minLength={3} maxLength={200} defaultValue={value("title", post?.title)} errors={err("title")} />
        <FormField
          label="Address (optional)"
          id="post-slug"
          name="slug"
          maxLength={80}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          hint="The post's address after /blog/; empty: made from the title"
          defaultValue={value("slug", post?.slug)}
          errors={err("slug")}
        />
        <TextAreaField label="Summary" id="post-excerpt" name="excerpt" required rows={2} maxLength={BLOG_EXCERPT_MAX} defaultValue={value("excerpt", post?.excerpt)} errors={err("excerpt")} hint="Shown on the blog's list and to search engines" />
        <SelectField label="Category" id="post-category" name="category" defaultValue={value("category", post?.category) ?? categories[0]?.slug} errors={err("category")}>
          {categories.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Post"
          id="post-body"
          name="body"
          required
          rows={16}
          maxLength={BLOG_BODY_MAX}
          defaultValue={value("body", post?.body)}
          errors={err("body")}
          hint="Markdown: ## headings, **bold**, *italic*, lists, links, formulas between dollar signs"
        />
        {post?.cover_image ? (
          <div>
            <img src={post.cover_image} alt="The current cover" style={{ maxWidth: 240, borderRadius: 6 }} />
            <label style={{ display: "block" }}>
              <input type="checkbox" name="remove_cover" value="on" /> Remove the cover picture
            </label>
          </div>
        ) : null}
        <FormField label="Cover picture (optional)" id="post-cover" name="cover" type="file" accept="image/jpeg,image/png,image/webp,image/gif" hint="JPEG, PNG, WebP or GIF, at most 5 MB" errors={err("cover")} />
        <fieldset style={{ border: 0, padding: 0 }}>
          <legend>Publish later (for “Schedule”)</legend>
          <FormField label="Day and time" id="post-publish-at" name="publish_at" type="datetime-local" step={1} defaultValue={value("publish_at", scheduledAt)} errors={err("publish_at")} />
          <SelectField label="Time zone" id="post-time-zone" name="time_zone" defaultValue={value("time_zone", "UTC")} errors={err("time_zone")}>
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </SelectField>
        </fieldset>
        <div style={{ display: "flex", gap: "var(--space-2)", flexWrap: "wrap" }}>
          <button type="submit" name="intent" value="preview" className="button button--outline" formNoValidate disabled={busy}>
            Preview
          </button>
          <button type="submit" name="intent" value="draft" className="button button--outline" disabled={busy}>
            {post?.status === "published" ? "Unpublish (back to drafts)" : "Save draft"}
          </button>
          <button type="submit" name="intent" value="schedule" className="button button--outline" disabled={busy}>
            Schedule
          </button>
          <button type="submit" name="intent" value="publish" className="button" disabled={busy}>
            {post?.status === "published" ? "Save changes" : "Publish now"}
          </button>
        </div>
      </Form>
    </>
  );
}
