import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { readCover } from "~/blog/covers.server";

/** GET /uploads/blog-covers/{file}: a blog post's cover picture (always WebP, re-encoded on upload). Public, as the post is. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/uploads+/blog-covers.$file");
  const bytes = await readCover(params.file ?? "");
  if (!bytes || bytes.subarray(0, 4).toString("latin1") !== "RIFF" || bytes.subarray(8, 12).toString("latin1") !== "WEBP") {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
