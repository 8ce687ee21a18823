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

/** The room a page or file of it is for, for one of its members: 404 for no such room, 403 for anyone not in it. */
export async function memberRoomForPage(session: CurrentSession, slug: string | undefined) {
  const found = slug ? await findStudyRoom(slug, session.user.id) : undefined;
  const text = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" };
  if (!found) throw new Response("There is no study room at this address.", { status: 404, headers: text });
  if (!can(viewerFor(session), "enter_study_room", found)) throw new Response("You are not in this study room. Ask someone in it to invite you.", { status: 403, headers: text });
  return found;
}
