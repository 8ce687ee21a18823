import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { readStoredFile } from "~/files/storage.server";

/** Magic bytes of the formats we store, so a file is only ever served as what it really is. */
const SIGNATURES: Record<string, { type: string; matches: (bytes: Buffer) => boolean }> = {
  webp: { type: "image/webp", matches: (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP" },
  png: { type: "image/png", matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  jpg: { type: "image/jpeg", matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
};

/**
 * GET /uploads/avatars/{file}: a stored avatar, read-only. Names are random and never reused,
 * so browsers and CDNs may keep them for a year. Anything that is not one of our image files
 * is a 404, never a download of arbitrary bytes.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/uploads+/avatars.$file");
  const name = params.file ?? "";
  const signature = SIGNATURES[name.split(".").pop() ?? ""];
  const bytes = signature ? await readStoredFile("avatars", name) : null;
  if (!signature || !bytes || !signature.matches(bytes)) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": signature.type,
      "Content-Length": String(bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      // A picture never needs to run anything, even if opened on its own.
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
