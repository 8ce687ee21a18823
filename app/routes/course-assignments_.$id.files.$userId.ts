import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { requireClassAssignment } from "~/classes/class-access.server";
import { readHandedInFile } from "~/classes/upload-submissions.server";
import { privateFileResponse, refuseFile } from "~/files/private-file-response";
import { parseRecordId } from "~/utils/record-id";

/**
 * GET /course-assignments/{id}/files/{userId}: the file a student handed in for an upload
 * assignment, to that student and the class's teachers (and admins). Everyone else (another
 * student of the class, a stranger) gets 404, whether or not the file exists. Always a download.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, "routes/course-assignments_.$id.files.$userId"))!;
  const { assignment, teaches } = await requireClassAssignment(session, params.id);
  const studentId = parseRecordId(params.userId);
  const file = studentId === null ? null : await readHandedInFile({ assignmentId: assignment.id, studentId, viewerId: session.user.id, teaches });
  if (!file) throw refuseFile("There is no file of yours at this address.");
  return privateFileResponse(file, { disposition: "attachment" });
}
