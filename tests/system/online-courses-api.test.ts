import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserSession } from "~/accounts/session.server";
import { startTestApp, visitor } from "../support/http-app";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();
let app: Awaited<ReturnType<typeof startTestApp>>;
const COURSE = "waterloo-math-137-exam-prep";
const JSON_HEADERS = { Accept: "application/json" };

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** A signed-in API client: session cookie, CSRF cookie and the page's token, JSON in and out. */
async function client(email: string) {
  const user = await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  const setCookie = await createUserSession({ userId: user.id, rememberMe: false, request: new Request("http://x") });
  const person = visitor(app);
  const [pair] = setCookie.split(";");
  const eq = pair!.indexOf("=");
  person.jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
  const { csrfToken } = await person.page("/courses");
  const send = (method: string, path: string, body?: unknown) =>
    person.fetch(path, {
      method,
      headers: { ...JSON_HEADERS, "Content-Type": "application/json", "X-CSRF-Token": csrfToken! },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
  return {
    userId: user.id,
    get: (path: string) => person.fetch(path, { headers: JSON_HEADERS }),
    post: (path: string, body: unknown) => send("POST", path, body),
    patch: (path: string, body: unknown) => send("PATCH", path, body),
    delete: (path: string) => send("DELETE", path),
  };
}

type Resource = { id: string; type: string; attributes: Record<string, unknown>; relationships: Record<string, { data: unknown }> };

async function seededCourseId() {
  return (await database().db.selectFrom("online_courses").select("id").where("slug", "=", COURSE).executeTakeFirstOrThrow()).id;
}

describe("reading chapters, sections and activities", () => {
  it("lists a course's chapters in order, paged, with their sections and activities on request", async () => {
    const courseId = await seededCourseId();
    const first = await app.fetch(`/api/v1/online_course_chapters?online_course_id=${courseId}&per_page=2&include=sections,activities`, { headers: JSON_HEADERS });
    expect(first.status).toBe(200);
    const document = await first.json();
    expect(document.data).toHaveLength(2);
    expect(document.data.map((chapter: Resource) => chapter.attributes.position)).toEqual([0, 1]);
    expect(document.meta).toMatchObject({ page: 1, per_page: 2 });
    expect(document.meta.total).toBeGreaterThan(2);
    const types = new Set(document.included.map((resource: Resource) => resource.type));
    expect([...types].sort()).toEqual(["onlineCourseActivity", "section"]);
    const second = await (await app.fetch(`/api/v1/online_course_chapters?online_course_id=${courseId}&per_page=2&page=2`, { headers: JSON_HEADERS })).json();
    expect(second.data[0].attributes.position).toBe(2);

    for (const [path, status] of [
      ["/api/v1/online_course_chapters", 400],
      ["/api/v1/online_course_chapters?online_course_id=abc", 400],
      ["/api/v1/online_course_chapters?online_course_id=999999999", 404],
      [`/api/v1/online_course_chapters?online_course_id=${courseId}&include=answers`, 400],
      ["/api/v1/online_course_sections?chapter_id=999999999", 404],
      ["/api/v1/online_course_activities/999999999", 404],
      ["/api/v1/online_course_activities/not-an-id", 404],
    ] as const) {
      expect((await app.fetch(path, { headers: JSON_HEADERS })).status, path).toBe(status);
    }
  });

  it("gives a student an open activity's content but only the lock and its reason for a locked one", async () => {
    const courseId = await seededCourseId();
    const student = await client("student@demo.test");
    const course = await (await student.get(`/api/v1/online_courses/${courseId}?include=activities`)).json();
    const activities = course.included as Resource[];
    const locked = activities.find((activity) => activity.attributes.locked);
    const open = activities.find((activity) => !activity.attributes.locked);
    expect(locked, "the seeded course has lessons locked for the student").toBeDefined();

    const lockedResponse = await student.get(`/api/v1/online_course_activities/${locked!.id}?include=section,chapter`);
    expect(lockedResponse.status).toBe(200);
    const lockedDocument = await lockedResponse.json();
    expect(lockedDocument.data.attributes).toMatchObject({ locked: true, lock_reason: locked!.attributes.lock_reason });
    expect(lockedDocument.data.attributes).not.toHaveProperty("content");
    expect(lockedDocument.meta.lock).toMatchObject({ reason: locked!.attributes.lock_reason, message: expect.any(String) });
    expect(lockedDocument.included.map((resource: Resource) => resource.type).sort()).toEqual(["chapter", "section"]);
    const stored = await database().db.selectFrom("activities").select("content").where("id", "=", Number(locked!.id)).executeTakeFirstOrThrow();
    for (const value of Object.values(stored.content).filter((entry) => typeof entry === "string" && entry.length > 12)) {
      expect(JSON.stringify(lockedDocument)).not.toContain(value);
    }

    const section = locked!.relationships.section!.data as { id: string };
    const list = await (await student.get(`/api/v1/online_course_activities?section_id=${section.id}`)).json();
    expect(list.data.some((activity: Resource) => activity.id === locked!.id)).toBe(true);
    expect(list.data.every((activity: Resource) => !("content" in activity.attributes))).toBe(true);

    const openDocument = await (await student.get(`/api/v1/online_course_activities/${open!.id}`)).json();
    expect(openDocument.data.attributes.locked).toBe(false);
    expect(openDocument.data.attributes.content).toBeDefined();
  });

  it("hides a hidden course's curriculum from students as if it did not exist", async () => {
    const instructor = await client("instructor@demo.test");
    const created = await (await instructor.post("/api/v1/online_courses", { online_course: { name: "Secret draft", course_code: "MATH 999", course_type: "tutorial" } })).json();
    const chapter = await (await instructor.post("/api/v1/online_course_chapters", { online_course_chapter: { online_course_id: Number(created.data.id), title: "Draft chapter" } })).json();
    const student = await client("student@demo.test");
    expect((await student.get(`/api/v1/online_course_chapters?online_course_id=${created.data.id}`)).status).toBe(404);
    expect((await student.get(`/api/v1/online_course_chapters/${chapter.data.id}`)).status).toBe(404);
    expect((await instructor.get(`/api/v1/online_course_chapters/${chapter.data.id}`)).status).toBe(200);
  });
});

describe("instructors building a course over the API", () => {
  it("creates a course, its chapter, section and activities, reorders, publishes, and keeps other instructors out", async () => {
    const instructor = await client("instructor@demo.test");
    const createdCourse = await instructor.post("/api/v1/online_courses", {
      online_course: { name: "Linear Algebra Crash Course", course_code: "MATH 136", course_type: "exam_prep", description: "Vectors to eigenvalues." },
    });
    expect(createdCourse.status).toBe(201);
    const course = (await createdCourse.json()).data as Resource;
    expect(createdCourse.headers.get("location")).toBe(`/api/v1/online_courses/${course.id}`);
    expect(course.attributes).toMatchObject({ status: "hidden", name: "Linear Algebra Crash Course" });
    expect(course.relationships.instructor!.data).toEqual({ type: "user", id: String(instructor.userId) });
    const courseId = Number(course.id);

    const chapterResponse = await instructor.post("/api/v1/online_course_chapters", { online_course_chapter: { online_course_id: courseId, title: "Vectors" } });
    expect(chapterResponse.status).toBe(201);
    const chapter = (await chapterResponse.json()).data as Resource;
    expect(chapter.attributes).toMatchObject({ title: "Vectors", kind: "chapter", position: 0 });

    const section = (await (await instructor.post("/api/v1/online_course_sections", { online_course_section: { chapter_id: Number(chapter.id), title: "Lessons" } })).json())
      .data as Resource;
    expect(section.attributes).toMatchObject({ title: "Lessons", section_type: "core", position: 0 });

    const add = async (title: string, extra: Record<string, unknown> = {}) => {
      const response = await instructor.post("/api/v1/online_course_activities", {
        online_course_activity: { section_id: Number(section.id), title, activity_type: "video", ...extra },
      });
      expect(response.status).toBe(201);
      return (await response.json()).data as Resource;
    };
    const dot = await add("Dot product");
    const cross = await add("Cross product", { can_preview: true });
    const norms = await add("Norms", { position: 0 });
    expect(cross.attributes.can_preview).toBe(true);
    const titlesInOrder = async () =>
      (await (await instructor.get(`/api/v1/online_course_activities?section_id=${section.id}`)).json()).data.map((activity: Resource) => activity.attributes.title);
    expect(await titlesInOrder()).toEqual(["Norms", "Dot product", "Cross product"]);

    const moved = await instructor.patch(`/api/v1/online_course_activities/${norms.id}`, { online_course_activity: { position: 2, can_preview: true } });
    expect(moved.status).toBe(200);
    expect((await moved.json()).data.attributes).toMatchObject({ position: 2, can_preview: true, title: "Norms" });
    expect(await titlesInOrder()).toEqual(["Dot product", "Cross product", "Norms"]);
    const positions = await database().db.selectFrom("activities").select("position").where("section_id", "=", Number(section.id)).orderBy("position").execute();
    expect(positions.map((row) => row.position)).toEqual([0, 1, 2]);

    // Someone else's course: another instructor may neither change nor add to it.
    const other = await client("ss_instructor@demo.test");
    expect((await other.patch(`/api/v1/online_course_activities/${dot.id}`, { online_course_activity: { title: "Mine now" } })).status).toBe(403);
    expect((await other.post("/api/v1/online_course_chapters", { online_course_chapter: { online_course_id: courseId, title: "Intruder" } })).status).toBe(403);
    expect((await other.patch(`/api/v1/online_courses/${courseId}`, { online_course: { status: "preparing" } })).status).toBe(403);
    expect((await other.delete(`/api/v1/online_course_chapters/${chapter.id}`)).status).toBe(403);
    const student = await client("student@demo.test");
    const refused = await student.post("/api/v1/online_course_chapters", { online_course_chapter: { online_course_id: courseId, title: "Nope" } });
    expect(refused.status).toBe(403);
    expect((await refused.json()).errors[0].code).toBe("forbidden");

    // Prices in cents and packages, then the status line one step at a time.
    const details = await instructor.patch(`/api/v1/online_courses/${courseId}`, {
      online_course: { price: 4999, regular_price: 6900, packages_config: { pro: { enabled: true, price: 4999 } }, status: "preparing" },
    });
    expect(details.status).toBe(200);
    expect((await details.json()).data.attributes).toMatchObject({
      status: "preparing",
      price: 4999,
      regular_price: 6900,
      packages_config: { pro: { enabled: true, price: 4999, regular_price: null } },
    });
    const skipped = await instructor.patch(`/api/v1/online_courses/${courseId}`, { online_course: { status: "closed" } });
    expect(skipped.status).toBe(409);
    expect((await skipped.json()).errors[0].detail).toBe("A preparing course can only move on to published.");
    const published = await instructor.patch(`/api/v1/online_courses/${courseId}`, { online_course: { status: "published" } });
    expect((await published.json()).data.attributes.status).toBe("published");
    expect((await instructor.delete(`/api/v1/online_courses/${courseId}`)).status).toBe(409);

    // Students now see it, with the preview lessons open.
    const seen = await (await student.get(`/api/v1/online_course_activities?section_id=${section.id}`)).json();
    expect(seen.data.map((activity: Resource) => [activity.attributes.title, activity.attributes.locked])).toEqual([
      ["Dot product", true],
      ["Cross product", false],
      ["Norms", false],
    ]);
  });

  it("refuses bad input with 422 naming the fields, and changes nothing", async () => {
    const instructor = await client("instructor@demo.test");
    const course = (await (await instructor.post("/api/v1/online_courses", { online_course: { name: "Statistics", course_code: "STAT 230", course_type: "tutorial" } })).json())
      .data as Resource;
    const courseId = Number(course.id);
    const chapter = (await (await instructor.post("/api/v1/online_course_chapters", { online_course_chapter: { online_course_id: courseId, title: "Probability" } })).json())
      .data as Resource;
    const snapshot = async () => ({
      course: await database().db.selectFrom("online_courses").selectAll().where("id", "=", courseId).executeTakeFirstOrThrow(),
      chapters: await database().db.selectFrom("chapters").selectAll().where("online_course_id", "=", courseId).orderBy("id").execute(),
    });
    const before = await snapshot();

    const cases: [Promise<Response>, number, string[]][] = [
      [instructor.post("/api/v1/online_courses", { online_course: { name: "", course_code: "X", course_type: "lecture" } }), 422, ["/online_course/name", "/online_course/course_type"]],
      [instructor.patch(`/api/v1/online_courses/${courseId}`, { online_course: { price: 49.99 } }), 422, ["/online_course/price"]],
      [instructor.patch(`/api/v1/online_courses/${courseId}`, { online_course: { price: 100, packages_config: { practice: { enabled: true } } } }), 422, ["/online_course/packages_config/practice/price"]],
      [instructor.patch(`/api/v1/online_courses/${courseId}`, { online_course: { status: "published", name: "Renamed" } }), 409, []],
      [instructor.patch(`/api/v1/online_courses/${courseId}`, { online_course: { colour: "red" } }), 422, ["/online_course"]],
      [instructor.patch(`/api/v1/online_courses/${courseId}`, { online_course: {} }), 422, ["/online_course"]],
      [instructor.post("/api/v1/online_course_chapters", { online_course_chapter: { online_course_id: courseId, title: "   ", kind: "appendix" } }), 422, ["/online_course_chapter/title", "/online_course_chapter/kind"]],
      [instructor.post("/api/v1/online_course_chapters", { online_course_chapter: { online_course_id: 999999999, title: "Lost" } }), 422, ["/online_course_chapter/online_course_id"]],
      [instructor.post("/api/v1/online_course_chapters", { online_course_chapter: { online_course_id: courseId, title: "Late", position: 7 } }), 422, ["/online_course_chapter/position"]],
      [instructor.patch(`/api/v1/online_course_chapters/${chapter.id}`, { online_course_chapter: { title: "x".repeat(201) } }), 422, ["/online_course_chapter/title"]],
      [instructor.patch(`/api/v1/online_course_chapters/${chapter.id}`, { online_course_chapter: { position: -1 } }), 422, ["/online_course_chapter/position"]],
      [instructor.post("/api/v1/online_course_sections", { online_course_section: { chapter_id: "one", title: "S" } }), 422, ["/online_course_section/chapter_id"]],
    ];
    for (const [pending, status, pointers] of cases) {
      const response = await pending;
      const body = await response.json();
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.headers.get("content-type")).toContain("json");
      expect(body.errors[0].detail).toEqual(expect.any(String));
      for (const pointer of pointers) expect(body.errors.map((error: { source?: { pointer?: string } }) => error.source?.pointer)).toContain(pointer);
    }
    const chapterTitle = await (await instructor.post("/api/v1/online_course_chapters", { online_course_chapter: { online_course_id: courseId, title: "" } })).json();
    expect(chapterTitle.errors[0].detail).toBe("title: Enter a chapter title");

    const notJson = await instructor.post("/api/v1/online_course_chapters", "not json");
    expect(notJson.status).toBe(400);
    expect((await app.fetch(`/api/v1/online_course_chapters/${chapter.id}`, { method: "PATCH", headers: { ...JSON_HEADERS, "Content-Type": "application/json" }, body: "{}" })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
    const created = await database().db.selectFrom("online_courses").select("id").where("course_code", "=", "X").execute();
    expect(created).toHaveLength(0);
  });

  it("deletes a chapter with its sections and activities and closes the gap, as the editor does", async () => {
    const instructor = await client("instructor@demo.test");
    const courseId = Number(
      (await (await instructor.post("/api/v1/online_courses", { online_course: { name: "Organic Chemistry", course_code: "CHEM 266", course_type: "exam_prep" } })).json()).data.id,
    );
    const chapterIds: number[] = [];
    for (const title of ["Alkanes", "Alkenes", "Alkynes"]) {
      chapterIds.push(Number((await (await instructor.post("/api/v1/online_course_chapters", { online_course_chapter: { online_course_id: courseId, title } })).json()).data.id));
    }
    const section = (await (await instructor.post("/api/v1/online_course_sections", { online_course_section: { chapter_id: chapterIds[1], title: "Reactions" } })).json()).data;
    const activity = (
      await (await instructor.post("/api/v1/online_course_activities", { online_course_activity: { section_id: Number(section.id), title: "Hydration", activity_type: "reading" } })).json()
    ).data;

    const deleted = await instructor.delete(`/api/v1/online_course_chapters/${chapterIds[1]}`);
    expect(deleted.status).toBe(204);
    const { db } = database();
    expect(await db.selectFrom("sections").select("id").where("id", "=", Number(section.id)).execute()).toHaveLength(0);
    expect(await db.selectFrom("activities").select("id").where("id", "=", Number(activity.id)).execute()).toHaveLength(0);
    const remaining = await (await instructor.get(`/api/v1/online_course_chapters?online_course_id=${courseId}`)).json();
    expect(remaining.data.map((chapter: Resource) => [chapter.attributes.title, chapter.attributes.position])).toEqual([
      ["Alkanes", 0],
      ["Alkynes", 1],
    ]);
    expect((await instructor.get(`/api/v1/online_course_sections/${section.id}`)).status).toBe(404);
    expect((await instructor.delete(`/api/v1/online_course_chapters/${chapterIds[1]}`)).status).toBe(404);

    // A hidden course nobody joined can go entirely, curriculum and all.
    expect((await instructor.delete(`/api/v1/online_courses/${courseId}`)).status).toBe(204);
    expect(await db.selectFrom("chapters").select("id").where("online_course_id", "=", courseId).execute()).toHaveLength(0);
    expect((await instructor.get(`/api/v1/online_courses/${courseId}`)).status).toBe(404);
  });
});
