import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { privateFileResponse, refuseFile } from "~/files/private-file-response";
import { readTranscriptFor } from "~/programs/scholarship-applications.server";
import { scholarshipViewer } from "~/programs/scholarship-viewer.server";
import { parseRecordId } from "~/utils/record-id";

/**
 * GET /scholarships/applications/{id}/transcript: the transcript, to its applicant and the
 * scholarship staff; everyone else gets 404, whether or not the application exists.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, "routes/scholarships+/applications.$id_.transcript"))!;
  const id = parseRecordId(params.id);
  const file = id === null ? null : await readTranscriptFor(scholarshipViewer(session), id);
  if (!file) throw refuseFile("There is no such transcript.");
  return privateFileResponse({ bytes: file.bytes, contentType: file.contentType, fileName: file.name }, { disposition: "attachment", method: request.method });
}
