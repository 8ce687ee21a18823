import { z } from "zod";
import { fullContentAccess, type AccessInput } from "~/online-courses/access";
import type { PrintableCourse } from "~/online-courses/printable.server";
import { openableAttachments, type AttachmentExclusions, type AttachmentFacts } from "~/study-sessions/access";

/**
 * Course booklets for students (/courses/{idOrSlug}/booklet, SPEC §2 booklet banner), pure: who
 * gets an online course's booklet, what state its booklet is in for the page, which live-session
 * booklets are listed, and the students' edition of the content (the questions without answers).
 */

/** SPEC timing: a booklet still being made after 90 s is late; the banner says so. */
export const BOOKLET_SLOW_AFTER_MS = 90_000;
/** How often the page asks again while a booklet is being made (with JavaScript). */
export const BOOKLET_POLL_MS = 2_000;

export const BOOKLET_GENERATING_TITLE = "Generating booklet";
export const BOOKLET_GENERATING_TEXT = "This may take a moment.";
export const BOOKLET_SLOW_TEXT = "This is taking longer than usual. You can leave this page: we will send you a notification when your booklet is ready.";
export const BOOKLET_READY_TITLE = "Booklet ready!";
export const BOOKLET_FAILED_TEXT = "The booklet could not be made. Try generating it again.";
export const BOOKLET_OUTDATED_TEXT = "The course has changed since its booklet was made: generate it again for the current content.";

/**
 * The students' booklet of an online course goes to whoever may study its full content now (the
 * access module's rule: an active Learn package, the course's subscription, staff who see every
 * course); the booklet holds the course's lessons, so it follows them.
 */
export function mayHaveStudentBooklet(input: AccessInput): boolean {
  return fullContentAccess(input).allowed;
}

export interface BookletFacts {
  id: number;
  status: "generating" | "ready" | "failed";
  contentVersion: number | null;
  createdAt: Date;
}

export type StudentBookletState =
  | { kind: "missing" }
  | { kind: "outdated" }
  | { kind: "failed" }
  | { kind: "generating"; bookletId: number; slow: boolean }
  | { kind: "ready"; bookletId: number };

/**
 * The state of a course's students' booklet from its newest booklet and its newest ready one:
 * being made (late after 90 s) wins; then a ready booklet of the current content; then a failure
 * (to try again); then an older ready booklet (outdated: the course changed since); else none.
 */
export function studentBookletState(latest: BookletFacts | null, latestReady: BookletFacts | null, contentVersion: number, now: Date): StudentBookletState {
  if (latest?.status === "generating") return { kind: "generating", bookletId: latest.id, slow: now.getTime() - latest.createdAt.getTime() >= BOOKLET_SLOW_AFTER_MS };
  if (latestReady && latestReady.contentVersion === contentVersion) return { kind: "ready", bookletId: latestReady.id };
  if (latest?.status === "failed") return { kind: "failed" };
  if (latestReady) return { kind: "outdated" };
  return { kind: "missing" };
}

/** Whether asking for a booklet should make one: not while one is made, nor when a current one is ready. */
export const needsGenerating = (state: StudentBookletState) => state.kind === "missing" || state.kind === "outdated" || state.kind === "failed";

/** A live session's booklets its student may open: the session's own rules (access, booklets not excluded). */
export function sessionBooklets<T extends AttachmentFacts>(attachments: readonly T[], session: AttachmentExclusions, withAccess: boolean): T[] {
  return openableAttachments(attachments, session, withAccess).filter((attachment) => attachment.kind === "booklet");
}

/**
 * The students' edition: the course's lessons (its core sections; additional practice belongs to
 * the Practice package and stays online, where its own access rule applies), every question with
 * its prompt and choices and without its answer.
 */
export function studentEdition(printable: PrintableCourse): PrintableCourse {
  return {
    ...printable,
    chapters: printable.chapters.map((chapter) => ({
      ...chapter,
      sections: chapter.sections.filter((section) => section.type === "core").map((section) => ({
        ...section,
        activities: section.activities.map((activity) => ({ ...activity, questions: activity.questions.map((question) => ({ prompt: question.prompt, choices: question.choices, answerIndex: null })) })),
      })),
    })),
  };
}

export function studentBookletDownloadPath(onlineCourseId: number, bookletId: number) {
  return `/online-courses/${onlineCourseId}/student-booklets/${bookletId}`;
}

/** "Generate booklet": which of the page's online courses. */
export const generateBookletSchema = z.object({
  online_course_id: z.coerce.number({ error: "Choose the online course whose booklet to generate." }).int().positive().max(2_147_483_647),
});
export const GENERATE_REFUSED_MESSAGE = "Choose one of the online courses listed on this page.";
