import { z } from "zod";
import { APPLICATION_STATUSES, parseScore, TRANSCRIPT_MESSAGES, UPLOAD_MAX_BYTES } from "./scholarship-rules";

/** The forms of scholarship applications (the student's and the staff review), pure: shared by the page and its action. */

export const ESSAY_MAX_CHARS = 20000;
export const ANSWER_MAX_CHARS = 1000;
/** A scholarship lists a handful of eligibility rules; the form answers each. */
export const ANSWERS_MAX = 20;

export const applicationSchema = z.object({
  essay: z.string({ error: "Write your essay." }).trim().min(1, "Write your essay.").max(ESSAY_MAX_CHARS, `Use at most ${ESSAY_MAX_CHARS} characters.`),
  eligibility_answers: z
    .array(z.string({ error: "Say how you meet this." }).trim().min(1, "Say how you meet this.").max(ANSWER_MAX_CHARS, `Use at most ${ANSWER_MAX_CHARS} characters.`))
    .max(ANSWERS_MAX)
    .default([]),
  // Checked for size here; for what it is (a PDF or a picture, by its bytes) when stored.
  transcript: z
    .instanceof(File, { message: TRANSCRIPT_MESSAGES.missing })
    .refine((file) => file.size > 0, TRANSCRIPT_MESSAGES.missing)
    .refine((file) => file.size <= UPLOAD_MAX_BYTES, TRANSCRIPT_MESSAGES.tooLarge),
});

export const SCORE_MESSAGE = "Give a whole number from 0 to 100, or leave it empty.";

export const reviewSchema = z.object({
  status: z.enum(APPLICATION_STATUSES as [string, ...string[]], { error: "Choose a status." }).transform((status) => status as (typeof APPLICATION_STATUSES)[number]),
  score: z
    .string()
    .trim()
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return null;
      const score = parseScore(raw);
      if (score === null) {
        ctx.addIssue({ code: "custom", message: SCORE_MESSAGE });
        return z.NEVER;
      }
      return score;
    }),
  staff_notes: z
    .string()
    .trim()
    .max(5000, "Use at most 5000 characters.")
    .optional()
    .transform((notes) => notes || null),
});

/** The stored answers (a JSON array of strings), whatever the driver hands back. */
export function answersOf(stored: unknown): string[] {
  const value = typeof stored === "string" ? (JSON.parse(stored) as unknown) : stored;
  return Array.isArray(value) ? value.filter((answer): answer is string => typeof answer === "string") : [];
}
