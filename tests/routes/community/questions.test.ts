import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/dashboard";
import { action as inCourseAction, loader as inCourseLoader } from "~/routes/in-course-experience+/$idOrSlug.$";
import { action as inboxAction, loader as inboxLoader } from "~/routes/instructor-dashboard";
import { loader as apiLoader } from "~/routes/api+/v1+/users+/$id.instructor_dashboard";
import { QUESTIONS_PER_DAY } from "~/community/questions";
import { activityDiscussion } from "~/community/activity-discussion.server";
import { runWithRequestContext, type RequestContext } from "~/utils/request-context.server";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor, type RouteVisitor } from "../../support/route-visitor";
import { toastOf } from "../../support/toast";

/**
 * Questions on course content as a browser without JavaScript uses them: a student asks from an
 * activity or the dashboard, the instructor (or a study-buddy admin) finds it in their inbox by
 * status, answers it (for every student of the activity when they choose), and the asker is told.
 */
const database = useTestDatabase();
const db = () => database().db;
const COURSE = "waterloo-math-137-exam-prep";
const INBOX = "/instructor-dashboard?page=oc_questions";

async function person(options: { roles?: string[]; enrol?: boolean } = {}) {
  const user = await db()
    .insertInto("users")
    .values({
      email: `questions-${randomBytes(5).toString("hex")}@example.test`,
      first_name: "Quinn",
      last_name: `Asker${randomBytes(2).toString("hex")}`,
      ...(options.roles ? { roles: options.roles as never } : {}),
    })
    .returning(["id", "first_name", "last_name"])
    .executeTakeFirstOrThrow();
  if (options.enrol) {
    const course = await db().selectFrom("online_courses").select("id").where("slug", "=", COURSE).executeTakeFirstOrThrow();
    await db().insertInto("online_course_users").values({ user_id: user.id, online_course_id: course.id, status: "active", package_type: "learn" }).execute();
  }
  return Object.assign(routeVisitor({ session: await sessionCookieFor(user.id) }), { userId: user.id, name: `${user.first_name} ${user.last_name}` });
}

async function demo(role: string) {
  const user = await db().selectFrom("users").select("id").where("email", "=", `${role}@demo.test`).executeTakeFirstOrThrow();
  return Object.assign(routeVisitor({ session: await sessionCookieFor(user.id) }), { userId: user.id });
}

/** The activity's in-course address (its chapter with ?activity=), and its id. */
async function activity(title: string) {
  const row = await db()
    .selectFrom("activities")
    .innerJoin("sections", "sections.id", "activities.section_id")
    .innerJoin("chapters", "chapters.id", "sections.chapter_id")
    .innerJoin("online_courses", "online_courses.id", "chapters.online_course_id")
    .where("online_courses.slug", "=", COURSE)
    .where("activities.title", "=", title)
    .select(["activities.id", "chapters.position", "chapters.online_course_id"])
    .executeTakeFirstOrThrow();
  // Chapters count from 1, the introduction apart.
  const before = await db()
    .selectFrom("chapters")
    .where("online_course_id", "=", row.online_course_id)
    .where("kind", "=", "chapter")
    .where("position", "<=", row.position)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  const chapter = Number(before.n);
  return { id: row.id, path: `chapter/${chapter}`, url: `/in-course-experience/${COURSE}/chapter/${chapter}?activity=${row.id}` };
}

const activityPage = (visitor: RouteVisitor, place: { path: string; url: string }) => visitor.get(inCourseLoader, place.url, { params: { idOrSlug: COURSE, "*": place.path } });
const askOn = (visitor: RouteVisitor, place: { id: number; path: string; url: string }, fields: Record<string, string>) =>
  visitor.form(inCourseAction, place.url, { intent: "ask-question", activity_id: String(place.id), ...fields }, { params: { idOrSlug: COURSE, "*": place.path } });
const inbox = (visitor: RouteVisitor, query = "") => visitor.get(inboxLoader, `${INBOX}${query}`);
const onInbox = (visitor: RouteVisitor, fields: Record<string, string>) => visitor.form(inboxAction, INBOX, fields);
const askedQuestions = (page: { data?: { detail: { selected: { askedQuestions: { list: { title: string; status: string }[]; mayAsk: boolean } } } } }) => page.data!.detail.selected.askedQuestions;

describe("questions on course content", () => {
  it("shows the answered questions the instructor made public under the activity, to whoever may open it", async () => {
    const squeeze = await activity("The Squeeze Theorem");
    const enrolled = await person({ enrol: true });
    const page = await activityPage(enrolled, squeeze);
    expect(page.status).toBe(200);
    expect(askedQuestions(page)).toMatchObject({ mayAsk: true, list: [{ title: "Why do both bounds need the same limit?", status: "answered", is_public: true, replies: [{ from_staff: true }] }] });
    // Someone without the course sees the activity locked, and no answers about its content.
    const outsider = await person();
    const locked = await activityPage(outsider, squeeze);
    expect(askedQuestions(locked)).toEqual({ mayAsk: false, list: [] });
  });

  it("reads an activity's questions, each with its replies, and its comments in one query", async () => {
    const squeeze = await activity("The Squeeze Theorem");
    const enrolled = await person({ enrol: true });
    const context: RequestContext = { requestId: "test", queryCount: 0, databaseUnavailable: false };
    const viewer = { id: enrolled.userId, roles: ["student" as const], userType: "student" as const };
    const said = await runWithRequestContext(context, () => activityDiscussion(squeeze.id, viewer, { moderator: false }));
    expect(context.queryCount).toBe(1);
    const [answered] = said.questions;
    expect(answered).toMatchObject({ title: "Why do both bounds need the same limit?", mine: false, html: expect.stringContaining("<p>") });
    expect(answered!.answered_at).toBeInstanceOf(Date);
    expect(answered!.replies[0]).toMatchObject({ from_staff: true, html: expect.stringContaining("<p>") });
    expect(answered!.replies[0]!.created_at).toBeInstanceOf(Date);
    expect(said.community).toMatchObject({ target: { type: "activity", id: squeeze.id }, viewer: { id: enrolled.userId, signedIn: true } });
  });

  it("takes a question from an activity to the course's instructor, who answers it for every student", async () => {
    const place = await activity("Continuity and the Intermediate Value Theorem");
    const asker = await person({ enrol: true });
    const classmate = await person({ enrol: true });

    const bad = await askOn(asker, place, { title: "?", body: "" });
    expect(bad.status).toBe(400);
    expect(bad.data.askResult.error).toMatchObject({ title: ["Sum up your question in at least 3 characters"], body: ["Write your question"] });
    expect(await db().selectFrom("questions").select("id").where("asker_id", "=", asker.userId).execute()).toEqual([]);

    const asked = await askOn(asker, place, { title: "Does the IVT need a closed interval?", body: "What if $f$ is continuous only on $(a, b)$?" });
    expect(asked.status).toBe(303);
    const location = asked.headers.get("Location")!;
    const questionId = Number(/#question-(\d+)$/.exec(location)![1]);
    expect(location).toBe(`${place.url}#question-${questionId}`);
    expect(await toastOf(asked)).toMatchObject({ type: "success", message: "Your question is with the instructor. You'll be notified of the answer." });
    // The asker sees it (only they do, while it is open); the classmate does not.
    expect(askedQuestions(await activityPage(asker, place)).list).toMatchObject([{ id: questionId, status: "open", mine: true, is_public: false }]);
    expect(askedQuestions(await activityPage(classmate, place)).list).toEqual([]);

    const instructor = await demo("instructor");
    const told = await db().selectFrom("notifications").select(["type", "data"]).where("user_id", "=", instructor.userId).where("type", "=", "QuestionAsked").execute();
    expect(told).toContainEqual({
      type: "QuestionAsked",
      data: expect.objectContaining({ title: "Does the IVT need a closed interval?", asker_name: asker.name, path: `${INBOX}&status=all&ocq_id=${questionId}` }),
    });

    const open = await inbox(instructor, "&status=open");
    expect(open.data).toMatchObject({ view: "oc_questions", status: "open" });
    expect(open.data.questions.map((question: { id: number }) => question.id)).toContain(questionId);
    expect(open.data.counts.open).toBeGreaterThanOrEqual(2);
    const opened = await inbox(instructor, `&status=open&ocq_id=${questionId}`);
    expect(opened.data.selected).toMatchObject({ id: questionId, title: "Does the IVT need a closed interval?", mayBePublic: true, asker_name: asker.name });

    // Another instructor answers none of this course's questions.
    const otherInstructor = await person({ roles: ["instructor"] });
    expect((await inbox(otherInstructor, `&ocq_id=${questionId}`)).data).toMatchObject({ selected: null, missing: true });
    expect((await onInbox(otherInstructor, { intent: "answer", question_id: String(questionId), body: "Mine now" })).status).toBe(404);
    // A student cannot reach the inbox at all.
    expect((await inbox(classmate)).status).toBe(403);

    const empty = await onInbox(instructor, { intent: "answer", question_id: String(questionId), body: " " });
    expect(empty.status).toBe(400);
    expect(empty.data.result.error).toMatchObject({ body: ["Write your reply"] });
    const answered = await onInbox(instructor, { intent: "answer", question_id: String(questionId), body: "Yes: on $(a, b)$ alone the values at the ends are not pinned down.", public: "on" });
    expect(answered.status).toBe(303);
    expect(answered.headers.get("Location")).toBe(`${INBOX}&status=all&ocq_id=${questionId}`);
    expect(await toastOf(answered)).toMatchObject({ message: "Answered. Every student of the activity sees it." });

    const note = await db().selectFrom("notifications").select(["type", "data"]).where("user_id", "=", asker.userId).execute();
    expect(note).toEqual([
      {
        type: "QuestionAnswered",
        data: expect.objectContaining({ title: "Does the IVT need a closed interval?", path: `/in-course-experience/${COURSE}/${place.path}?activity=${place.id}#question-${questionId}` }),
      },
    ]);
    const seen = askedQuestions(await activityPage(classmate, place)).list;
    expect(seen).toMatchObject([{ id: questionId, status: "answered", is_public: true, mine: false, replies: [{ from_staff: true, html: expect.stringContaining("the values at the ends") }] }]);
    expect((await inbox(instructor, "&status=answered")).data.questions.map((question: { id: number }) => question.id)).toContain(questionId);
  });

  it("renders questions inert: no scripts, handlers or javascript: links", async () => {
    const place = await activity("Evaluating limits algebraically");
    const asker = await person({ enrol: true });
    const asked = await askOn(asker, place, {
      title: "<script>alert(1)</script> limits",
      body: '<script>alert(1)</script><img src=x onerror="alert(2)"> [click](javascript:alert(3)) <a href="javascript:alert(4)" onclick="alert(5)">me</a>',
    });
    expect(asked.status).toBe(303);
    const [mine] = askedQuestions(await activityPage(asker, place)).list as unknown as { title: string; html: string }[];
    expect(mine!.title).toBe("<script>alert(1)</script> limits");
    // Raw HTML shows as text; no element carries a handler or a javascript: link.
    expect(mine!.html).toContain("&lt;script&gt;");
    expect(mine!.html).not.toMatch(/<script|<img|<a [^>]*(onclick|href="javascript:)/i);
  });

  it("asks from the dashboard about a course the student studies or a Study Buddy, and follows up", async () => {
    const student = await person({ enrol: true });
    const page = await student.get(dashboardLoader, "/dashboard?page=ask-a-question");
    expect(page.data).toMatchObject({ view: "ask-a-question", courses: [{ course_code: "MATH 137" }], questions: [] });

    const notMine = await person();
    const refused = await notMine.form(dashboardAction, "/dashboard?page=ask-a-question", { intent: "ask", about: `course:${page.data.courses[0].id}`, title: "Can I ask?", body: "Not enrolled." });
    expect(refused.status).toBe(400);
    expect(refused.data.ask.error[""]).toEqual(["Choose one of the online courses you study, or a Study Buddy."]);

    const buddy = await student.form(dashboardAction, "/dashboard?page=ask-a-question", {
      intent: "ask",
      about: "study_buddy",
      subject: "Essays",
      title: "How long should an intro be?",
      body: "For a 1,500-word essay.",
    });
    expect(buddy.status).toBe(303);
    const buddyId = Number(/#question-(\d+)$/.exec(buddy.headers.get("Location")!)![1]);
    const course = await student.form(dashboardAction, "/dashboard?page=ask-a-question", {
      intent: "ask",
      about: `course:${page.data.courses[0].id}`,
      title: "Is the final cumulative?",
      body: "Asking for planning.",
    });
    expect(course.status).toBe(303);
    const courseId = Number(/#question-(\d+)$/.exec(course.headers.get("Location")!)![1]);

    // The study-buddy question reaches study-buddy admins, not the course's instructor; the course question the reverse.
    const studyBuddyAdmin = await demo("study_buddy_admin");
    const instructor = await demo("instructor");
    const buddyInbox = (await inbox(studyBuddyAdmin, "&status=all")).data.questions.map((question: { id: number }) => question.id);
    expect(buddyInbox).toContain(buddyId);
    expect(buddyInbox).not.toContain(courseId);
    const courseInbox = (await inbox(instructor, "&status=all")).data.questions.map((question: { id: number }) => question.id);
    expect(courseInbox).toContain(courseId);
    expect(courseInbox).not.toContain(buddyId);
    expect(await db().selectFrom("notifications").select("type").where("user_id", "=", studyBuddyAdmin.userId).where("type", "=", "QuestionAsked").execute()).not.toEqual([]);

    // A course question without an activity cannot be shown to every student.
    const publicRefused = await onInbox(instructor, { intent: "answer", question_id: String(courseId), body: "Yes.", public: "on" });
    expect(publicRefused.status).toBe(400);
    expect((await onInbox(studyBuddyAdmin, { intent: "answer", question_id: String(buddyId), body: "About a tenth of it." })).status).toBe(303);

    // The asker follows up: open again; once closed, no more follow-ups.
    const follow = await student.form(dashboardAction, "/dashboard?page=ask-a-question", { intent: "follow-up", question_id: String(buddyId), body: "Does that include the thesis?" });
    expect(follow.status).toBe(303);
    const mine = (await student.get(dashboardLoader, "/dashboard?page=ask-a-question")).data.questions;
    expect(mine.find((question: { id: number }) => question.id === buddyId)).toMatchObject({ status: "open", replies: [{ from_staff: true }, { from_staff: false }] });
    expect((await onInbox(studyBuddyAdmin, { intent: "close", question_id: String(buddyId) })).status).toBe(303);
    const late = await student.form(dashboardAction, "/dashboard?page=ask-a-question", { intent: "follow-up", question_id: String(buddyId), body: "One more thing" });
    expect(late.status).toBe(409);
    expect(late.data.followUp).toMatchObject({ questionId: buddyId, result: { error: { "": ["This question is closed."] } } });
    // Someone else's question is not theirs to follow up.
    expect((await notMine.form(dashboardAction, "/dashboard?page=ask-a-question", { intent: "follow-up", question_id: String(courseId), body: "Me too" })).status).toBe(404);
    expect((await onInbox(studyBuddyAdmin, { intent: "reopen", question_id: String(buddyId) })).status).toBe(303);
  });

  it(`lets a student ask ${QUESTIONS_PER_DAY} questions a day`, async () => {
    const student = await person();
    const ask = () => student.form(dashboardAction, "/dashboard?page=ask-a-question", { intent: "ask", about: "study_buddy", subject: "", title: "A question", body: "Details" });
    for (let n = 0; n < QUESTIONS_PER_DAY; n += 1) expect((await ask()).status).toBe(303);
    const over = await ask();
    expect(over.status).toBe(429);
    expect(await db().selectFrom("questions").select("id").where("asker_id", "=", student.userId).execute()).toHaveLength(QUESTIONS_PER_DAY);
  });

  it("answers GET /api/v1/users/{id}/instructor_dashboard with the open question counts, to the educator and admins only", async () => {
    const instructor = await demo("instructor");
    const own = await instructor.get(apiLoader, `/api/v1/users/${instructor.userId}/instructor_dashboard`, { params: { id: String(instructor.userId) } });
    expect(own.status).toBe(200);
    const attributes = own.data.data.attributes;
    expect(attributes.answers_questions).toBe(true);
    expect(attributes.open_question_count).toBeGreaterThanOrEqual(1);
    const math = attributes.online_courses.find((course: { name: string }) => /MATH 137/.test(course.name));
    expect(math.open_question_count).toBe(attributes.question_counts.open);
    const admin = await demo("admin");
    expect((await admin.get(apiLoader, `/api/v1/users/${instructor.userId}/instructor_dashboard`, { params: { id: String(instructor.userId) } })).status).toBe(200);
    const student = await person();
    expect((await student.get(apiLoader, `/api/v1/users/${instructor.userId}/instructor_dashboard`, { params: { id: String(instructor.userId) } })).status).toBe(404);
  });
});
