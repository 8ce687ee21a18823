import { can } from "~/accounts/policy/permissions";
import { viewerFor } from "~/accounts/session.server";
import { notFound } from "~/errors/not-found.server";
import { findRepCourse } from "~/programs/class-reps/class-reps.server";
import { parseRecordId } from "~/utils/record-id";

/**
 * The rep's course row of /class-rep-wizard/{crcId} and /class-rep-courses/{crcId}/reports, when
 * the viewer is that rep or an admin; a 404 for everyone else, so nothing tells which ids exist.
 */
export async function repCourseFor(session: Parameters<typeof viewerFor>[0], crcIdParam: string | undefined) {
  const crcId = parseRecordId(crcIdParam);
  const crc = crcId === null ? undefined : await findRepCourse(crcId);
  if (!crc || !can(viewerFor(session), "work_class_rep_course", crc)) throw notFound();
  return crc;
}
