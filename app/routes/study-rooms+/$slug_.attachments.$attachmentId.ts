import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { can } from "~/accounts/policy/permissions";
import { viewerFor } from "~/accounts/session.server";
import { refuseFile, privateFileResponse } from "~/files/private-file-response";
import { readStoredFile } from "~/files/storage.server";
import { findRoomAttachment, ROOM_FILES_BUCKET } from "~/study-rooms/attachments.server";
import { findStudyRoom } from "~/study-rooms/rooms.server";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/study-rooms+/$slug_.attachments.$attachmentId";

/**
 * GET /study-rooms/{slug}/attachments/{id}: a file attached to the room, to its members, shown in
 * the browser (a PDF in its viewer, a picture as itself). Never cached: a member removed from the
 * room loses it. Sandboxed, so a PDF runs no script of its own against the site.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const found = params.slug ? await findStudyRoom(params.slug, session.user.id) : undefined;
  if (!found) throw refuseFile("There is no study room at this address.");
  if (!can(viewerFor(session), "enter_study_room", found)) throw refuseFile("You are not in this study room. Ask someone in it to invite you.", 403);
  const { room } = found;
  const attachmentId = parseRecordId(params.attachmentId);
  const attachment = attachmentId === null ? undefined : await findRoomAttachment(room.id, attachmentId);
  const bytes = attachment ? await readStoredFile(ROOM_FILES_BUCKET, attachment.storage_key) : null;
  if (!attachment || !bytes) throw refuseFile("This room has no such file.");
  return privateFileResponse(
    { bytes, contentType: attachment.content_type, fileName: attachment.file_name },
    { disposition: "inline", method: request.method, allow: "img-src 'self'; object-src 'self'" },
  );
}
