import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { readResume } from "~/careers/hiring.server";
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
  if (!resume) throw new Response("This application has no résumé.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(resume.bytes), {
    headers: {
      "Content-Type": resume.contentType,
      "Content-Length": String(resume.bytes.byteLength),
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(resume.fileName)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
