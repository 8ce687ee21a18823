import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor } from "~/accounts/session.server";
import { refuseFile, privateFileResponse } from "~/files/private-file-response";
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
  if (!file) throw refuseFile("These notes are not available.");
  return privateFileResponse(file, { disposition: "attachment" });
}
