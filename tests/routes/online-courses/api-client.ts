import * as activity from "~/routes/api+/v1+/activities+/$id";
import * as curriculumActivities from "~/routes/api+/v1+/online_course_activities+/_index";
import * as curriculumActivity from "~/routes/api+/v1+/online_course_activities+/$id";
import * as chapters from "~/routes/api+/v1+/online_course_chapters+/_index";
import * as chapter from "~/routes/api+/v1+/online_course_chapters+/$id";
import * as sections from "~/routes/api+/v1+/online_course_sections+/_index";
import * as section from "~/routes/api+/v1+/online_course_sections+/$id";
import * as enrolments from "~/routes/api+/v1+/online_course_users+/_index";
import * as courses from "~/routes/api+/v1+/online_courses+/_index";
import * as course from "~/routes/api+/v1+/online_courses+/$id";
import * as progress from "~/routes/api+/v1+/progress";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";
import type { RouteAnswer } from "../../support/route-answer";

type RouteModule = { loader: (args: any) => Promise<unknown>; action?: (args: any) => Promise<unknown> };

/** The online-course API's routes by path, as the router matches them: a collection, or a member with its `id`. */
const ROUTES: Record<string, [collection: RouteModule | undefined, member?: RouteModule]> = {
  online_courses: [courses, course],
  online_course_chapters: [chapters, chapter],
  online_course_sections: [sections, section],
  online_course_activities: [curriculumActivities, curriculumActivity],
  online_course_users: [enrolments],
  activities: [undefined, activity],
  progress: [progress],
};

function routeFor(path: string) {
  const [, resource, id, extra] = /^\/api\/v1\/([a-z_]+)(?:\/([^/?]+))?(\/[^?]*)?(?:\?|$)/.exec(path) ?? [];
  const found = resource === undefined ? undefined : ROUTES[resource];
  const module = found && !extra ? (id === undefined ? found[0] : found[1]) : undefined;
  if (!module) throw new Error(`No online-course API route answers ${path}`);
  const params: Record<string, string> = id === undefined ? {} : { id };
  return { module, params };
}

/**
 * An API client of the online-course endpoints, signed in as `userId` (a guest without one):
 * each call goes to the route module the path names, GET to its loader and the rest to its action.
 */
export async function apiClient(userId?: number) {
  const browser = routeVisitor(userId === undefined ? {} : { session: await sessionCookieFor(userId) });
  const send = (method: string, path: string, body?: unknown): Promise<RouteAnswer> => {
    const { module, params } = routeFor(path);
    const handler = method === "GET" ? module.loader : module.action;
    if (!handler) throw new Error(`${path} takes no ${method}`);
    return browser.api(handler, method, path, body, { params });
  };
  return {
    userId,
    get: (path: string) => send("GET", path),
    post: (path: string, body: unknown) => send("POST", path, body),
    patch: (path: string, body: unknown) => send("PATCH", path, body),
    delete: (path: string) => send("DELETE", path),
  };
}

export type ApiClient = Awaited<ReturnType<typeof apiClient>>;
