import { z } from "zod";
import { MAX_OPTIONS, MAX_SURVEY_QUESTIONS, TEXT_ANSWER_MAX } from "~/community/poll-limits";

/**
 * Polls and surveys, pure: the staff's form that makes one and the reading of a person's answers.
 * A poll is one choice question; a survey is up to MAX_SURVEY_QUESTIONS questions, each a choice
 * or a short text. The creation form has numbered rows (question_1, kind_1, options_1, …) so it
 * works without JavaScript; empty rows are left out.
 */

export interface PollQuestionInput {
  kind: "choice" | "text";
  prompt: string;
  options: string[];
}

const target = z.union([
  z.object({ blog_post_id: z.coerce.number({ error: "Choose a blog post" }).int().positive().max(2_147_483_647), course: z.undefined().optional() }),
  z.object({ course: z.string().trim().min(1).max(120), blog_post_id: z.undefined().optional() }),
]);

export function createPollSchema() {
  const rows: Record<string, z.ZodOptional<z.ZodString>> = {};
  for (let index = 1; index <= MAX_SURVEY_QUESTIONS; index += 1) {
    rows[`question_${index}`] = z.string().trim().max(300, "Keep a question to 300 characters").optional();
    rows[`kind_${index}`] = z.string().trim().optional();
    rows[`options_${index}`] = z.string().max(2000, "Too many options").optional();
  }
  return z
    .object({
      kind: z.enum(["poll", "survey"], { error: "Choose a poll or a survey" }),
      title: z.string({ error: "Give it a title" }).trim().min(1, "Give it a title").max(200, "Keep the title to 200 characters"),
      blog_post_id: z.string().trim().optional(),
      course: z.string().trim().optional(),
      ...rows,
    })
    .transform((input, context) => {
      const fail = (path: string, message: string) => {
        context.addIssue({ code: "custom", path: [path], message });
        return z.NEVER;
      };
      const parsedTarget = target.safeParse({ blog_post_id: input.blog_post_id || undefined, course: input.course || undefined });
      if (!parsedTarget.success) return fail("", "Make it on a blog post or a course page");
      const values = input as Record<string, string | undefined>;
      const questions: PollQuestionInput[] = [];
      for (let index = 1; index <= MAX_SURVEY_QUESTIONS; index += 1) {
        const prompt = values[`question_${index}`] ?? "";
        if (!prompt) continue;
        const kind = values[`kind_${index}`] === "text" ? "text" : "choice";
        const options = kind === "choice" ? (values[`options_${index}`] ?? "").split(/\r?\n/).map((line) => line.trim()).filter(Boolean) : [];
        if (kind === "choice" && options.length < 2) return fail(`options_${index}`, "Give at least 2 options, one a line");
        if (options.length > MAX_OPTIONS) return fail(`options_${index}`, `At most ${MAX_OPTIONS} options`);
        if (options.some((option) => option.length > 100)) return fail(`options_${index}`, "Keep each option to 100 characters");
        if (new Set(options).size !== options.length) return fail(`options_${index}`, "Each option once");
        questions.push({ kind, prompt, options });
      }
      if (questions.length === 0) return fail("question_1", "Ask a question");
      if (input.kind === "poll" && (questions.length !== 1 || questions[0]!.kind !== "choice")) return fail("question_1", "A poll is one question with options; make a survey for more");
      return { kind: input.kind, title: input.title, target: parsedTarget.data, questions };
    });
}

export type CreatePollInput = z.output<ReturnType<typeof createPollSchema>>;

export type PollAnswer = { question_id: number; option_index: number; text_answer: null } | { question_id: number; option_index: null; text_answer: string };

/**
 * A person's answers to a poll's questions from the form (`answer_{questionId}`): every question
 * answered, a choice one of its options, a text at most TEXT_ANSWER_MAX characters.
 */
export function readAnswers(
  questions: readonly { id: number; kind: "choice" | "text"; options: readonly string[] }[],
  form: Record<string, unknown>,
): { ok: true; answers: PollAnswer[] } | { ok: false; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const answers: PollAnswer[] = [];
  for (const question of questions) {
    const raw = form[`answer_${question.id}`];
    const value = typeof raw === "string" ? raw.trim() : "";
    if (question.kind === "choice") {
      const index = /^\d{1,2}$/.test(value) ? Number(value) : -1;
      if (index < 0 || index >= question.options.length) errors[`answer_${question.id}`] = ["Choose one of the options"];
      else answers.push({ question_id: question.id, option_index: index, text_answer: null });
    } else if (!value) errors[`answer_${question.id}`] = ["Write an answer"];
    else if (value.length > TEXT_ANSWER_MAX) errors[`answer_${question.id}`] = [`Keep it to ${TEXT_ANSWER_MAX} characters`];
    else answers.push({ question_id: question.id, option_index: null, text_answer: value });
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, answers };
}

/** Whole percentages of a question's counts (0 when nobody answered). */
export function percentages(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  return counts.map((count) => (total === 0 ? 0 : Math.round((count * 100) / total)));
}
