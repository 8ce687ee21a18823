import type { ActivityType } from "~/db/schema";

/**
 * What each activity type is, in one table (issue 14 item 3): how it is completed, whether it
 * takes answers (an assessment: its questions are scored on the server) and whether practice
 * mode lists it. Pure. The table is a Record over ActivityType, so a type added to the schema
 * does not compile until it is decided here.
 *
 * The rule: an activity that takes answers (quiz, checkpoint quiz, practice question set, mock exam) is
 * completed by submitting its answers, never by hand — the API (POST /api/v1/progress) and the
 * in-course page both ask `completionByHand` through `completeActivity` (progress.server.ts).
 * SPEC §3 is silent on practice question sets; they are scored like quizzes, so they complete
 * like quizzes.
 */
interface ActivityKind {
  /** "hand": the learner marks it complete; "answers": submitting its answers completes it. */
  completedBy: "hand" | "answers";
  /** Listed by practice mode (/online-courses/{id}/practice-mode) in every chapter part. */
  practice: boolean;
  /** Sat against a clock the server keeps (app/assessments/engine.ts), not answered at leisure like a quiz. */
  timed?: true;
  /** The activity as a sentence names it: "this {noun}". */
  noun: string;
}

const ACTIVITY_KINDS: Record<ActivityType, ActivityKind> = {
  video: { completedBy: "hand", practice: false, noun: "video" },
  reading: { completedBy: "hand", practice: false, noun: "reading" },
  quiz: { completedBy: "answers", practice: true, noun: "quiz" },
  checkpoint_quiz: { completedBy: "answers", practice: true, noun: "checkpoint quiz" },
  mock_exam: { completedBy: "answers", practice: false, noun: "mock exam", timed: true },
  flash_card_deck: { completedBy: "hand", practice: true, noun: "flash-card deck" },
  practice_question_set: { completedBy: "answers", practice: true, noun: "practice question set" },
};

/** Quizzes, checkpoint quizzes and practice question sets: they have questions and take answers at any pace. */
export const isAssessment = (type: ActivityType): boolean => ACTIVITY_KINDS[type].completedBy === "answers" && !ACTIVITY_KINDS[type].timed;

/** Whether practice mode lists activities of this type in every part of a chapter (curriculum.ts `listedInPracticeMode`). */
export const isPracticeType = (type: ActivityType): boolean => ACTIVITY_KINDS[type].practice;

export type CompletionByHand = { allowed: true } | { allowed: false; reason: "submit-answers"; message: string };

/** Whether the learner may mark an activity of this type complete by hand, and if not why (shown to them). */
export function completionByHand(type: ActivityType): CompletionByHand {
  const kind = ACTIVITY_KINDS[type];
  if (kind.completedBy === "hand") return { allowed: true };
  return { allowed: false, reason: "submit-answers", message: `Submit your answers to complete this ${kind.noun}.` };
}
