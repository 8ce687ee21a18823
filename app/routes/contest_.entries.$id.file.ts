import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor } from "~/accounts/session.server";
import { privateFileResponse, refuseFile } from "~/files/private-file-response";
import { readContestUpload } from "~/programs/contest-entries.server";
import { parseRecordId } from "~/utils/record-id";

/**
 * GET /contest/entries/{id}/file: the file sent with a contest entry, to its entrant and contest
 * staff; everyone else gets 404, whether or not the entry exists. Always a download in a sandbox.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, "routes/contest_.entries.$id.file"))!;
  const id = parseRecordId(params.id);
  const file = id === null ? null : await readContestUpload(viewerFor(session), id);
  if (!file) throw refuseFile("This file is not available.");
  return privateFileResponse(file, { disposition: "attachment", method: request.method });
}
