import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../support/database";
import type { RouteAnswer } from "../../support/route-answer";
import { apiClient } from "./api-client";

/** The online-course curriculum API (chapters, sections, activities) as students and instructors call it. */
const database = useTestDatabase();
const COURSE = "waterloo-math-137-exam-prep";

/** An API client signed in as this demo user. */
async function client(email: string) {
  const user = await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return apiClient(user.id);
}

type Resource = { id: string; type: string; attributes: Record<string, unknown>; relationships: Record<string, { data: unknown }> };

async function seededCourseId() {
  return (await database().db.selectFrom("online_courses").select("id").where("slug", "=", COURSE).executeTakeFirstOrThrow()).id;
}

describe("reading chapters, sections and activities", () => {
  it("lists a course's chapters in order, paged, with their sections and activities on request", async () => {
    const courseId = await seededCourseId();
    const guest = await apiClient();
    const first = await guest.get(`/api/v1/online_course_chapters?online_course_id=${courseId}&per_page=2&include=sections,activities`);
    expect(first.status).toBe(200);
    const document = first.data;
    expect(document.data).toHaveLength(2);
    expect(document.data.map((chapter: Resource) => chapter.attributes.position)).toEqual([0, 1]);
    expect(document.meta).toMatchObject({ page: 1, per_page: 2 });
    expect(document.meta.total).toBeGreaterThan(2);
    const types = new Set(document.included.map((resource: Resource) => resource.type));
    expect([...types].sort()).toEqual(["onlineCourseActivity", "section"]);
    const second = (await guest.get(`/api/v1/online_course_chapters?online_course_id=${courseId}&per_page=2&page=2`)).data;
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
      expect((await guest.get(path)).status, path).toBe(status);
    }
  });

  it("gives a student an open activity's content but only the lock and its reason for a locked one", async () => {
    const courseId = await seededCourseId();
    const student = await client("student@demo.test");
    const course = (await student.get(`/api/v1/online_courses/${courseId}?include=activities`)).data;
    const activities = course.included as Resource[];
    const locked = activities.find((activity) => activity.attributes.locked);
    const open = activities.find((activity) => !activity.attributes.locked);
    expect(locked, "the seeded course has lessons locked for the student").toBeDefined();

    const lockedResponse = await student.get(`/api/v1/online_course_activities/${locked!.id}?include=section,chapter`);
    expect(lockedResponse.status).toBe(200);
    const lockedDocument = lockedResponse.data;
    expect(lockedDocument.data.attributes).toMatchObject({ locked: true, lock_reason: locked!.attributes.lock_reason });
    expect(lockedDocument.data.attributes).not.toHaveProperty("content");
    expect(lockedDocument.meta.lock).toMatchObject({ reason: locked!.attributes.lock_reason, message: expect.any(String) });
    expect(lockedDocument.included.map((resource: Resource) => resource.type).sort()).toEqual(["chapter", "section"]);
    const stored = await database().db.selectFrom("activities").select("content").where("id", "=", Number(locked!.id)).executeTakeFirstOrThrow();
    for (const value of Object.values(stored.content).filter((entry) => typeof entry === "string" && entry.length > 12)) {
      expect(JSON.stringify(lockedDocument)).not.toContain(value);
    }

    const section = locked!.relationships.section!.data as { id: string };
    const list = (await student.get(`/api/v1/online_course_activities?section_id=${section.id}`)).data;
    expect(list.data.some((activity: Resource) => activity.id === locked!.id)).toBe(true);
    expect(list.data.every((activity: Resource) => !("content" in activity.attributes))).toBe(true);

    const openDocument = (await student.get(`/api/v1/online_course_activities/${open!.id}`)).data;
    expect(openDocument.data.attributes.locked).toBe(false);
    expect(openDocument.data.attributes.content).toBeDefined();
  });

  it("hides a hidden course's curriculum from students as if it did not exist", async () => {
    const instructor = await client("instructor@demo.test");
    const created = (await instructor.post("/api/v1/online_courses", { online_course: { name: "Secret draft", course_code: "MATH 999", course_type: "tutorial" } })).data;
    const chapter = (await instructor.post("/api/v1/online_course_chapters", { online_course_chapter: { online_course_id: Number(created.data.id), title: "Draft chapter" } })).data;
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
    const course = (createdCourse.data).data as Resource;
    expect(createdCourse.headers.get("location")).toBe(`/api/v1/online_courses/${course.id}`);
    expect(course.attributes).toMatchObject({ status: "hidden", name: "Linear Algebra Crash Course" });
    expect(course.relationships.instructor!.data).toEqual({ type: "user", id: String(instructor.userId) });
    const courseId = Number(course.id);

    const chapterResponse = await instructor.post("/api/v1/online_course_chapters", { online_course_chapter: { online_course_id: courseId, title: "Vectors" } });
    expect(chapterResponse.status).toBe(201);
    const chapter = (chapterResponse.data).data as Resource;
    expect(chapter.attributes).toMatchObject({ title: "Vectors", kind: "chapter", position: 0 });

    const section = ((await instructor.post("/api/v1/online_course_sections", { online_course_section: { chapter_id: Number(chapter.id), title: "Lessons" } })).data)
      .data as Resource;
    expect(section.attributes).toMatchObject({ title: "Lessons", section_type: "core", position: 0 });

    const add = async (title: string, extra: Record<string, unknown> = {}) => {
      const response = await instructor.post("/api/v1/online_course_activities", {
        online_course_activity: { section_id: Number(section.id), title, activity_type: "video", ...extra },
      });
      expect(response.status).toBe(201);
      return (response.data).data as Resource;
    };
    const dot = await add("Dot product");
    const cross = await add("Cross product", { can_preview: true });
    const norms = await add("Norms", { position: 0 });
    expect(cross.attributes.can_preview).toBe(true);
    const titlesInOrder = async () =>
      ((await instructor.get(`/api/v1/online_course_activities?section_id=${section.id}`)).data).data.map((activity: Resource) => activity.attributes.title);
    expect(await titlesInOrder()).toEqual(["Norms", "Dot product", "Cross product"]);

    const moved = await instructor.patch(`/api/v1/online_course_activities/${norms.id}`, { online_course_activity: { position: 2, can_preview: true } });
    expect(moved.status).toBe(200);
    expect((moved.data).data.attributes).toMatchObject({ position: 2, can_preview: true, title: "Norms" });
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
    expect((refused.data).errors[0].code).toBe("forbidden");

    // Prices in cents and packages, then the status line one step at a time.
    const details = await instructor.patch(`/api/v1/online_courses/${courseId}`, {
      online_course: { price: 4999, regular_price: 6900, packages_config: { pro: { enabled: true, price: 4999 } }, status: "preparing" },
    });
    expect(details.status).toBe(200);
    expect((details.data).data.attributes).toMatchObject({
      status: "preparing",
      price: 4999,
      regular_price: 6900,
      packages_config: { pro: { enabled: true, price: 4999, regular_price: null } },
    });
    const skipped = await instructor.patch(`/api/v1/online_courses/${courseId}`, { online_course: { status: "closed" } });
    expect(skipped.status).toBe(409);
    expect((skipped.data).errors[0].detail).toBe("A preparing course can only move on to published.");
    const published = await instructor.patch(`/api/v1/online_courses/${courseId}`, { online_course: { status: "published" } });
    expect((published.data).data.attributes.status).toBe("published");
    expect((await instructor.delete(`/api/v1/online_courses/${courseId}`)).status).toBe(409);

    // Students now see it, with the preview lessons open.
    const seen = (await student.get(`/api/v1/online_course_activities?section_id=${section.id}`)).data;
    expect(seen.data.map((activity: Resource) => [activity.attributes.title, activity.attributes.locked])).toEqual([
      ["Dot product", true],
      ["Cross product", false],
      ["Norms", false],
    ]);
  });

  it("refuses bad input with 422 naming the fields, and changes nothing", async () => {
    const instructor = await client("instructor@demo.test");
    const course = ((await instructor.post("/api/v1/online_courses", { online_course: { name: "Statistics", course_code: "STAT 230", course_type: "tutorial" } })).data)
      .data as Resource;
    const courseId = Number(course.id);
    const chapter = ((await instructor.post("/api/v1/online_course_chapters", { online_course_chapter: { online_course_id: courseId, title: "Probability" } })).data)
      .data as Resource;
    const snapshot = async () => ({
      course: await database().db.selectFrom("online_courses").selectAll().where("id", "=", courseId).executeTakeFirstOrThrow(),
      chapters: await database().db.selectFrom("chapters").selectAll().where("online_course_id", "=", courseId).orderBy("id").execute(),
    });
    const before = await snapshot();

    const cases: [Promise<RouteAnswer>, number, string[]][] = [
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
      const body = response.data;
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.headers.get("content-type")).toContain("json");
      expect(body.errors[0].detail).toEqual(expect.any(String));
      for (const pointer of pointers) expect(body.errors.map((error: { source?: { pointer?: string } }) => error.source?.pointer)).toContain(pointer);
    }
    const chapterTitle = (await instructor.post("/api/v1/online_course_chapters", { online_course_chapter: { online_course_id: courseId, title: "" } })).data;
    expect(chapterTitle.errors[0].detail).toBe("title: Enter a chapter title");

    const notJson = await instructor.post("/api/v1/online_course_chapters", "not json");
    expect(notJson.status).toBe(400);
    expect((await (await apiClient()).patch(`/api/v1/online_course_chapters/${chapter.id}`, { online_course_chapter: { title: "Guest's" } })).status).toBe(401);
    expect(await snapshot()).toEqual(before);
    const created = await database().db.selectFrom("online_courses").select("id").where("course_code", "=", "X").execute();
    expect(created).toHaveLength(0);
  });

  it("deletes a chapter with its sections and activities and closes the gap, as the editor does", async () => {
    const instructor = await client("instructor@demo.test");
    const courseId = Number(
      ((await instructor.post("/api/v1/online_courses", { online_course: { name: "Organic Chemistry", course_code: "CHEM 266", course_type: "exam_prep" } })).data).data.id,
    );
    const chapterIds: number[] = [];
    for (const title of ["Alkanes", "Alkenes", "Alkynes"]) {
      chapterIds.push(Number(((await instructor.post("/api/v1/online_course_chapters", { online_course_chapter: { online_course_id: courseId, title } })).data).data.id));
    }
    const section = ((await instructor.post("/api/v1/online_course_sections", { online_course_section: { chapter_id: chapterIds[1], title: "Reactions" } })).data).data;
    const activity = (
      (await instructor.post("/api/v1/online_course_activities", { online_course_activity: { section_id: Number(section.id), title: "Hydration", activity_type: "reading" } })).data
    ).data;

    const deleted = await instructor.delete(`/api/v1/online_course_chapters/${chapterIds[1]}`);
    expect(deleted.status).toBe(204);
    const { db } = database();
    expect(await db.selectFrom("sections").select("id").where("id", "=", Number(section.id)).execute()).toHaveLength(0);
    expect(await db.selectFrom("activities").select("id").where("id", "=", Number(activity.id)).execute()).toHaveLength(0);
    const remaining = (await instructor.get(`/api/v1/online_course_chapters?online_course_id=${courseId}`)).data;
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

describe("create calls that name nothing", () => {
  it("answer 422 with the field to fill and create nothing", async () => {
    const courseId = await seededCourseId();
    const instructor = await client("instructor@demo.test");
    const count = async (table: "online_courses" | "chapters" | "sections" | "activities") =>
      Number((await database().db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const before = { courses: await count("online_courses"), chapters: await count("chapters"), sections: await count("sections"), activities: await count("activities") };
    const chapter = (await database().db.selectFrom("chapters").select("id").where("online_course_id", "=", courseId).orderBy("position").executeTakeFirstOrThrow()).id;
    const section = (await database().db.selectFrom("sections").select("id").where("chapter_id", "=", chapter).orderBy("position").executeTakeFirstOrThrow()).id;
    for (const [path, body] of [
      ["/api/v1/online_courses", { online_course: {} }],
      ["/api/v1/online_courses", {}],
      ["/api/v1/online_course_chapters", { online_course_chapter: { online_course_id: courseId } }],
      ["/api/v1/online_course_chapters", { online_course_chapter: { online_course_id: courseId, title: "   " } }],
      ["/api/v1/online_course_sections", { online_course_section: { chapter_id: chapter } }],
      ["/api/v1/online_course_activities", { online_course_activity: { section_id: section } }],
      ["/api/v1/online_course_activities", { online_course_activity: { section_id: section, title: "A title" } }],
    ] as const) {
      const answer = await instructor.post(path, body);
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(422);
      expect((answer.data as { errors: { detail: string }[] }).errors[0]!.detail, path).toMatch(/\w/);
    }
    expect({ courses: await count("online_courses"), chapters: await count("chapters"), sections: await count("sections"), activities: await count("activities") }).toEqual(before);
  });
});
