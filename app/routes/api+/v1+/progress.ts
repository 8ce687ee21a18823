import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { viewerOf } from "~/accounts/session.server";
import { serialize } from "~/api/document";
import { ApiError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed, notFound, readJsonBody } from "~/api/handler.server";
import { progressResource } from "~/api/resources/online-courses";
import { db } from "~/db/db.server";
import { lockExplanation } from "~/online-courses/access";
import { neighbours } from "~/online-courses/curriculum";
import { progressOf } from "~/online-courses/api.server";
import { loadCourseForViewer } from "~/online-courses/in-course.server";
import { completeActivity } from "~/online-courses/progress.server";
import { MAX_ACTIVITY_SECONDS } from "~/online-courses/quiz";

const ROUTE = "routes/api+/v1+/progress";

async function enrolledCourse(rawCourseId: unknown, viewerId: number, viewer: ReturnType<typeof viewerOf>) {
  if (typeof rawCourseId !== "string" || !/^[1-9]\d{0,8}$/.test(rawCourseId)) {
    throw new ApiError(400, "invalid_parameter", "online_course_id must be a course id.", { source: { parameter: "online_course_id" } });
  }
  const loaded = await loadCourseForViewer(viewer, rawCourseId);
  if (!loaded) notFound("online course", rawCourseId);
  if (!loaded.enrolment || loaded.enrolment.user_id !== viewerId) {
    throw new ApiError(404, "not_enrolled", "You are not enrolled in this online course.");
  }
  return loaded;
}

/** GET /api/v1/progress?online_course_id={id}: the caller's progress in the course (SPEC §3). */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = (await requireRouteAccess(request, ROUTE))!;
    const viewer = viewerOf(session.user);
    const loaded = await enrolledCourse(new URL(request.url).searchParams.get("online_course_id") ?? undefined, session.user.id, viewer);
    return apiResponse(serialize(progressResource, await progressOf(loaded.enrolment!)));
  });
}

const completionSchema = z.object({
  progress: z.object({
    online_course_id: z.number().int().positive(),
    activity_id: z.number().int().positive(),
    duration: z.number().int().min(0).max(MAX_ACTIVITY_SECONDS).optional(),
  }),
});

/**
 * POST /api/v1/progress {progress: {online_course_id, activity_id, duration?}}: completes an
 * activity the access module opens for the caller, adds the time to their view time and moves
 * the current activity on. Activities that take answers (quizzes, checkpoint quizzes, practice
 * question sets) are completed by submitting them, not here (`completionByHand`).
 */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") {
      await requireMutationAccess(request, ROUTE);
      return methodNotAllowed(["GET", "POST"]);
    }
    const session = await requireMutationAccess(request, ROUTE);
    const viewer = viewerOf(session.user);
    const { progress } = await readJsonBody(request, completionSchema);
    const loaded = await enrolledCourse(String(progress.online_course_id), session.user.id, viewer);
    const activity = loaded.tree.activities.find((candidate) => candidate.id === progress.activity_id);
    if (!activity) throw new ApiError(422, "invalid_attribute", "activity_id: not an activity of this course.", { source: { pointer: "/progress/activity_id" } });
    if (!activity.access.allowed) {
      const explanation = lockExplanation(activity.access.reason, loaded.course.id);
      throw new ApiError(403, "locked", explanation.message, { meta: { reason: activity.access.reason, action: explanation.action } });
    }
    const { next } = neighbours(loaded.tree, activity.id);
    const outcome = await completeActivity({
      enrolmentId: loaded.enrolment!.id,
      activity,
      durationSeconds: progress.duration ?? activity.durationSeconds,
      nextId: next?.id ?? null,
    });
    if (!outcome.ok) {
      throw new ApiError(422, "invalid_attribute", `activity_id: ${outcome.message}`, { source: { pointer: "/progress/activity_id" }, meta: { reason: outcome.reason } });
    }
    const enrolment = await db().selectFrom("online_course_users").selectAll().where("id", "=", loaded.enrolment!.id).executeTakeFirstOrThrow();
    return apiResponse(serialize(progressResource, await progressOf(enrolment)), { status: 201 });
  });
}
