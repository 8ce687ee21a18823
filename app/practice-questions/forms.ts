import { z } from "zod";

/** The set page's forms: buy the set with tokens, or start an attempt in one of the two modes. */
export const practiceSetSchema = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("unlock") }), z.object({ intent: z.literal("start"), mode: z.enum(["practice", "exam"], { error: "Choose practice mode or exam mode." }) })],
  { error: "Unknown action." }
);

const questionId = z.coerce.number({ error: "Choose a question of this set." }).int().positive().max(2_147_483_647);

/**
 * An attempt's forms: check one answer (practice mode), finish now (practice mode), save or hand in
 * the answers (exam mode). Answers come as `question_{id}` fields, which only the set's questions
 * can read, so those forms keep whatever else they are sent.
 */
export const practiceAttemptSchema = z.discriminatedUnion(
  "intent",
  [
    z.looseObject({ intent: z.literal("check"), question_id: questionId }),
    z.object({ intent: z.literal("finish") }),
    z.looseObject({ intent: z.literal("save") }),
    z.looseObject({ intent: z.literal("submit") }),
  ],
  { error: "Unknown action." }
);
