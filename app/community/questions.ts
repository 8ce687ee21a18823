import type { QuestionStatus } from "~/db/schema";

/**
 * The rules of questions on course content and study-buddy questions. Pure. A question is open
 * until whoever answers it replies; the asker's follow-up opens it again; staff close and reopen
 * it. Only a question on an activity can be shown to every student, and only once answered.
 */

export const QUESTION_STATUSES: readonly { value: QuestionStatus; label: string }[] = [
  { value: "open", label: "Open" },
  { value: "answered", label: "Answered" },
  { value: "closed", label: "Closed" },
];

/** The inbox's status filter: an unknown or missing value shows the open questions. */
export function questionStatusFilter(value: string | null): QuestionStatus | "all" {
  if (value === "all") return "all";
  return QUESTION_STATUSES.some((status) => status.value === value) ? (value as QuestionStatus) : "open";
}

export type QuestionEvent = "answer" | "follow_up" | "close" | "reopen";

export type StatusChange = { ok: true; status: QuestionStatus } | { ok: false; message: string };

export function nextQuestionStatus(current: QuestionStatus, event: QuestionEvent): StatusChange {
  switch (event) {
    case "answer":
      return current === "closed" ? { ok: false, message: "This question is closed. Reopen it to answer." } : { ok: true, status: "answered" };
    case "follow_up":
      return current === "closed" ? { ok: false, message: "This question is closed." } : { ok: true, status: "open" };
    case "close":
      return current === "closed" ? { ok: false, message: "This question is already closed." } : { ok: true, status: "closed" };
    case "reopen":
      return current === "closed" ? { ok: true, status: "open" } : { ok: false, message: "Only a closed question can be reopened." };
  }
}

/** Whether an answer may show the question to every student: it must be about one activity. */
export function mayBePublic(question: { activity_id: number | null }): boolean {
  return question.activity_id !== null;
}

/** A student asks at most this many questions a day (both kinds together); staff answer by hand. */
export const QUESTIONS_PER_DAY = 10;

export function askAllowance(askedInLastDay: number): { ok: true } | { ok: false; message: string } {
  return askedInLastDay < QUESTIONS_PER_DAY ? { ok: true } : { ok: false, message: `You can ask up to ${QUESTIONS_PER_DAY} questions a day. Please try again tomorrow.` };
}

/** What a question is about, as the asker and the inbox name it. */
export function questionTopic(question: { kind: "online_course" | "study_buddy"; course_code: string | null; activity_title: string | null; subject: string }): string {
  if (question.kind === "study_buddy") return question.subject ? `Study Buddy · ${question.subject}` : "Study Buddy";
  return [question.course_code, question.activity_title].filter(Boolean).join(" · ") || "Online course";
}
