import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor } from "~/accounts/session.server";
import { readNotesFile } from "~/notes/notes-packages.server";
import { parseRecordId } from "~/utils/record-id";

/**
 * GET /upload-notes/{id}/file: uploaded notes, to their uploader and reviewers always, and to the
 * course's students once approved; everyone else gets 404, whether or not the notes exist.
 * Always a download in a sandbox, never rendered as our page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, "routes/upload-notes_.$id.file"))!;
  const id = parseRecordId(params.id);
  const file = id === null ? null : await readNotesFile(id, viewerFor(session));
  if (!file) throw new Response("These notes are not available.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
