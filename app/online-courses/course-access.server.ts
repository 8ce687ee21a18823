import { can } from "~/accounts/policy/permissions";
import type { RouteId } from "~/accounts/policy/route-rules";
import { forbidden, requireRouteAccess } from "~/accounts/authorize.server";
import { viewerOf, type CurrentSession } from "~/accounts/session.server";
import { db } from "~/db/db.server";
import type { OnlineCourse } from "~/db/schema";
import { findCourse } from "~/online-courses/editor.server";
import { parseRecordId } from "~/utils/record-id";
import { notFound } from "~/errors/not-found.server";

type ManagerRoute =
  | "routes/online-courses+/$id_.manager"
  | "routes/online-courses+/$id_.manager._index"
  | "routes/online-courses+/$id_.manager.editor"
  | "routes/online-courses+/$id_.booklets.$bookletId";

const noSuchCourse = () => notFound("There is no such online course.");

/**
 * Who may open the course manager, its editor and booklets: the route's role rule,
 * then the course (404 when there is none) and `can(viewer, "manage_online_course", course)`
 * (403 otherwise). An authorization seam like app/accounts/authorize.server.ts: it reads the
 * request for the session and answers only as access does (sign in, 403, 404), never with a
 * page's own redirects or data.
 */
export async function requireManagedCourse(
  request: Request,
  routeId: ManagerRoute & RouteId,
  idParam: string | undefined,
): Promise<{ session: CurrentSession; course: OnlineCourse }> {
  const session = (await requireRouteAccess(request, routeId))!;
  const id = parseRecordId(idParam);
  if (id === null) throw noSuchCourse();
  const course = await findCourse(db(), id);
  if (!course) throw noSuchCourse();
  if (!can(viewerOf(session.user), "manage_online_course", course)) throw forbidden(request);
  return { session, course };
}
