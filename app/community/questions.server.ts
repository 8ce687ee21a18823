import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, type Transaction } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import { db } from "~/db/db.server";
import { displayNameSql } from "~/db/display-name";
import type { Executor } from "~/db/executor";
import type { Database, OnlineCoursesTable, QuestionKind, QuestionsTable, QuestionStatus } from "~/db/schema";
import type { QuestionInboxScope } from "~/accounts/policy/permissions";
import { askAllowance, mayBePublic, nextQuestionStatus, type QuestionEvent } from "~/community/questions";
import { hasFormula, postHtml } from "~/content/markdown.server";
import { createNotification } from "~/notifications/notifications.server";

/**
 * Questions on course content and study-buddy questions over PostgreSQL: asking, the answerers'
 * inbox, answering (for the asker, or for every student under the activity), follow-ups, closing.
 * Takes plain values; who may answer which question is the policy's (`questionInboxScope`).
 */

export const INBOX_PAGE_SIZE = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The online courses a student may ask about from their dashboard: those they study now. */
export async function askableCourses(userId: number) {
  return db()
    .selectFrom("online_course_users as ocu")
    .innerJoin("online_courses as oc", "oc.id", "ocu.online_course_id")
    .where("ocu.user_id", "=", userId)
    .where("ocu.status", "in", ["active", "trialing"])
    .where("oc.status", "in", ["preparing", "published"])
    .select(["oc.id", "oc.name", "oc.course_code", "oc.slug", "oc.instructor_id"])
    .orderBy("oc.name")
    .execute();
}

export type AskableCourse = Awaited<ReturnType<typeof askableCourses>>[number];

export type AskOutcome = { ok: true; id: number } | { ok: false; status: number; message: string };

/**
 * A new question, open. The course's instructor (or, for a study-buddy question, every
 * study-buddy admin) is told, with a link to it in their inbox.
 */
export async function askQuestion(input: {
  askerId: number;
  course: { id: number; course_code: string; instructor_id: number | null } | null;
  activity: { id: number; title: string; href: string } | null;
  subject: string;
  title: string;
  body: string;
  now: Date;
}): Promise<AskOutcome> {
  const kind: QuestionKind = input.course ? "online_course" : "study_buddy";
  const recent = await db()
    .selectFrom("questions")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("asker_id", "=", input.askerId)
    .where("created_at", ">", new Date(input.now.getTime() - DAY_MS))
    .executeTakeFirstOrThrow();
  const allowed = askAllowance(recent.n);
  if (!allowed.ok) return { ok: false, status: 429, message: allowed.message };
  return db()
    .transaction()
    .execute(async (trx) => {
      const question = await trx
        .insertInto("questions")
        .values({
          asker_id: input.askerId,
          kind,
          online_course_id: input.course?.id ?? null,
          activity_id: input.activity?.id ?? null,
          activity_href: input.activity?.href ?? null,
          subject: kind === "study_buddy" ? input.subject : "",
          title: input.title,
          body: input.body,
          created_at: input.now,
          updated_at: input.now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const asker = await trx.selectFrom("users").select(displayNameSql("users").as("name")).where("id", "=", input.askerId).executeTakeFirstOrThrow();
      await tellAnswerers(trx, input.course, { id: question.id, askerId: input.askerId, askerName: asker.name, title: input.title, courseCode: input.course?.course_code ?? null });
      return { ok: true as const, id: question.id };
    });
}

/** Tells whoever answers the question (QuestionAsked) that it is new or has a follow-up, linking to it in their inbox. */
async function tellAnswerers(
  trx: Transaction<Database>,
  course: { instructor_id: number | null } | null,
  question: { id: number; askerId: number; askerName: string; title: string; courseCode: string | null }
) {
  for (const userId of (await answerersOf(trx, course)).filter((id) => id !== question.askerId)) {
    await createNotification(trx, {
      userId,
      type: "QuestionAsked",
      groupKey: `question:${question.id}`,
      notifiable: { type: "Question", id: question.id },
      data: { asker_name: question.askerName, title: question.title, course_code: question.courseCode, path: inboxPath(question.id) },
    });
  }
}

/** Who answers a question: the course's instructor, or every study-buddy admin. */
async function answerersOf(executor: Executor, course: { instructor_id: number | null } | null): Promise<number[]> {
  if (course) return course.instructor_id === null ? [] : [course.instructor_id];
  const admins = await executor
    .selectFrom("users")
    .select("id")
    .where(sql<SqlBool>`'study_buddy_admin' = any(roles)`)
    .execute();
  return admins.map((row) => row.id);
}

export function inboxPath(questionId: number) {
  return `/instructor-dashboard?page=oc_questions&status=all&ocq_id=${questionId}`;
}

/** Where the asker reads a question: under its activity, or on their dashboard. */
export function askerPath(question: { id: number; activity_href: string | null; course_slug: string | null }) {
  if (question.activity_href && question.course_slug) {
    const [path, query] = question.activity_href.split("?");
    return `/in-course-experience/${question.course_slug}/${path}${query ? `?${query}` : ""}#question-${question.id}`;
  }
  return `/dashboard?page=ask-a-question#question-${question.id}`;
}

const questionColumns = [
  "q.id",
  "q.kind",
  "q.title",
  "q.body",
  "q.subject",
  "q.status",
  "q.is_public",
  "q.activity_id",
  "q.activity_href",
  "q.asker_id",
  "q.created_at",
  "q.updated_at",
  "q.answered_at",
  "oc.course_code",
  "oc.name as course_name",
  "oc.slug as course_slug",
  "oc.instructor_id",
  "a.title as activity_title",
] as const;

function questionsQuery() {
  return db()
    .selectFrom("questions as q")
    .leftJoin("online_courses as oc", "oc.id", "q.online_course_id")
    .leftJoin("activities as a", "a.id", "q.activity_id")
    .leftJoin("users as asker", "asker.id", "q.asker_id");
}

/** The questions this scope answers, as a where clause. */
function inScope(scope: QuestionInboxScope) {
  return (eb: ExpressionBuilder<{ q: QuestionsTable; oc: OnlineCoursesTable }, "q" | "oc">) => {
    const parts: Expression<SqlBool>[] = [];
    if (scope.allCourses) parts.push(eb("q.kind", "=", "online_course"));
    else if (scope.instructorId !== null) parts.push(eb.and([eb("q.kind", "=", "online_course"), eb("oc.instructor_id", "=", scope.instructorId)]));
    if (scope.studyBuddy) parts.push(eb("q.kind", "=", "study_buddy"));
    return parts.length === 0 ? sql<SqlBool>`false` : eb.or(parts);
  };
}

/** The answerer's inbox: one page of questions with a status (or all), most recently active first, and the counts by status. */
export async function questionInbox(scope: QuestionInboxScope, options: { status: QuestionStatus | "all"; page: number }) {
  let list = questionsQuery().where(inScope(scope));
  if (options.status !== "all") list = list.where("q.status", "=", options.status);
  const [questions, counts] = await Promise.all([
    list
      .select([...questionColumns, displayNameSql("asker").as("asker_name")])
      .select((eb) =>
        eb
          .selectFrom("question_replies as r")
          .whereRef("r.question_id", "=", "q.id")
          .select(sql<number>`count(*)::int`.as("n"))
          .as("reply_count")
      )
      .orderBy("q.updated_at", "desc")
      .orderBy("q.id", "desc")
      .limit(INBOX_PAGE_SIZE + 1)
      .offset((options.page - 1) * INBOX_PAGE_SIZE)
      .execute(),
    questionCounts(scope),
  ]);
  return { questions: questions.slice(0, INBOX_PAGE_SIZE), hasMore: questions.length > INBOX_PAGE_SIZE, counts };
}

/** How many questions this scope has open, answered and closed. */
export async function questionCounts(scope: QuestionInboxScope): Promise<Record<QuestionStatus, number>> {
  const rows = await questionsQuery()
    .where(inScope(scope))
    .select(["q.status", sql<number>`count(*)::int`.as("n")])
    .groupBy("q.status")
    .execute();
  const counts: Record<QuestionStatus, number> = { open: 0, answered: 0, closed: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** Open questions per online course this scope answers (the API's instructor dashboard). */
export async function openQuestionsByCourse(scope: QuestionInboxScope) {
  const rows = await questionsQuery()
    .where(inScope(scope))
    .where("q.kind", "=", "online_course")
    .where("q.status", "=", "open")
    .select(["q.online_course_id", sql<number>`count(*)::int`.as("n")])
    .groupBy("q.online_course_id")
    .execute();
  return new Map(rows.map((row) => [row.online_course_id!, row.n]));
}

async function repliesOf(questionIds: readonly number[]) {
  if (questionIds.length === 0) return [];
  const rows = await db()
    .selectFrom("question_replies as r")
    .leftJoin("users as u", "u.id", "r.author_id")
    .where("r.question_id", "in", questionIds)
    .select(["r.id", "r.question_id", "r.body", "r.from_staff", "r.created_at", displayNameSql("u").as("author_name")])
    .orderBy("r.created_at")
    .orderBy("r.id")
    .execute();
  return rows.map(({ body, ...reply }) => ({ ...reply, html: postHtml(body) }));
}

type Reply = Awaited<ReturnType<typeof repliesOf>>[number];

function withThreads<Q extends { id: number; body: string }>(questions: readonly Q[], replies: readonly Reply[]) {
  return questions.map(({ body, ...question }) => {
    const html = postHtml(body);
    const thread = replies.filter((reply) => reply.question_id === question.id);
    return { ...question, html, replies: thread, hasFormula: hasFormula(html) || thread.some((reply) => hasFormula(reply.html)) };
  });
}

/** One question in the scope with its thread; undefined when there is none the scope answers. */
export async function questionForAnswerer(scope: QuestionInboxScope, questionId: number) {
  const question = await questionsQuery()
    .where(inScope(scope))
    .where("q.id", "=", questionId)
    .select([...questionColumns, displayNameSql("asker").as("asker_name")])
    .executeTakeFirst();
  if (!question) return undefined;
  return { ...withThreads([question], await repliesOf([question.id]))[0]!, mayBePublic: mayBePublic(question) };
}

/** A student's own questions, newest first, each with its thread. */
export async function myQuestions(userId: number, limit = 50) {
  const questions = await questionsQuery().where("q.asker_id", "=", userId).select(questionColumns).orderBy("q.created_at", "desc").orderBy("q.id", "desc").limit(limit).execute();
  return withThreads(questions, await repliesOf(questions.map((question) => question.id))).map((question) => ({ ...question, href: askerPath(question) }));
}

/**
 * Under an activity: the answered questions made public and the viewer's own (public or not),
 * latest answer first, each with its replies, as one JSON column of a select list (the in-course
 * page reads them in the statement that reads the activity's comments). activityQuestionsFrom
 * finishes the rows.
 */
export function activityQuestionsSql(activityId: number, viewerId: number | null) {
  return jsonArrayFrom(
    questionsQuery()
      .where("q.activity_id", "=", activityId)
      // A guest's null matches no asker: they see the public ones.
      .where((eb) => eb.or([eb.and([eb("q.is_public", "=", true), eb("q.status", "!=", "open")]), eb("q.asker_id", "=", viewerId)]))
      .select(questionColumns)
      .select((eb) =>
        jsonArrayFrom(
          eb
            .selectFrom("question_replies as r")
            .leftJoin("users as u", "u.id", "r.author_id")
            .whereRef("r.question_id", "=", "q.id")
            .select(["r.id", "r.question_id", "r.body", "r.from_staff", "r.created_at", displayNameSql("u").as("author_name")])
            .orderBy("r.created_at")
            .orderBy("r.id"),
        ).as("replies"),
      )
      .orderBy("q.answered_at", "desc")
      .orderBy("q.id", "desc")
      .limit(50),
  );
}

type ActivityQuestionRow = ReturnType<typeof activityQuestionsSql> extends RawBuilder<(infer Row)[]> ? Row : never;

/** The rows of activityQuestionsSql (timestamps as JSON text) as the page shows them: Markdown rendered, dates as dates, the viewer's own marked. */
export function activityQuestionsFrom(rows: readonly ActivityQuestionRow[], viewerId: number | null) {
  const questions = rows.map(({ replies, ...question }) => ({
    ...question,
    created_at: new Date(question.created_at),
    updated_at: new Date(question.updated_at),
    answered_at: question.answered_at === null ? null : new Date(question.answered_at),
  }));
  const replies = rows.flatMap((row) => row.replies.map(({ body, ...reply }) => ({ ...reply, created_at: new Date(reply.created_at), html: postHtml(body) })));
  return withThreads(questions, replies).map((question) => ({ ...question, mine: viewerId !== null && question.asker_id === viewerId }));
}

export type ThreadChange = { ok: true; message: string } | { ok: false; status: number; message: string };

/**
 * Whoever answers the question replies: it is answered, the asker is told, and with `makePublic`
 * (an activity's question only) it shows under the activity for every student.
 */
export async function answerQuestion(scope: QuestionInboxScope, input: { questionId: number; authorId: number; body: string; makePublic: boolean; now: Date }): Promise<ThreadChange> {
  return changeQuestion(scope, input.questionId, "answer", async (trx, question) => {
    if (input.makePublic && !mayBePublic(question)) return { ok: false, status: 400, message: "Only a question about an activity can be shown to every student." };
    await trx.insertInto("question_replies").values({ question_id: question.id, author_id: input.authorId, body: input.body, from_staff: true, created_at: input.now }).execute();
    await trx
      .updateTable("questions")
      .set({ status: "answered", answered_at: input.now, updated_at: input.now, ...(input.makePublic ? { is_public: true } : {}) })
      .where("id", "=", question.id)
      .execute();
    if (question.asker_id !== null && question.asker_id !== input.authorId) {
      const author = await trx.selectFrom("users").select(displayNameSql("users").as("name")).where("id", "=", input.authorId).executeTakeFirstOrThrow();
      await createNotification(trx, {
        userId: question.asker_id,
        type: "QuestionAnswered",
        groupKey: `question:${question.id}`,
        notifiable: { type: "Question", id: question.id },
        data: { author_name: author.name, title: question.title, path: askerPath(question) },
      });
    }
    return { ok: true, message: input.makePublic ? "Answered. Every student of the activity sees it." : "Answered. The student has been told." };
  });
}

/** Close, reopen, or show or stop showing an answered question to every student. */
export async function setQuestionState(scope: QuestionInboxScope, input: { questionId: number; change: "close" | "reopen" | "publish" | "unpublish"; now: Date }): Promise<ThreadChange> {
  if (input.change === "publish" || input.change === "unpublish") {
    return changeQuestion(scope, input.questionId, null, async (trx, question) => {
      if (input.change === "publish" && !mayBePublic(question)) return { ok: false, status: 400, message: "Only a question about an activity can be shown to every student." };
      if (input.change === "publish" && question.status === "open") return { ok: false, status: 409, message: "Answer the question before showing it to every student." };
      await trx
        .updateTable("questions")
        .set({ is_public: input.change === "publish", updated_at: input.now })
        .where("id", "=", question.id)
        .execute();
      return { ok: true, message: input.change === "publish" ? "Every student of the activity sees this question." : "Only the asker sees this question now." };
    });
  }
  return changeQuestion(scope, input.questionId, input.change, async (trx, question, status) => {
    await trx.updateTable("questions").set({ status: status!, updated_at: input.now }).where("id", "=", question.id).execute();
    return { ok: true, message: input.change === "close" ? "The question is closed." : "The question is open again." };
  });
}

/** The asker adds to their question: it opens again and whoever answers it is told. */
export async function followUp(input: { questionId: number; askerId: number; body: string; now: Date }): Promise<ThreadChange> {
  const question = await questionsQuery()
    .where("q.id", "=", input.questionId)
    .where("q.asker_id", "=", input.askerId)
    .select([...questionColumns, displayNameSql("asker").as("asker_name")])
    .executeTakeFirst();
  if (!question) return { ok: false, status: 404, message: "That question is not one of yours." };
  const next = nextQuestionStatus(question.status, "follow_up");
  if (!next.ok) return { ok: false, status: 409, message: next.message };
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto("question_replies").values({ question_id: question.id, author_id: input.askerId, body: input.body, from_staff: false, created_at: input.now }).execute();
      await trx.updateTable("questions").set({ status: next.status, updated_at: input.now }).where("id", "=", question.id).execute();
      const course = question.kind === "online_course" ? { instructor_id: question.instructor_id } : null;
      await tellAnswerers(trx, course, { id: question.id, askerId: input.askerId, askerName: question.asker_name, title: question.title, courseCode: question.course_code });
    });
  return { ok: true, message: "Your follow-up is sent." };
}

type Trx = Transaction<Database>;
type ScopedQuestion = NonNullable<Awaited<ReturnType<typeof lockQuestion>>>;

async function lockQuestion(trx: Trx, scope: QuestionInboxScope, questionId: number) {
  return trx
    .selectFrom("questions as q")
    .leftJoin("online_courses as oc", "oc.id", "q.online_course_id")
    .where(inScope(scope))
    .where("q.id", "=", questionId)
    .select(["q.id", "q.kind", "q.title", "q.status", "q.asker_id", "q.activity_id", "q.activity_href", "oc.slug as course_slug"])
    .forUpdate(["q"])
    .executeTakeFirst();
}

/** Runs a change on a question of the scope, locked, after checking the status rule for `event`. */
async function changeQuestion(
  scope: QuestionInboxScope,
  questionId: number,
  event: QuestionEvent | null,
  apply: (trx: Trx, question: ScopedQuestion, status: QuestionStatus | null) => Promise<ThreadChange>
): Promise<ThreadChange> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const question = await lockQuestion(trx, scope, questionId);
      if (!question) return { ok: false, status: 404, message: "That question is not one you answer." };
      let status: QuestionStatus | null = null;
      if (event) {
        const next = nextQuestionStatus(question.status, event);
        if (!next.ok) return { ok: false, status: 409, message: next.message };
        status = next.status;
      }
      return apply(trx, question, status);
    });
}

/** From the dashboard: about one of the student's online courses as a whole, or to the study buddies. */
export async function askFromDashboard(input: {
  askerId: number;
  target: { kind: "study_buddy" } | { kind: "online_course"; onlineCourseId: number };
  subject: string;
  title: string;
  body: string;
  now: Date;
}): Promise<AskOutcome> {
  let course: AskableCourse | null = null;
  if (input.target.kind === "online_course") {
    const { onlineCourseId } = input.target;
    course = (await askableCourses(input.askerId)).find((candidate) => candidate.id === onlineCourseId) ?? null;
    if (!course) return { ok: false, status: 400, message: "Choose one of the online courses you study, or a Study Buddy." };
  }
  return askQuestion({ askerId: input.askerId, course, activity: null, subject: input.subject, title: input.title, body: input.body, now: input.now });
}
