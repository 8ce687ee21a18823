import { can, type RouteId } from "~/accounts/policy";
import { forbidden, requireRouteAccess } from "~/accounts/authorize.server";
import { viewerOf, type CurrentSession } from "~/accounts/session.server";
import { db } from "~/db/db.server";
import type { OnlineCourse } from "~/db/schema";
import { findCourse } from "~/online-courses/editor.server";
import { parseRecordId } from "~/utils/record-id";

type ManagerRoute =
  | "routes/online-courses+/$id_.manager"
  | "routes/online-courses+/$id_.manager._index"
  | "routes/online-courses+/$id_.manager.editor"
  | "routes/online-courses+/$id_.print"
  | "routes/online-courses+/$id_.booklets.$bookletId";

const notFound = () => new Response("There is no such online course.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });


/**
 * For the editor's loaders and actions: the route's role rule, then the course (404 when there
 * is none) and `can(viewer, "manage_online_course", course)` (403 otherwise).
 */
export async function requireManagedCourse(
  request: Request,
  routeId: ManagerRoute & RouteId,
  idParam: string | undefined,
): Promise<{ session: CurrentSession; course: OnlineCourse }> {
  const session = (await requireRouteAccess(request, routeId))!;
  const id = parseRecordId(idParam);
  if (id === null) throw notFound();
  const course = await findCourse(db(), id);
  if (!course) throw notFound();
  if (!can(viewerOf(session.user), "manage_online_course", course)) throw forbidden(request);
  return { session, course };
}
