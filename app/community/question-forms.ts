import { z } from "zod";

/** The forms of questions on course content: asking, answering and following up. Pure, shared by the actions and the forms. */

export const QUESTION_BODY_MAX = 5_000;

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

export const questionFields = {
  title: z.string({ error: "Sum up your question" }).trim().min(3, "Sum up your question in at least 3 characters").max(200, "Keep the summary to 200 characters"),
  body: z
    .string({ error: "Write your question" })
    .trim()
    .min(1, "Write your question")
    .max(QUESTION_BODY_MAX, `Keep it to ${QUESTION_BODY_MAX.toLocaleString("en-US")} characters`),
};

const replyBody = z.string({ error: "Write your reply" }).trim().min(1, "Write your reply").max(10_000, "Keep it to 10,000 characters");

/**
 * /dashboard?page=ask-a-question: about one of the student's online courses ("course:{id}") or
 * to the study buddies ("study_buddy", with an optional subject); or a follow-up on their own question.
 */
export const dashboardQuestionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("ask"),
      about: z.string({ error: "Choose what your question is about" }).regex(/^(course:[1-9]\d{0,9}|study_buddy)$/, "Choose what your question is about"),
      subject: z.string().trim().max(80, "Keep the subject to 80 characters").default(""),
      ...questionFields,
    }),
    z.object({ intent: z.literal("follow-up"), question_id: id("Choose one of your questions"), body: replyBody }),
  ],
  { error: "Unknown action." }
);

/** /instructor-dashboard?page=oc_questions&ocq_id=: answer (optionally for every student), close or reopen. */
export const questionInboxSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("answer"), question_id: id("Choose a question"), body: replyBody, public: z.literal("on").optional() }),
    z.object({ intent: z.literal("close"), question_id: id("Choose a question") }),
    z.object({ intent: z.literal("reopen"), question_id: id("Choose a question") }),
    z.object({ intent: z.literal("publish"), question_id: id("Choose a question"), public: z.enum(["on", "off"], { error: "Show it to every student, or not" }) }),
  ],
  { error: "Unknown action." }
);

/** What the dashboard's "about" field names. */
export function questionTarget(about: string): { kind: "study_buddy" } | { kind: "online_course"; onlineCourseId: number } {
  return about === "study_buddy" ? { kind: "study_buddy" } : { kind: "online_course", onlineCourseId: Number(about.slice("course:".length)) };
}

/** The inbox's address: ?page=oc_questions with its status filter, page and open question. */
export function inboxQuery(params: URLSearchParams): { page: number; questionId: number | null } {
  const page = Number(params.get("p") ?? "1");
  const questionId = Number(params.get("ocq_id"));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    questionId: Number.isInteger(questionId) && questionId > 0 && questionId <= 2_147_483_647 ? questionId : null,
  };
}
