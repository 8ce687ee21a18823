import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { lessonMediaFiles } from "~/online-courses/lesson-media";
import { loader as mediaLoader } from "~/routes/online-course-activities+/$activityId.media.$file";
import { runWithRequestContext } from "~/utils/request-context.server";
import { demoClips, storeDemoLessonMedia } from "../../../server/seed/lesson-media";
import { useTestDatabase } from "../../support/database";
import { loadContext, routeVisitor, sessionCookieFor, type RouteVisitor } from "../../support/route-visitor";

// Lesson media go to a folder of this run, never the developer's data/ (read on first use of the config).
vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "lesson-media-test-"));
});

/** GET and HEAD /online-course-activities/{id}/media/{file}: a lesson's video and captions, as its route answers. */
const database = useTestDatabase();
const db = () => database().db;
const COURSE = "waterloo-math-137-exam-prep";

interface VideoLesson {
  id: number;
  content: Record<string, unknown>;
  can_preview: boolean;
  kind: string;
  section_type: string;
  slug: string;
  status: string;
}

let lessons: VideoLesson[] = [];
/** A core video of a chapter, not a preview: open to the enrolled student, locked for guests and other students. */
let lesson: VideoLesson;
/** The intro's welcome video: a free preview of a published course. */
let preview: VideoLesson;

/** The bytes of a committed demo clip file, by its stored name (demo-clip-2-<hash>.mp4 is media/demo-clip-2.mp4). */
function clipBytes(name: string) {
  const [, n, extension] = /^demo-clip-(\d)-[0-9a-f]{16}\.(\w+)$/.exec(name)!;
  return new Uint8Array(readFileSync(path.join("server/seed/media", `demo-clip-${n}.${extension}`)));
}

const videoOf = (activity: VideoLesson) => (activity.content.video_files as { mp4: string; webm: string }).mp4;
const webmOf = (activity: VideoLesson) => (activity.content.video_files as { mp4: string; webm: string }).webm;
const captionsOf = (activity: VideoLesson) => activity.content.captions_file as string;

beforeAll(async () => {
  await storeDemoLessonMedia();
  lessons = (await db()
    .selectFrom("activities")
    .innerJoin("sections", "sections.id", "activities.section_id")
    .innerJoin("chapters", "chapters.id", "sections.chapter_id")
    .innerJoin("online_courses", "online_courses.id", "chapters.online_course_id")
    .where("activities.activity_type", "=", "video")
    .select(["activities.id", "activities.content", "activities.can_preview", "chapters.kind", "sections.section_type", "online_courses.slug", "online_courses.status"])
    .orderBy("chapters.position")
    .orderBy("sections.position")
    .orderBy("activities.position")
    .execute()) as VideoLesson[];
  const inCourse = lessons.filter((activity) => activity.slug === COURSE);
  lesson = inCourse.find((activity) => activity.kind === "chapter" && activity.section_type === "core" && !activity.can_preview)!;
  preview = inCourse.find((activity) => activity.kind === "intro")!;
  expect(lesson && preview).toBeTruthy();
});

async function signedIn(email: string) {
  const { id } = await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return routeVisitor({ session: await sessionCookieFor(id) });
}

/** A student of no course at all. */
async function studentWithoutEnrolment() {
  const user = await db()
    .insertInto("users")
    .values({ email: `media-${Math.random().toString(36).slice(2)}@example.test`, password_hash: "not-used", first_name: "Sam", last_name: "Lee", roles: ["student"], confirmed_at: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return routeVisitor({ session: await sessionCookieFor(user.id) });
}

/** What the loader answers (returned or thrown), its body unread. */
async function media(browser: RouteVisitor, activityId: number | string, file: string, init: RequestInit & { query?: string } = {}): Promise<Response> {
  const request = browser.request(`/online-course-activities/${activityId}/media/${encodeURIComponent(file)}${init.query ?? ""}`, init);
  const context = { requestId: "test-media", queryCount: 0, databaseUnavailable: false };
  try {
    return (await runWithRequestContext(context, () =>
      mediaLoader({ request, params: { activityId: String(activityId), file }, context: loadContext(browser.clientIp) }),
    )) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe("a lesson's media", () => {
  it("uses the three demo clips, stored once, in turn across the demo video lessons, each with captions", async () => {
    const clips = demoClips();
    expect(clips).toHaveLength(3);
    expect(lessons.length).toBeGreaterThan(10);
    for (const activity of lessons) {
      expect(lessonMediaFiles(activity.content)).toHaveLength(3);
      expect(clips.map((clip) => clip.mp4)).toContain(videoOf(activity));
    }
    const inCourse = lessons.filter((activity) => activity.slug === COURSE).map(videoOf);
    expect(new Set(inCourse.slice(0, 3)).size).toBe(3);
    expect(await storeDemoLessonMedia()).toEqual({ stored: 0, present: 9 });
  });

  it("gives the enrolled student the whole video, with its type, length and caching", async () => {
    const response = await media(await signedIn("student@demo.test"), lesson.id, videoOf(lesson));
    const expected = clipBytes(videoOf(lesson));
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "video/mp4",
      "content-length": String(expected.byteLength),
      "accept-ranges": "bytes",
      "cache-control": "private, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    });
    expect(response.headers.get("content-disposition")).toBeNull();
    expect(await bytesOf(response)).toEqual(expected);

    const webm = await media(await signedIn("student@demo.test"), lesson.id, webmOf(lesson));
    expect(webm.headers.get("content-type")).toBe("video/webm");
    expect(await bytesOf(webm)).toEqual(clipBytes(webmOf(lesson)));
  });

  it("answers one byte range with 206 and exactly those bytes, and a range past the end with 416", async () => {
    const student = await signedIn("student@demo.test");
    const file = clipBytes(videoOf(lesson));
    const first = await media(student, lesson.id, videoOf(lesson), { headers: { Range: "bytes=0-99" } });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe(`bytes 0-99/${file.byteLength}`);
    expect(first.headers.get("content-length")).toBe("100");
    expect(await bytesOf(first)).toEqual(file.subarray(0, 100));

    // Up to the last byte, by a suffix and by an open range (ranges across read chunks: tests/unit/files/storage.test.ts).
    const tail = await media(student, lesson.id, videoOf(lesson), { headers: { Range: "bytes=-1000" } });
    expect(tail.status).toBe(206);
    expect(await bytesOf(tail)).toEqual(file.subarray(file.byteLength - 1000));
    const rest = await media(student, lesson.id, videoOf(lesson), { headers: { Range: `bytes=${file.byteLength - 10}-` } });
    expect(rest.headers.get("content-range")).toBe(`bytes ${file.byteLength - 10}-${file.byteLength - 1}/${file.byteLength}`);
    expect(await bytesOf(rest)).toEqual(file.subarray(file.byteLength - 10));

    const past = await media(student, lesson.id, videoOf(lesson), { headers: { Range: "bytes=999999999-" } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${file.byteLength}`);
    expect(await bytesOf(past)).toHaveLength(0);

    // A malformed range is ignored; several ranges get the whole file.
    for (const range of ["bytes=abc", "bytes=0-9,20-29"]) {
      const whole = await media(student, lesson.id, videoOf(lesson), { headers: { Range: range } });
      expect(whole.status, range).toBe(200);
      expect(await bytesOf(whole)).toEqual(file);
    }
  });

  it("answers HEAD with the headers of the whole file or of a range, and no body", async () => {
    const student = await signedIn("student@demo.test");
    const size = clipBytes(videoOf(lesson)).byteLength;
    const head = await media(student, lesson.id, videoOf(lesson), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(size));
    expect(head.headers.get("content-type")).toBe("video/mp4");
    expect(head.body).toBeNull();
    const ranged = await media(student, lesson.id, videoOf(lesson), { method: "HEAD", headers: { Range: "bytes=10-19" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-length")).toBe("10");
    expect(ranged.body).toBeNull();
  });

  it("sends the download link's file as an attachment named after the lesson", async () => {
    const response = await media(await signedIn("student@demo.test"), lesson.id, videoOf(lesson), { query: "?download=1" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="[a-z0-9-]+\.mp4"$/);
    expect(await bytesOf(response)).toEqual(clipBytes(videoOf(lesson)));
  });

  it("serves the captions whole as WebVTT", async () => {
    const response = await media(await signedIn("student@demo.test"), lesson.id, captionsOf(lesson), { headers: { Range: "bytes=0-9" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(response.headers.get("accept-ranges")).toBe("none");
    const text = new TextDecoder().decode(await bytesOf(response));
    expect(text.startsWith("WEBVTT")).toBe(true);
    expect(text.match(/-->/g)!.length).toBeGreaterThanOrEqual(2);
  });

  it("gives no bytes of a locked lesson to a guest or a student without enrolment (403 with the reason)", async () => {
    for (const [who, browser] of [
      ["guest", routeVisitor()],
      ["student without enrolment", await studentWithoutEnrolment()],
    ] as const) {
      for (const init of [{}, { headers: { Range: "bytes=0-99" } }, { method: "HEAD" }]) {
        const response = await media(browser, lesson.id, videoOf(lesson), init);
        expect(response.status, who).toBe(403);
        expect(response.headers.get("content-type"), who).toBe("text/plain; charset=utf-8");
        expect(response.headers.get("cache-control"), who).toBe("private, no-store");
        const body = await response.text();
        expect(body, who).not.toContain("ftyp");
        if (init.method !== "HEAD") expect(body, who).toMatch(/Sign in|Learn package/);
      }
    }
  });

  it("gives a free preview lesson's video to anyone, guests included", async () => {
    const response = await media(routeVisitor(), preview.id, videoOf(preview));
    expect(response.status).toBe(200);
    expect(await bytesOf(response)).toEqual(clipBytes(videoOf(preview)));
  });

  it("gives the course's staff the video as the course page does: the admin and the instructor", async () => {
    const instructor = await db()
      .selectFrom("online_courses")
      .innerJoin("users", "users.id", "online_courses.instructor_id")
      .select("users.email")
      .where("online_courses.slug", "=", COURSE)
      .executeTakeFirstOrThrow();
    for (const email of ["admin@demo.test", instructor.email]) {
      const response = await media(await signedIn(email), lesson.id, videoOf(lesson), { headers: { Range: "bytes=0-99" } });
      expect(response.status, email).toBe(206);
      await response.body?.cancel();
    }
  });

  it("answers 404 for a file the lesson does not name, another lesson's file, a made-up name, a bad id and a hidden course", async () => {
    const student = await signedIn("student@demo.test");
    const others = demoClips().flatMap((clip) => [clip.mp4, clip.webm, clip.vtt]);
    const notNamed = others.find((name) => !lessonMediaFiles(lesson.content).includes(name))!;
    // A lesson of another course naming a clip this lesson does not.
    const elsewhere = lessons.find((activity) => activity.slug !== COURSE && !lessonMediaFiles(lesson.content).includes(videoOf(activity)))!;
    for (const [activityId, file] of [
      [lesson.id, notNamed],
      [lesson.id, videoOf(elsewhere)],
      [lesson.id, "no-such-file.mp4"],
      [lesson.id, "../../session-secret"],
      [lesson.id, "..%2F..%2Fsession-secret"],
      [lesson.id, `${videoOf(lesson)}.exe`],
      ["not-an-id", videoOf(lesson)],
      ["999999999", videoOf(lesson)],
    ] as const) {
      const response = await media(student, activityId, file);
      expect(response.status, `${activityId}/${file}`).toBe(404);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    }
    const hidden = lessons.find((activity) => activity.status === "hidden");
    if (hidden) expect((await media(routeVisitor(), hidden.id, videoOf(hidden))).status).toBe(404);
  });

  it("answers 404, not the file, when the file is named but missing from storage", async () => {
    const { rm } = await import("node:fs/promises");
    const { config } = await import("~/config/env.server");
    const name = captionsOf(lesson);
    await rm(path.resolve(config().DATA_DIR, "uploads", "lesson-media", name));
    try {
      expect((await media(await signedIn("student@demo.test"), lesson.id, name)).status).toBe(404);
    } finally {
      await storeDemoLessonMedia();
    }
  });
});
