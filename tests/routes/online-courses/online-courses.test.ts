import { describe, expect, it } from "vitest";
import { readOutline } from "~/online-courses/outline-html";
import { loader as dashboardLoader } from "~/routes/dashboard";
import { listUpcomingStudySessions } from "~/study-sessions/upcoming.server";
import { action as inCourseAction, loader as inCourseLoader } from "~/routes/in-course-experience+/$idOrSlug.$";
import { loader as overviewLoader } from "~/routes/online-courses+/$id._index";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor, type RouteVisitor } from "../../support/route-visitor";
import { apiClient } from "./api-client";

/** The in-course experience, the course overview and the dashboard as a browser without JavaScript uses them, and the online courses API. */
const database = useTestDatabase();
const COURSE = "waterloo-math-137-exam-prep";
const BASE = `/in-course-experience/${COURSE}`;

async function studentId() {
  return (await database().db.selectFrom("users").select("id").where("email", "=", "student@demo.test").executeTakeFirstOrThrow()).id;
}

async function signedInStudent() {
  return routeVisitor({ session: await sessionCookieFor(await studentId()) });
}

async function checkpointQuiz() {
  const { db } = database();
  return db
    .selectFrom("activities")
    .innerJoin("sections", "sections.id", "activities.section_id")
    .innerJoin("chapters", "chapters.id", "sections.chapter_id")
    .innerJoin("online_courses", "online_courses.id", "chapters.online_course_id")
    .where("online_courses.slug", "=", COURSE)
    .where("activities.activity_type", "=", "checkpoint_quiz")
    .orderBy("chapters.position")
    .select(["activities.id"])
    .executeTakeFirstOrThrow();
}

/** The route params of an in-course address, as the router splits /in-course-experience/{idOrSlug}/{*}. */
function inCourseParams(path: string) {
  const [, idOrSlug, rest] = /^\/in-course-experience\/([^/?]+)\/?([^?]*)/.exec(path)!;
  return { idOrSlug: idOrSlug!, "*": rest! };
}

const openPage = (browser: RouteVisitor, path: string) => browser.get(inCourseLoader, path, { params: inCourseParams(path) });
const post = (browser: RouteVisitor, path: string, fields: Record<string, string>) => browser.form(inCourseAction, path, fields, { params: inCourseParams(path) });

describe("the in-course experience", () => {
  it("never sends a quiz's answers or explanations before submission", async () => {
    const quiz = await checkpointQuiz();
    const questions = await database().db.selectFrom("quiz_questions").selectAll().where("activity_id", "=", quiz.id).execute();
    const page = await openPage(await signedInStudent(), `${BASE}/assessments/${quiz.id}`);
    expect(page.status).toBe(200);
    expect(page.data.detail.selected.questions.map((question: { prompt: string }) => question.prompt).sort()).toEqual(questions.map((question) => question.prompt).sort());
    // Keys of the stored answers anywhere in what the page is sent.
    expect(JSON.stringify(page.data)).not.toMatch(/answer_?index|"explanation"|"correct"/i);
  });

  it("scores a submitted quiz, then shows the answers; a made-up choice is refused with 400", async () => {
    const browser = await signedInStudent();
    const quiz = await checkpointQuiz();
    const path = `${BASE}/assessments/${quiz.id}`;
    const questions = await database().db.selectFrom("quiz_questions").selectAll().where("activity_id", "=", quiz.id).orderBy("position").execute();
    const bad = await post(browser, path, { intent: "submit-quiz", activity_id: String(quiz.id), [`question_${questions[0]!.id}`]: "42" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain("does not match any of the question");
    const before = await database().db.selectFrom("quiz_attempts").select("id").where("activity_id", "=", quiz.id).execute();

    const answers = Object.fromEntries(questions.map((question) => [`question_${question.id}`, String(question.answer_index)]));
    const good = await post(browser, path, { intent: "submit-quiz", activity_id: String(quiz.id), ...answers });
    expect(good.status).toBe(200);
    expect(good.data.quizResult.score).toMatchObject({ correctCount: questions.length, questionCount: questions.length });
    const after = await database().db.selectFrom("quiz_attempts").select("id").where("activity_id", "=", quiz.id).execute();
    expect(after.length).toBe(before.length + 1);
  });

  it("shows a guest the preview and, on a locked lesson, why and how to get access", async () => {
    const guest = routeVisitor();
    const intro = await openPage(guest, `${BASE}/intro`);
    expect(intro.status).toBe(200);
    expect(intro.data.detail.activities.some((activity: { access: { allowed: boolean; via?: string } }) => activity.access.allowed && activity.access.via === "preview")).toBe(true);
    const quiz = await checkpointQuiz();
    const locked = await openPage(guest, `${BASE}/assessments/${quiz.id}`);
    expect(locked.status).toBe(200);
    expect(locked.data.detail.selected.lock).toMatchObject({ message: "Sign in to open this lesson.", action: { label: "Sign in" } });
    expect(locked.data.detail.selected.questions).toEqual([]);
  });

  it("refuses a guest's completion and completes a lesson for the enrolled student, going on to the next", async () => {
    const refused = await post(routeVisitor(), `${BASE}/intro`, { intent: "complete", activity_id: "1" });
    expect([302, 303]).toContain(refused.status);
    expect(refused.headers.get("Location")).toMatch(/^\/users\/sign_in/);

    const browser = await signedInStudent();
    const resume = await openPage(browser, `${BASE}?resume=true`);
    expect([302, 303]).toContain(resume.status);
    const current = resume.headers.get("Location")!;
    expect(current.startsWith(BASE)).toBe(true);
    const page = await openPage(browser, current);
    const activityId = String(page.data.detail.selected.activity.id);
    const done = await post(browser, current, { intent: "complete", activity_id: activityId, duration_seconds: "90" });
    expect([302, 303]).toContain(done.status);
    expect(done.headers.get("Location")).not.toBe(current);

    for (const [fields, status] of [
      [{ intent: "complete", activity_id: "abc" }, 400],
      [{ intent: "complete", activity_id: activityId, duration_seconds: "-3" }, 400],
      [{ intent: "nonsense", activity_id: activityId }, 400],
      [{ intent: "complete", activity_id: "999999999" }, 404],
    ] as const) {
      expect((await post(browser, current, fields)).status, JSON.stringify(fields)).toBe(status);
    }
  });

  it("answers 404 for unknown courses and paths", async () => {
    const guest = routeVisitor();
    for (const path of ["/in-course-experience/no-such-course", `${BASE}/chapter/99`, `${BASE}/mocks/abc`]) {
      expect((await openPage(guest, path)).status, path).toBe(404);
    }
    expect((await guest.get(overviewLoader, "/online-courses/no-such-course", { params: { id: "no-such-course" } })).status).toBe(404);
  });

  it("sends the curriculum outline as compact data, never as markup, with the activity to mark", async () => {
    const page = await openPage(await signedInStudent(), `${BASE}/chapter/1`);
    const outline = readOutline(page.data.tree.outline);
    expect(outline).toHaveLength(page.data.tree.chapterCount);
    expect(outline.flatMap((chapter) => chapter.parts.flatMap((part) => part.activities))).toHaveLength(page.data.tree.activityCount);
    expect(JSON.stringify(page.data.tree)).not.toMatch(/<li|class=/);
    expect(page.data.tree.currentId).toBe(page.data.detail.selected.activity.id);
  });

  it("finds lessons by title, case-insensitively, with a plain GET form", async () => {
    const page = await openPage(routeVisitor(), `${BASE}?q=squeeze`);
    expect(page.data.search.results.map((activity: { title: string }) => activity.title)).toEqual(["The Squeeze Theorem"]);
  });
});

describe("the overview and the dashboard", () => {
  it("shows the packages with prices, the struck regular price and checkout links", async () => {
    const course = await database().db.selectFrom("online_courses").select("id").where("slug", "=", COURSE).executeTakeFirstOrThrow();
    const page = await routeVisitor().get(overviewLoader, `/online-courses/${course.id}`, { params: { id: String(course.id) } });
    expect(page.data.course.currency).toBe("CAD");
    const offers = page.data.offers as { key: string; name: string; priceCents: number; regularPriceCents: number | null; checkoutHref: string }[];
    expect(offers.map((offer) => offer.name)).toContain("Learn-Practice Bundle");
    expect(offers.some((offer) => offer.regularPriceCents === 6900 && offer.regularPriceCents > offer.priceCents)).toBe(true);
    expect(offers.find((offer) => offer.key === "practice")?.checkoutHref).toBe(`/checkout?online_course_id=${course.id}&package=practice`);
  });

  it("lists the student's online course with its progress and a resume link", async () => {
    const browser = await signedInStudent();
    const current = await browser.get(dashboardLoader, "/dashboard?tab=current");
    expect(current.data.onlineCourses).toContainEqual(expect.objectContaining({ slug: COURSE, percent: expect.any(Number) }));
    // The session, then the whole page in one statement.
    expect(current.queries).toBe(2);
    const course = current.data.onlineCourses.find((row: { slug: string }) => row.slug === COURSE);
    expect(course.updated_at).toBeInstanceOf(Date);
    const upcoming = await listUpcomingStudySessions({ now: new Date(), limit: 6, courseIds: current.data.courses.map((row: { id: number }) => row.id) });
    expect(upcoming.length).toBeGreaterThan(0);
    expect(current.data.sessions).toEqual(upcoming);
    const mcat = await browser.get(dashboardLoader, "/dashboard?tab=mcat");
    expect(mcat.data.tab).toBe("mcat");
    expect(mcat.data.onlineCourses).toEqual([]);
    expect(current.data.unavailableView).toBeNull();
  });

  it("says so when the address asks for a dashboard view that is not built, and still shows the dashboard", async () => {
    const browser = await signedInStudent();
    const asked = await browser.get(dashboardLoader, "/dashboard?page=nothing-here");
    expect(asked.status).toBe(200);
    expect(asked.data.unavailableView).toBe("This dashboard has no such page.");
    expect(asked.data.onlineCourses.length).toBeGreaterThan(0);
  });
});

describe("the online courses API", () => {
  it("lists the courses a guest may see, paged, with the guest's access level", async () => {
    const guest = await apiClient();
    const answer = await guest.get("/api/v1/online_courses?per_page=2&page=1");
    expect(answer.status).toBe(200);
    expect(answer.data.data).toHaveLength(2);
    expect(answer.data.meta).toMatchObject({ page: 1, per_page: 2 });
    expect(answer.data.data[0]).toMatchObject({ type: "onlineCourse", attributes: { user_access_level: 20 } });
    expect((await guest.get("/api/v1/online_courses?per_page=0")).status).toBe(400);
  });

  it("includes the curriculum with each activity's lock and reason, and never quiz answers", async () => {
    const guest = await apiClient();
    const answer = await guest.get(`/api/v1/online_courses/${COURSE}?include=chapters,sections,activities`);
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.data)).not.toMatch(/answer_index|"explanation"/);
    const document = answer.data;
    const types = new Set(document.included.map((resource: { type: string }) => resource.type));
    expect([...types].sort()).toEqual(["chapter", "onlineCourseActivity", "section"]);
    const activities = document.included.filter((resource: { type: string }) => resource.type === "onlineCourseActivity");
    expect(activities.some((activity: { attributes: { locked: boolean } }) => !activity.attributes.locked)).toBe(true);
    expect(activities.find((activity: { attributes: { locked: boolean } }) => activity.attributes.locked).attributes.lock_reason).toBe("sign-in");
    expect((await guest.get(`/api/v1/online_courses/${COURSE}?include=answers`)).status).toBe(400);
    expect((await guest.get("/api/v1/online_courses/no-such-course")).status).toBe(404);
  });

  it("gives an open activity's content and refuses a locked one with the reason", async () => {
    const guest = await apiClient();
    const document = (await guest.get(`/api/v1/online_courses/${COURSE}?include=activities`)).data;
    const activities = document.included as { id: string; attributes: { locked: boolean } }[];
    const open = activities.find((activity) => !activity.attributes.locked)!;
    const locked = activities.find((activity) => activity.attributes.locked)!;
    const opened = await guest.get(`/api/v1/activities/${open.id}`);
    expect(opened.status).toBe(200);
    expect(opened.data.data.attributes.content).toBeDefined();
    const refused = await guest.get(`/api/v1/activities/${locked.id}`);
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ errors: [{ code: "locked", detail: "Sign in to open this lesson." }], meta: { reason: "sign-in" } });
  });

  it("shows the student their enrolments and progress, and records a completion sent as JSON", async () => {
    const student = await apiClient(await studentId());
    const course = await database().db.selectFrom("online_courses").select("id").where("slug", "=", COURSE).executeTakeFirstOrThrow();
    const enrolments = (await student.get("/api/v1/online_course_users?include=online_course")).data;
    expect(enrolments.data.some((row: { relationships: { online_course: { data: { id: string } } } }) => row.relationships.online_course.data.id === String(course.id))).toBe(true);
    expect(enrolments.included.some((row: { type: string }) => row.type === "onlineCourse")).toBe(true);

    const progress = (await student.get(`/api/v1/progress?online_course_id=${course.id}`)).data;
    const { current, completed } = progress.data.attributes;
    expect(completed.length).toBeGreaterThan(0);
    expect(Object.keys(completed[0]).sort()).toEqual(["activity_id", "assessment_id", "chapter_id", "completed_at", "duration", "is_current", "section_id"]);

    const curriculum = (await student.get(`/api/v1/online_courses/${course.id}?include=activities`)).data;
    const lesson = curriculum.included.find(
      (activity: { attributes: { locked: boolean; completed: boolean; activity_type: string } }) =>
        !activity.attributes.locked && !activity.attributes.completed && ["video", "reading"].includes(activity.attributes.activity_type),
    );
    const created = await student.post("/api/v1/progress", { progress: { online_course_id: course.id, activity_id: Number(lesson.id), duration: 60 } });
    expect(created.status).toBe(201);
    const after = created.data.data.attributes;
    expect(after.completed.map((entry: { activity_id: number }) => entry.activity_id)).toContain(Number(lesson.id));
    expect(after.current).not.toBe(current);
    expect((await student.post("/api/v1/progress", { progress: { online_course_id: course.id, activity_id: Number(lesson.id), duration: -1 } })).status).toBe(422);
    expect((await student.post("/api/v1/progress", { progress: { online_course_id: course.id, activity_id: 999999 } })).status).toBe(422);
    expect((await student.get("/api/v1/progress")).status).toBe(400);
  });
});
