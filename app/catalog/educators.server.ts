import { educatorProfile } from "~/accounts/educators.server";
import { listUpcomingStudySessions } from "~/study-sessions/upcoming.server";
import { isActiveInstructor } from "./people.server";
import { parseRecordId } from "~/utils/record-id";

/** The public page of an instructor (`kind: "instructor"`) or a tutor; undefined when the user is not one. */
export async function findEducatorPage(idParam: string | undefined, kind: "instructor" | "tutor") {
  const id = parseRecordId(idParam);
  if (id === null) return undefined;
  const profile = await educatorProfile(id);
  if (!profile) return undefined;
  if (kind === "tutor" && !profile.tutorProfile) return undefined;
  if (kind === "instructor" && !(await isActiveInstructor(id))) return undefined;
  const sessions = await listUpcomingStudySessions({ now: new Date(), limit: 5, instructorId: id });
  return { ...profile, sessions };
}
