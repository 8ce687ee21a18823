import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { can } from "~/accounts/policy/permissions";
import { viewerFor } from "~/accounts/session.server";
import { readStoredFile } from "~/files/storage.server";
import { findRoomAttachment, ROOM_FILES_BUCKET } from "~/study-rooms/attachments.server";
import { findStudyRoom } from "~/study-rooms/rooms.server";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/study-rooms+/$slug_.attachments.$attachmentId";

const refuse = (status: number, message: string) => new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });

/**
 * GET /study-rooms/{slug}/attachments/{id}: a file attached to the room, to its members, shown in
 * the browser (a PDF in its viewer, a picture as itself). Never cached: a member removed from the
 * room loses it. Sandboxed, so a PDF runs no script of its own against the site.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const found = params.slug ? await findStudyRoom(params.slug, session.user.id) : undefined;
  if (!found) throw refuse(404, "There is no study room at this address.");
  if (!can(viewerFor(session), "enter_study_room", found)) throw refuse(403, "You are not in this study room. Ask someone in it to invite you.");
  const { room } = found;
  const attachmentId = parseRecordId(params.attachmentId);
  const attachment = attachmentId === null ? undefined : await findRoomAttachment(room.id, attachmentId);
  const bytes = attachment ? await readStoredFile(ROOM_FILES_BUCKET, attachment.storage_key) : null;
  if (!attachment || !bytes) throw refuse(404, "This room has no such file.");
  return new Response(request.method === "HEAD" ? null : new Uint8Array(bytes), {
    headers: {
      "Content-Type": attachment.content_type,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": `inline; filename*=UTF-8''${encodeURIComponent(attachment.file_name)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; object-src 'self'; sandbox",
    },
  });
}
