import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loader as courseLoader } from "~/routes/courses+/$idOrSlug";
import { loader as postLoader } from "~/routes/blog+/$slug";
import { action as pollAction, loader as pollLoader } from "~/routes/polls.$id";
import { action as newPollAction, loader as newPollLoader } from "~/routes/polls.new";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor, type RouteVisitor } from "../../support/route-visitor";

/**
 * Polls and surveys on blog posts and course pages (Community item 7): one answer per person even
 * when sent twice at once, results only after answering (and to staff), bad input refused with 400.
 */
const database = useTestDatabase();
const db = () => database().db;
const COURSE = "waterloo-math-137";
const DEMO_POST = "active-recall-and-spaced-repetition";

async function person(roles: string[] = []) {
  const user = await db()
    .insertInto("users")
    .values({ email: `poll-${randomBytes(5).toString("hex")}@example.test`, first_name: "Pat", last_name: "Poller", roles: roles as never })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Object.assign(routeVisitor({ session: await sessionCookieFor(user.id) }), { userId: user.id });
}

const coursePage = (visitor: RouteVisitor) => visitor.get(courseLoader, `/courses/${COURSE}`, { params: { idOrSlug: COURSE } });
const answer = (visitor: RouteVisitor, pollId: number, form: Record<string, string>) => visitor.form(pollAction, `/polls/${pollId}`, form, { params: { id: String(pollId) } });
const makePoll = (visitor: RouteVisitor, query: string, form: Record<string, string>) => visitor.form(newPollAction, `/polls/new?${query}`, form);

describe("polls and surveys", () => {
  it("show the demo polls' questions to anyone, and their results only after answering", async () => {
    const guest = await coursePage(routeVisitor({}));
    const polls = guest.data.polls.polls as { id: number; kind: string; title: string; results: unknown; questions: { id: number; options: string[] }[] }[];
    expect(polls.map((poll) => [poll.kind, poll.title])).toEqual([
      ["poll", "Midterm prep"],
      ["survey", "How is MATH 137 going?"],
    ]);
    expect(polls.every((poll) => poll.results === null)).toBe(true);
    const blogPolls = (await routeVisitor({}).get(postLoader, `/blog/${DEMO_POST}`, { params: { slug: DEMO_POST } })).data.polls.polls;
    expect(blogPolls).toEqual([expect.objectContaining({ kind: "poll", title: "How do you review?", results: null })]);

    const student = await person();
    const before = (await coursePage(student)).data.polls.polls[0];
    expect(before).toMatchObject({ answered: false, results: null, responses: 0 });
    const [poll] = polls;
    const question = poll!.questions[0]!;
    const answered = await answer(student, poll!.id, { [`answer_${question.id}`]: "2", return_to: "/x" });
    expect(answered.status).toBe(303);
    expect(answered.headers.get("Location")).toBe(`/courses/${COURSE}#poll-${poll!.id}`);
    const after = (await coursePage(student)).data.polls.polls[0];
    expect(after).toMatchObject({ answered: true, responses: 3 });
    expect(after.results[0].options).toEqual([
      { label: "Limits", count: 1, percent: 33 },
      { label: "Derivatives", count: 0, percent: 0 },
      { label: "Related rates", count: 2, percent: 67 },
      { label: "Curve sketching", count: 0, percent: 0 },
    ]);
    // Staff see results without answering; the survey's written answers too.
    const admin = await person(["admin"]);
    const staffView = (await coursePage(admin)).data.polls;
    expect(staffView.newPollPath).toBe(`/polls/new?course=${COURSE}`);
    expect(staffView.polls[1]).toMatchObject({ answered: false, results: [expect.anything(), expect.objectContaining({ answers: 1, texts: ["More worked examples of related rates."] })] });
  });

  it("keeps one answer per person, even when sent several times at once", async () => {
    const [poll] = (await coursePage(routeVisitor({}))).data.polls.polls;
    const question = poll.questions[0];
    const student = await person();
    const answers = await Promise.all(Array.from({ length: 5 }, (_, index) => answer(student, poll.id, { [`answer_${question.id}`]: String(index % 4) })));
    expect(answers.every((sent) => sent.status === 303)).toBe(true);
    const rows = await db().selectFrom("poll_responses").select("id").where("poll_id", "=", poll.id).where("user_id", "=", student.userId).execute();
    expect(rows).toHaveLength(1);
    const again = await answer(student, poll.id, { [`answer_${question.id}`]: "1" });
    expect(again.status).toBe(303);
    expect((await db().selectFrom("poll_answers").select("response_id").where("response_id", "=", rows[0]!.id).execute()).length).toBe(1);
  });

  it("refuses bad answers with 400 and records nothing; guests are sent to sign in", async () => {
    const [, survey] = (await coursePage(routeVisitor({}))).data.polls.polls;
    const [choice, text] = survey.questions;
    const student = await person();
    for (const [form, errors] of [
      [{}, { [`answer_${choice.id}`]: ["Choose one of the options"], [`answer_${text.id}`]: ["Write an answer"] }],
      [{ [`answer_${choice.id}`]: "7", [`answer_${text.id}`]: "ok" }, { [`answer_${choice.id}`]: ["Choose one of the options"] }],
      [{ [`answer_${choice.id}`]: "-1", [`answer_${text.id}`]: "ok" }, { [`answer_${choice.id}`]: ["Choose one of the options"] }],
      [{ [`answer_${choice.id}`]: "0", [`answer_${text.id}`]: "x".repeat(501) }, { [`answer_${text.id}`]: ["Keep it to 500 characters"] }],
    ] as const) {
      const refused = await answer(student, survey.id, form as Record<string, string>);
      expect(refused.status).toBe(400);
      expect(refused.data.errors).toEqual(errors);
    }
    expect(await db().selectFrom("poll_responses").select("id").where("user_id", "=", student.userId).execute()).toEqual([]);
    expect((await answer(routeVisitor({}), survey.id, { [`answer_${choice.id}`]: "0", [`answer_${text.id}`]: "ok" })).status).toBe(302);
    expect((await student.get(pollLoader, "/polls/999999999", { params: { id: "999999999" } })).status).toBe(404);
  });

  it("are made by the post's editors and the course's staff only, with bad input refused", async () => {
    const postId = (await db().selectFrom("blog_posts").select("id").where("slug", "=", DEMO_POST).executeTakeFirstOrThrow()).id;
    const poll = { kind: "poll", title: "Best study hour?", question_1: "When do you study best?", kind_1: "choice", options_1: "Morning\nEvening" };
    const student = await person();
    expect((await student.get(newPollLoader, `/polls/new?blog_post_id=${postId}`)).status).toBe(403);
    expect((await makePoll(student, `course=${COURSE}`, { ...poll, course: COURSE })).status).toBe(403);
    // A content creator who did not write the post cannot add one to it.
    expect((await makePoll(await person(["content_creator"]), `blog_post_id=${postId}`, { ...poll, blog_post_id: String(postId) })).status).toBe(403);

    const manager = await person(["blog_manager"]);
    const bad = await makePoll(manager, `blog_post_id=${postId}`, { ...poll, blog_post_id: String(postId), options_1: "Only one" });
    expect(bad.status).toBe(400);
    expect(bad.data.result.error).toMatchObject({ options_1: ["Give at least 2 options, one a line"] });
    const tooMany = await makePoll(manager, `blog_post_id=${postId}`, { ...poll, blog_post_id: String(postId), question_2: "And?", kind_2: "text" });
    expect(tooMany.status).toBe(400);
    expect(tooMany.data.result.error).toMatchObject({ question_1: ["A poll is one question with options; make a survey for more"] });
    const made = await makePoll(manager, `blog_post_id=${postId}`, { ...poll, blog_post_id: String(postId) });
    expect(made.status).toBe(303);
    expect(made.headers.get("Location")).toMatch(new RegExp(`^/blog/${DEMO_POST}#poll-\\d+$`));

    // The course's staff: admins and managers (and its instructors).
    const survey = { kind: "survey", title: "Tutorial feedback", question_1: "Useful?", kind_1: "choice", options_1: "Yes\nNo", question_2: "What to change?", kind_2: "text", course: COURSE };
    expect((await makePoll(await person(["instructor"]), `course=${COURSE}`, survey)).status).toBe(403);
    expect((await makePoll(await person(["manager"]), `course=${COURSE}`, survey)).status).toBe(303);
  });
});
