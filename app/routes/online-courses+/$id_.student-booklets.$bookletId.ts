import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor } from "~/accounts/session.server";
import { db } from "~/db/db.server";
import { privateFileResponse, refuseFile } from "~/files/private-file-response";
import { mayOpenStudentBooklet, readStudentBookletFile } from "~/online-courses/student-booklets.server";
import { requestNow } from "~/utils/clock.server";
import { parseRecordId } from "~/utils/record-id";

const MISSING = "There is no such booklet, or it is not ready yet.";

/**
 * GET /online-courses/{id}/student-booklets/{bookletId}: a ready students' booklet, to whoever may
 * study the course in full at this moment (asked on every download: access can end); anyone else
 * gets the same 404 as for a booklet that does not exist.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, "routes/online-courses+/$id_.student-booklets.$bookletId"))!;
  const courseId = parseRecordId(params.id);
  const bookletId = parseRecordId(params.bookletId);
  if (courseId === null || bookletId === null) return refuseFile(MISSING);
  const allowed = await mayOpenStudentBooklet({ ...viewerFor(session), id: session.user.id }, courseId, requestNow(request));
  const pdf = allowed ? await readStudentBookletFile(courseId, bookletId) : null;
  if (!pdf) return refuseFile(MISSING);
  const course = await db().selectFrom("online_courses").select("slug").where("id", "=", courseId).executeTakeFirstOrThrow();
  return privateFileResponse(
    { bytes: pdf, contentType: "application/pdf", fileName: `${course.slug}-booklet.pdf` },
    { disposition: "inline", method: request.method, allow: "object-src 'self'" },
  );
}
