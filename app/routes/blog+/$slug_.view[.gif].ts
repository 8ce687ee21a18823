import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { countView } from "~/blog/blog-editor.server";

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * GET /blog/{slug}/view.gif: the view beacon on a post's page (app/blog/blog-post-body.tsx) adds
 * one to the post's view count, a single UPDATE; never cached, so every page load counts even
 * when the page itself came from the guest page cache.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/blog+/$slug_.view[.gif]");
  const slug = params.slug ?? "";
  if (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) && request.method === "GET") await countView(slug);
  return new Response(new Uint8Array(PIXEL), {
    headers: { "Content-Type": "image/gif", "Content-Length": String(PIXEL.length), "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
