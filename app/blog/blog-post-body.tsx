import { FormulaStylesheet } from "~/content/formula-stylesheet";

/**
 * A published post's cover, its body (Markdown rendered and sanitised on the server, see
 * app/content/markdown.server.ts `blogPostHtml`) and its view beacon.
 *
 * Views are counted by the beacon, a 1×1 picture at /blog/{slug}/view.gif that adds one to the
 * post's view count: the page's HTML is kept in the guest page cache (server/guest-page-cache.ts)
 * and served without running the loader, so counting in the loader would miss most guests; the
 * picture is never cached (no-store) and is loaded by every browser, with or without JavaScript.
 * It counts page loads (a reload counts again), not people; clients that load no pictures
 * (most crawlers) are not counted.
 */
export function BlogPostBody({ post }: { post: { slug: string; title: string; cover_image: string | null; body_html: string; has_formula: boolean } }) {
  return (
    <>
      {post.has_formula ? <FormulaStylesheet /> : null}
      {post.cover_image ? <img src={post.cover_image} alt="" className="blog-post__cover" style={{ width: "100%", height: "auto", borderRadius: 8, marginBottom: "var(--space-5)" }} /> : null}
      <div className="blog-post__body" style={{ fontSize: "var(--font-size-4)", lineHeight: 1.6 }} dangerouslySetInnerHTML={{ __html: post.body_html }} />
      <img src={`/blog/${encodeURIComponent(post.slug)}/view.gif`} alt="" width={1} height={1} style={{ position: "absolute", width: 1, height: 1, opacity: 0 }} aria-hidden="true" />
    </>
  );
}
