import { can } from "~/accounts/policy/permissions";
import { viewerFor, type CurrentSession } from "~/accounts/session.server";
import { ApiError } from "~/api/errors";
import { findStudyRoom } from "~/study-rooms/rooms.server";

/** The room a JSON endpoint acts on, for one of its members: 404 for no such room, 403 for anyone not in it. */
export async function memberRoomForApi(session: CurrentSession, slug: string | undefined) {
  const found = slug ? await findStudyRoom(slug, session.user.id) : undefined;
  if (!found) throw new ApiError(404, "not_found", "There is no study room at this address.");
  if (!can(viewerFor(session), "enter_study_room", found)) throw new ApiError(403, "forbidden", "You are not in this study room.");
  return found;
}
