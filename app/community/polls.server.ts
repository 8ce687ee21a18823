import { sql } from "kysely";
import { can, type PollTargetRef } from "~/accounts/policy/permissions";
import type { Viewer } from "~/accounts/roles";
import { percentages, type CreatePollInput, type PollAnswer } from "~/community/poll-forms";
import { db } from "~/db/db.server";
import { parseRecordId } from "~/utils/record-id";

/**
 * Polls and surveys on blog posts and course pages (migration 0028). One response per person
 * (a unique index on poll and user: of two submits at once, one inserts and the other finds it
 * there); results, counts and percentages per option, shown to whoever answered and to the staff
 * who may make polls there (`manage_polls`), never before answering.
 */

export type PollTarget = { blogPostId: number } | { courseId: number };

/** Where a poll lives, as the policy sees it, and the page it is shown on. */
export async function targetRef(target: PollTarget): Promise<{ ref: PollTargetRef; path: string; public: boolean } | null> {
  if ("blogPostId" in target) {
    const post = await db().selectFrom("blog_posts").select(["author_id", "slug", "status"]).where("id", "=", target.blogPostId).executeTakeFirst();
    if (!post) return null;
    const published = post.status === "published";
    return { ref: { blog_post: { author_id: post.author_id } }, path: published ? `/blog/${post.slug}` : `/content-creator-dashboard/posts/${target.blogPostId}`, public: published };
  }
  const course = await db().selectFrom("courses").select(["id", "slug"]).where("id", "=", target.courseId).executeTakeFirst();
  if (!course) return null;
  const instructors = await db()
    .selectFrom("online_course_courses")
    .innerJoin("online_courses", "online_courses.id", "online_course_courses.online_course_id")
    .where("online_course_courses.course_id", "=", course.id)
    .where("online_courses.instructor_id", "is not", null)
    .select("online_courses.instructor_id")
    .execute();
  return { ref: { course: { instructor_ids: instructors.map((row) => row.instructor_id!) } }, path: `/courses/${course.slug}`, public: true };
}

/** A course by id or slug, for the creation form's `course` field. */
export async function courseIdFor(idOrSlug: string): Promise<number | null> {
  const id = parseRecordId(idOrSlug);
  const course = await db()
    .selectFrom("courses")
    .select("id")
    .where(id !== null ? "id" : "slug", "=", id ?? idOrSlug)
    .executeTakeFirst();
  return course?.id ?? null;
}

export async function createPoll(input: Pick<CreatePollInput, "kind" | "title" | "questions"> & { target: PollTarget; createdBy: number }): Promise<number> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const poll = await trx
        .insertInto("polls")
        .values({
          kind: input.kind,
          title: input.title,
          blog_post_id: "blogPostId" in input.target ? input.target.blogPostId : null,
          course_id: "courseId" in input.target ? input.target.courseId : null,
          created_by: input.createdBy,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("poll_questions")
        .values(input.questions.map((question, position) => ({ poll_id: poll.id, position, kind: question.kind, prompt: question.prompt, options: question.options })))
        .execute();
      return poll.id;
    });
}

/** Records a person's answers once: "already" when they had answered (also the loser of two submits at once). */
export async function answerPoll(pollId: number, userId: number, answers: readonly PollAnswer[]): Promise<"answered" | "already"> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const response = await trx
        .insertInto("poll_responses")
        .values({ poll_id: pollId, user_id: userId })
        .onConflict((conflict) => conflict.columns(["poll_id", "user_id"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!response) return "already";
      await trx
        .insertInto("poll_answers")
        .values(answers.map((answer) => ({ response_id: response.id, ...answer })))
        .execute();
      return "answered";
    });
}

export interface PollView {
  id: number;
  kind: "poll" | "survey";
  title: string;
  questions: { id: number; kind: "choice" | "text"; prompt: string; options: string[] }[];
  answered: boolean;
  responses: number;
  /** Only for whoever answered and for staff: per question, each option's count and percentage; text answers counted (staff also read the latest). */
  results: { question_id: number; options: { label: string; count: number; percent: number }[]; texts: string[]; answers: number }[] | null;
}

async function loadPolls(where: { blog_post_id: number } | { course_id: number } | { id: number }) {
  const [column, value] = Object.entries(where)[0] as ["blog_post_id" | "course_id" | "id", number];
  const polls = await db().selectFrom("polls").select(["id", "kind", "title", "blog_post_id", "course_id"]).where(column, "=", value).orderBy("id").execute();
  if (polls.length === 0) return [];
  const questions = await db()
    .selectFrom("poll_questions")
    .select(["id", "poll_id", "kind", "prompt", "options"])
    .where(
      "poll_id",
      "in",
      polls.map((poll) => poll.id),
    )
    .orderBy("poll_id")
    .orderBy("position")
    .execute();
  return polls.map((poll) => ({ ...poll, questions: questions.filter((question) => question.poll_id === poll.id).map(({ poll_id: _, ...question }) => question) }));
}

async function resultsFor(pollIds: number[], staff: boolean) {
  if (pollIds.length === 0) return { responses: new Map<number, number>(), choices: [], texts: [] as { question_id: number; text_answer: string }[], textCounts: new Map<number, number>() };
  const [responses, choices, textCounts, texts] = await Promise.all([
    db().selectFrom("poll_responses").select(["poll_id", sql<number>`count(*)::int`.as("n")]).where("poll_id", "in", pollIds).groupBy("poll_id").execute(),
    db()
      .selectFrom("poll_answers")
      .innerJoin("poll_questions", "poll_questions.id", "poll_answers.question_id")
      .where("poll_questions.poll_id", "in", pollIds)
      .where("poll_answers.option_index", "is not", null)
      .select(["poll_answers.question_id", "poll_answers.option_index", sql<number>`count(*)::int`.as("n")])
      .groupBy(["poll_answers.question_id", "poll_answers.option_index"])
      .execute(),
    db()
      .selectFrom("poll_answers")
      .innerJoin("poll_questions", "poll_questions.id", "poll_answers.question_id")
      .where("poll_questions.poll_id", "in", pollIds)
      .where("poll_answers.text_answer", "is not", null)
      .select(["poll_answers.question_id", sql<number>`count(*)::int`.as("n")])
      .groupBy("poll_answers.question_id")
      .execute(),
    staff
      ? db()
          .selectFrom("poll_answers")
          .innerJoin("poll_questions", "poll_questions.id", "poll_answers.question_id")
          .innerJoin("poll_responses", "poll_responses.id", "poll_answers.response_id")
          .where("poll_questions.poll_id", "in", pollIds)
          .where("poll_answers.text_answer", "is not", null)
          .select(["poll_answers.question_id", "poll_answers.text_answer"])
          .orderBy("poll_responses.id", "desc")
          .limit(200)
          .execute()
      : Promise.resolve([]),
  ]);
  return {
    responses: new Map(responses.map((row) => [row.poll_id, row.n])),
    choices,
    texts: texts as { question_id: number; text_answer: string }[],
    textCounts: new Map(textCounts.map((row) => [row.question_id, row.n])),
  };
}

/** The polls on a blog post or course page as this viewer sees them. `staff`: whoever may make polls there. */
export async function pollsFor(viewer: Viewer, target: PollTarget | { pollId: number }, staff: boolean): Promise<PollView[]> {
  const polls = await loadPolls("blogPostId" in target ? { blog_post_id: target.blogPostId } : "courseId" in target ? { course_id: target.courseId } : { id: target.pollId });
  if (polls.length === 0) return [];
  const ids = polls.map((poll) => poll.id);
  const answeredIds =
    viewer.id === null
      ? new Set<number>()
      : new Set((await db().selectFrom("poll_responses").select("poll_id").where("user_id", "=", viewer.id).where("poll_id", "in", ids).execute()).map((row) => row.poll_id));
  const shown = polls.filter((poll) => staff || answeredIds.has(poll.id)).map((poll) => poll.id);
  const found = await resultsFor(shown, staff);
  return polls.map((poll) => ({
    id: poll.id,
    kind: poll.kind,
    title: poll.title,
    questions: poll.questions,
    answered: answeredIds.has(poll.id),
    responses: shown.includes(poll.id) ? (found.responses.get(poll.id) ?? 0) : 0,
    results: shown.includes(poll.id)
      ? poll.questions.map((question) => {
          const counts = question.options.map((_, index) => found.choices.find((row) => row.question_id === question.id && row.option_index === index)?.n ?? 0);
          const percents = percentages(counts);
          return {
            question_id: question.id,
            options: question.options.map((label, index) => ({ label, count: counts[index]!, percent: percents[index]! })),
            texts: found.texts.filter((row) => row.question_id === question.id).map((row) => row.text_answer),
            answers: question.kind === "text" ? (found.textCounts.get(question.id) ?? 0) : counts.reduce((sum, count) => sum + count, 0),
          };
        })
      : null,
  }));
}

/** A poll with where it lives; null when there is none. */
export async function findPoll(id: number) {
  const poll = await db().selectFrom("polls").select(["id", "blog_post_id", "course_id"]).where("id", "=", id).executeTakeFirst();
  if (!poll) return null;
  const target: PollTarget = poll.blog_post_id !== null ? { blogPostId: poll.blog_post_id } : { courseId: poll.course_id! };
  const where = await targetRef(target);
  if (!where) return null;
  const questions = await db().selectFrom("poll_questions").select(["id", "kind", "options"]).where("poll_id", "=", id).orderBy("position").execute();
  return { id: poll.id, target, ...where, questions };
}

/** Whether the viewer makes polls on this target (and so sees results without answering). */
export async function managesPolls(viewer: Viewer, target: PollTarget): Promise<boolean> {
  if (viewer.id === null) return false;
  const where = await targetRef(target);
  return where !== null && can(viewer, "manage_polls", where.ref);
}
