import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { readResume } from "~/careers/hiring.server";
import { refuseFile, privateFileResponse } from "~/files/private-file-response";
import { parseRecordId } from "~/utils/record-id";

/**
 * GET /admin/hiring/applications/{id}/resume: the applicant's résumé, to jobs managers and admins
 * only (the route rule refuses everyone else, applicants included). Always a download, never
 * rendered by the browser as our page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/admin+/hiring.applications.$id_.resume");
  const id = parseRecordId(params.id);
  const resume = id === null ? null : await readResume(id);
  if (!resume) throw refuseFile("This application has no résumé.");
  return privateFileResponse(resume, { disposition: "attachment" });
}
