import { mayOpen } from "~/accounts/policy/route-rules";
import { viewerFor, type CurrentSession } from "~/accounts/session.server";
import type { Viewer } from "./scholarship-rules";

/** Who reads an application, as the scholarship rules see them: staff are whoever the policy lets into the review screen. */
export function scholarshipViewer(session: Pick<CurrentSession, "user">): Viewer {
  return { userId: session.user.id, isStaff: mayOpen(viewerFor(session), "routes/admin+/scholarships._index") };
}
