import type { Transaction } from "kysely";
import type { Database } from "../../app/db/schema";

/**
 * Demo polls (Community item 7): one on a published blog post, one poll and a short survey on
 * MATH 137's course page, each with a few answers from demo people so the results have numbers.
 */
interface PollSeed {
  on: { blogPost: string } | { course: string };
  kind: "poll" | "survey";
  title: string;
  questions: { kind: "choice" | "text"; prompt: string; options?: string[] }[];
  /** Demo people (local part of their address) and their answers: an option's index or a text, per question. */
  answers: { by: string; answers: (number | string)[] }[];
}

const POLLS: PollSeed[] = [
  {
    on: { blogPost: "active-recall-and-spaced-repetition" },
    kind: "poll",
    title: "How do you review?",
    questions: [{ kind: "choice", prompt: "What do you do most when you review for an exam?", options: ["Reread my notes", "Flash cards", "Practice questions", "Teach it to someone"] }],
    answers: [
      { by: "student", answers: [2] },
      { by: "class_rep", answers: [1] },
      { by: "tutor", answers: [2] },
    ],
  },
  {
    on: { course: "waterloo-math-137" },
    kind: "poll",
    title: "Midterm prep",
    questions: [{ kind: "choice", prompt: "Which topic worries you most for the midterm?", options: ["Limits", "Derivatives", "Related rates", "Curve sketching"] }],
    answers: [
      { by: "class_rep", answers: [2] },
      { by: "tutor", answers: [0] },
    ],
  },
  {
    on: { course: "waterloo-math-137" },
    kind: "survey",
    title: "How is MATH 137 going?",
    questions: [
      { kind: "choice", prompt: "How many hours a week do you spend on it?", options: ["Under 3", "3 to 6", "More than 6"] },
      { kind: "text", prompt: "What would help you most?" },
    ],
    answers: [{ by: "class_rep", answers: [1, "More worked examples of related rates."] }],
  },
];

export async function seedPolls(
  trx: Transaction<Database>,
  ids: { user: (email: string) => number },
  now: Date,
): Promise<{ polls: number; poll_questions: number; poll_responses: number; poll_answers: number }> {
  const counts = { polls: 0, poll_questions: 0, poll_responses: 0, poll_answers: 0 };
  for (const seed of POLLS) {
    const target =
      "blogPost" in seed.on
        ? { blog_post_id: (await trx.selectFrom("blog_posts").select("id").where("slug", "=", seed.on.blogPost).executeTakeFirstOrThrow()).id, course_id: null }
        : { blog_post_id: null, course_id: (await trx.selectFrom("courses").select("id").where("slug", "=", seed.on.course).executeTakeFirstOrThrow()).id };
    const poll = await trx
      .insertInto("polls")
      .values({ kind: seed.kind, title: seed.title, ...target, created_by: ids.user("blog_manager@demo.test"), created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const questions = await trx
      .insertInto("poll_questions")
      .values(seed.questions.map((question, position) => ({ poll_id: poll.id, position, kind: question.kind, prompt: question.prompt, options: question.options ?? [] })))
      .returning("id")
      .execute();
    counts.polls += 1;
    counts.poll_questions += questions.length;
    for (const answer of seed.answers) {
      const response = await trx.insertInto("poll_responses").values({ poll_id: poll.id, user_id: ids.user(`${answer.by}@demo.test`), created_at: now }).returning("id").executeTakeFirstOrThrow();
      await trx
        .insertInto("poll_answers")
        .values(
          answer.answers.map((value, index) => ({
            response_id: response.id,
            question_id: questions[index]!.id,
            option_index: typeof value === "number" ? value : null,
            text_answer: typeof value === "string" ? value : null,
          })),
        )
        .execute();
      counts.poll_responses += 1;
      counts.poll_answers += answer.answers.length;
    }
  }
  return counts;
}
