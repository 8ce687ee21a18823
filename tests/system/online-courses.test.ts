import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserSession } from "~/accounts/session.server";
import { startTestApp, visitor } from "../support/http-app";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
let app: Awaited<ReturnType<typeof startTestApp>>;
const COURSE = "waterloo-math-137-exam-prep";
const BASE = `/in-course-experience/${COURSE}`;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function signedInStudent() {
  const user = await database().db.selectFrom("users").select("id").where("email", "=", "student@demo.test").executeTakeFirstOrThrow();
  const setCookie = await createUserSession({ userId: user.id, rememberMe: false, request: new Request("http://x") });
  const person = visitor(app);
  const [pair] = setCookie.split(";");
  const eq = pair!.indexOf("=");
  person.jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
  return { person, userId: user.id };
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

function post(person: ReturnType<typeof visitor>, path: string, csrfToken: string, fields: Record<string, string>) {
  return person.fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
    body: new URLSearchParams({ csrf_token: csrfToken, ...fields }).toString(),
  });
}

describe("the in-course experience over HTTP", () => {
  it("never sends a quiz's answers or explanations before submission, in the page or its data", async () => {
    const { person } = await signedInStudent();
    const quiz = await checkpointQuiz();
    const questions = await database().db.selectFrom("quiz_questions").selectAll().where("activity_id", "=", quiz.id).execute();
    const { response, html } = await person.page(`${BASE}/assessments/${quiz.id}`);
    expect(response.status).toBe(200);
    for (const question of questions) expect(html).toContain(question.prompt.replaceAll("'", "&#x27;").slice(0, 20));
    const dataResponse = await person.fetch(`${BASE}/assessments/${quiz.id}.data`);
    const data = await dataResponse.text();
    for (const body of [html, data]) {
      // Keys of the stored answers, in the HTML or the serialized loader data.
      expect(body).not.toMatch(/answer_?index|\\?"explanation\\?"|\\?"correct\\?"/i);
    }
  });

  it("scores a submitted quiz, then shows the answers; a made-up choice is refused with 400", async () => {
    const { person } = await signedInStudent();
    const quiz = await checkpointQuiz();
    const questions = await database().db.selectFrom("quiz_questions").selectAll().where("activity_id", "=", quiz.id).orderBy("position").execute();
    const { csrfToken } = await person.page(`${BASE}/assessments/${quiz.id}`);
    const bad = await post(person, `${BASE}/assessments/${quiz.id}`, csrfToken!, { intent: "submit-quiz", activity_id: String(quiz.id), [`question_${questions[0]!.id}`]: "42" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("does not match any of the question");
    const before = await database().db.selectFrom("quiz_attempts").select("id").where("activity_id", "=", quiz.id).execute();

    const answers = Object.fromEntries(questions.map((question) => [`question_${question.id}`, String(question.answer_index)]));
    const good = await post(person, `${BASE}/assessments/${quiz.id}`, csrfToken!, { intent: "submit-quiz", activity_id: String(quiz.id), ...answers });
    expect(good.status).toBe(200);
    expect(await good.text()).toContain(`You scored ${questions.length} of ${questions.length}`);
    const after = await database().db.selectFrom("quiz_attempts").select("id").where("activity_id", "=", quiz.id).execute();
    expect(after.length).toBe(before.length + 1);
  });

  it("shows a guest the preview and, on a locked lesson, why and how to get access", async () => {
    const guest = visitor(app);
    const intro = await guest.page(`${BASE}/intro`);
    expect(intro.response.status).toBe(200);
    expect(intro.html).toContain("Free preview");
    const quiz = await checkpointQuiz();
    const locked = await guest.page(`${BASE}/assessments/${quiz.id}`);
    expect(locked.response.status).toBe(200);
    expect(locked.html).toContain("Sign in to open this lesson.");
    expect(locked.html).not.toContain('name="question_');
  });

  it("refuses a guest's completion and completes a lesson for the enrolled student, going on to the next", async () => {
    const guest = visitor(app);
    const { csrfToken: guestToken } = await guest.page(`${BASE}/intro`);
    const refused = await post(guest, `${BASE}/intro`, guestToken!, { intent: "complete", activity_id: "1" });
    expect([302, 303]).toContain(refused.status);
    expect(refused.headers.get("location")).toMatch(/^\/users\/sign_in/);

    const { person } = await signedInStudent();
    const resume = await person.fetch(`${BASE}?resume=true`, { headers: { Accept: "text/html" } });
    expect([302, 303]).toContain(resume.status);
    const current = resume.headers.get("location")!;
    expect(current.startsWith(BASE)).toBe(true);
    const { csrfToken, html } = await person.page(current);
    const activityId = /name="activity_id" value="(\d+)"/.exec(html)?.[1];
    expect(activityId).toBeDefined();
    const done = await post(person, current, csrfToken!, { intent: "complete", activity_id: activityId!, duration_seconds: "90" });
    expect([302, 303]).toContain(done.status);
    expect(done.headers.get("location")).not.toBe(current);

    for (const [fields, status] of [
      [{ intent: "complete", activity_id: "abc" }, 400],
      [{ intent: "complete", activity_id: activityId!, duration_seconds: "-3" }, 400],
      [{ intent: "nonsense", activity_id: activityId! }, 400],
      [{ intent: "complete", activity_id: "999999999" }, 404],
    ] as const) {
      expect((await post(person, current, csrfToken!, fields)).status).toBe(status);
    }
  });

  it("answers 404 for unknown courses and paths", async () => {
    const guest = visitor(app);
    expect((await guest.page("/in-course-experience/no-such-course")).response.status).toBe(404);
    expect((await guest.page(`${BASE}/chapter/99`)).response.status).toBe(404);
    expect((await guest.page(`${BASE}/mocks/abc`)).response.status).toBe(404);
    expect((await guest.page("/online-courses/no-such-course")).response.status).toBe(404);
  });

  it("finds lessons by title, case-insensitively, with a plain GET form", async () => {
    const { html } = await visitor(app).page(`${BASE}?q=squeeze`);
    expect(html).toContain("1 lesson matches");
    expect(html).toContain("The Squeeze Theorem");
  });
});

describe("the overview and the dashboard", () => {
  it("shows the packages with prices, the struck regular price and checkout links", async () => {
    const course = await database().db.selectFrom("online_courses").select("id").where("slug", "=", COURSE).executeTakeFirstOrThrow();
    const { html } = await visitor(app).page(`/online-courses/${course.id}`);
    expect(html).toContain("Learn-Practice Bundle");
    expect(html).toMatch(/<s[^>]*>\$69 CAD<\/s>/);
    expect(html).toContain(`/checkout?online_course_id=${course.id}&amp;package=practice`);
  });

  it("lists the student's online course with its progress and a resume link", async () => {
    const { person } = await signedInStudent();
    const { html } = await person.page("/dashboard?tab=current");
    expect(html).toContain("Your online courses");
    expect(html).toMatch(/<progress[^>]*value="\d+"/);
    expect(html).toContain(`${BASE}?resume=true`);
    const mcat = await person.page("/dashboard?tab=mcat");
    expect(mcat.html).toContain("You have no MCAT online course yet.");
  });
});

describe("the online courses API", () => {
  const json = { Accept: "application/json" };

  it("lists the courses a guest may see, paged, with the guest's access level", async () => {
    const response = await app.fetch("/api/v1/online_courses?per_page=2&page=1", { headers: json });
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.data).toHaveLength(2);
    expect(document.meta).toMatchObject({ page: 1, per_page: 2 });
    expect(document.data[0]).toMatchObject({ type: "onlineCourse", attributes: { user_access_level: 20 } });
    expect((await app.fetch("/api/v1/online_courses?per_page=0", { headers: json })).status).toBe(400);
  });

  it("includes the curriculum with each activity's lock and reason, and never quiz answers", async () => {
    const response = await app.fetch(`/api/v1/online_courses/${COURSE}?include=chapters,sections,activities`, { headers: json });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toMatch(/answer_index|"explanation"/);
    const document = JSON.parse(text);
    const types = new Set(document.included.map((resource: { type: string }) => resource.type));
    expect([...types].sort()).toEqual(["chapter", "onlineCourseActivity", "section"]);
    const activities = document.included.filter((resource: { type: string }) => resource.type === "onlineCourseActivity");
    expect(activities.some((activity: { attributes: { locked: boolean } }) => !activity.attributes.locked)).toBe(true);
    expect(activities.find((activity: { attributes: { locked: boolean } }) => activity.attributes.locked).attributes.lock_reason).toBe("sign-in");
    expect((await app.fetch(`/api/v1/online_courses/${COURSE}?include=answers`, { headers: json })).status).toBe(400);
    expect((await app.fetch("/api/v1/online_courses/no-such-course", { headers: json })).status).toBe(404);
  });

  it("gives an open activity's content and refuses a locked one with the reason", async () => {
    const document = await (await app.fetch(`/api/v1/online_courses/${COURSE}?include=activities`, { headers: json })).json();
    const activities = document.included as { id: string; attributes: { locked: boolean } }[];
    const open = activities.find((activity) => !activity.attributes.locked)!;
    const locked = activities.find((activity) => activity.attributes.locked)!;
    const openResponse = await app.fetch(`/api/v1/activities/${open.id}`, { headers: json });
    expect(openResponse.status).toBe(200);
    expect((await openResponse.json()).data.attributes.content).toBeDefined();
    const lockedResponse = await app.fetch(`/api/v1/activities/${locked.id}`, { headers: json });
    expect(lockedResponse.status).toBe(403);
    expect(await lockedResponse.json()).toMatchObject({ errors: [{ code: "locked", detail: "Sign in to open this lesson." }], meta: { reason: "sign-in" } });
  });

  it("shows the student their enrolments and progress, and records a completion sent as JSON", async () => {
    const { person } = await signedInStudent();
    const course = await database().db.selectFrom("online_courses").select("id").where("slug", "=", COURSE).executeTakeFirstOrThrow();
    const enrolments = await (await person.fetch("/api/v1/online_course_users?include=online_course", { headers: json })).json();
    expect(enrolments.data.some((row: { relationships: { online_course: { data: { id: string } } } }) => row.relationships.online_course.data.id === String(course.id))).toBe(true);
    expect(enrolments.included.some((row: { type: string }) => row.type === "onlineCourse")).toBe(true);

    const progress = await (await person.fetch(`/api/v1/progress?online_course_id=${course.id}`, { headers: json })).json();
    const { current, completed } = progress.data.attributes;
    expect(completed.length).toBeGreaterThan(0);
    expect(Object.keys(completed[0]).sort()).toEqual(["activity_id", "assessment_id", "chapter_id", "completed_at", "duration", "is_current", "section_id"]);

    const curriculum = await (await person.fetch(`/api/v1/online_courses/${course.id}?include=activities`, { headers: json })).json();
    const lesson = curriculum.included.find(
      (activity: { attributes: { locked: boolean; completed: boolean; activity_type: string } }) =>
        !activity.attributes.locked && !activity.attributes.completed && ["video", "reading"].includes(activity.attributes.activity_type),
    );
    const { csrfToken } = await person.page("/dashboard");
    const send = (body: unknown) =>
      person.fetch("/api/v1/progress", { method: "POST", headers: { ...json, "Content-Type": "application/json", "X-CSRF-Token": csrfToken! }, body: JSON.stringify(body) });
    const created = await send({ progress: { online_course_id: course.id, activity_id: Number(lesson.id), duration: 60 } });
    expect(created.status).toBe(201);
    const after = (await created.json()).data.attributes;
    expect(after.completed.map((entry: { activity_id: number }) => entry.activity_id)).toContain(Number(lesson.id));
    expect(after.current).not.toBe(current);
    expect((await send({ progress: { online_course_id: course.id, activity_id: Number(lesson.id), duration: -1 } })).status).toBe(422);
    expect((await send({ progress: { online_course_id: course.id, activity_id: 999999 } })).status).toBe(422);
    expect((await person.fetch("/api/v1/progress", { headers: json })).status).toBe(400);
  });
});
