import type { Viewer } from "~/accounts/roles";
import { storedFileSize } from "~/files/storage.server";
import { lockExplanation } from "~/online-courses/access";
import { courseOfActivity } from "~/online-courses/api.server";
import { loadCourseForViewer } from "~/online-courses/in-course.server";
import { lessonMediaFiles, lessonMediaType } from "~/online-courses/lesson-media";

/** A lesson's stored file as one viewer may have it. */
export type LessonMediaFile =
  /** No such lesson, a course the viewer may not see, a file the lesson does not name, or no such file stored. */
  | { kind: "not-found" }
  /** The lesson is locked for the viewer; the message says why (as the lesson's page does). */
  | { kind: "locked"; message: string }
  | { kind: "file"; name: string; size: number; contentType: string; lessonTitle: string };

/**
 * One file of a lesson's media (video or captions) for a viewer, decided exactly as the lesson
 * itself: the course loaded as the in-course pages load it (`loadCourseForViewer`, whose tree
 * carries the access module's decision for every item: enrolment, packages, preview, and the
 * instructor's, managers' and admins' levels), then the lesson's own lock. Only a file the
 * lesson's content names is served, so an address cannot reach another lesson's (or course's) media.
 */
export async function lessonMediaFile(viewer: Viewer, activityId: number, name: string): Promise<LessonMediaFile> {
  const contentType = lessonMediaType(name);
  if (!contentType) return { kind: "not-found" };
  const owner = await courseOfActivity(activityId);
  if (!owner || !lessonMediaFiles(owner.content).includes(name)) return { kind: "not-found" };
  const loaded = await loadCourseForViewer(viewer, String(owner.online_course_id));
  const activity = loaded?.tree.activities.find((candidate) => candidate.id === activityId);
  if (!loaded || !activity) return { kind: "not-found" };
  if (!activity.access.allowed) return { kind: "locked", message: lockExplanation(activity.access.reason, loaded.course.id).message };
  const size = await storedFileSize("lesson-media", name);
  if (size === null) return { kind: "not-found" };
  return { kind: "file", name, size, contentType, lessonTitle: activity.title };
}
