import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../app/accounts/session.server";
import { insertLargeCourse } from "../../server/seed/large-course";
import { useTestDatabase } from "../support/database";
import { startTestApp, visitor } from "../support/http-app";
import { sessionCookieFor } from "../support/route-visitor";

/**
 * The in-course page of the 30-chapter benchmark course (scripts/bench-in-course.ts) as the
 * production build sends it: the curriculum outline is in the document once, as markup, with
 * only a compact outline in the page's data for the browser to build the same markup from.
 */
const database = useTestDatabase();
const SLUG = "thirty-chapters-document";
let app: Awaited<ReturnType<typeof startTestApp>>;
let activityCount: number;

beforeAll(async () => {
  app = await startTestApp();
  ({ activityCount } = await insertLargeCourse(database().db, { slug: SLUG, chapters: 30, studentEmail: "student@demo.test" }));
});
afterAll(async () => {
  await app?.close();
});

async function studentPage(path: string) {
  const student = visitor(app);
  const user = await database().db.selectFrom("users").select("id").where("email", "=", "student@demo.test").executeTakeFirstOrThrow();
  student.jar.set(SESSION_COOKIE, await sessionCookieFor(user.id));
  const { response, html } = await student.page(path);
  expect(response.status).toBe(200);
  return html;
}

/** Items written by the outline (and by a chapter's own list), whether as markup or as an escaped string in the page's data. */
const activityItems = (html: string) => html.match(/class="activity-row"/g)?.length ?? 0;
const kilobytes = (html: string) => Buffer.byteLength(html) / 1024;

describe("the in-course page of a 30-chapter course", () => {
  it("carries the curriculum outline once, as markup", async () => {
    const html = await studentPage(`/in-course-experience/${SLUG}`);
    expect(activityItems(html)).toBe(activityCount);
    // The current activity is marked in the markup, so the page reads right without JavaScript.
    expect(html.match(/aria-current="page" style="font-weight:700"/g)).toHaveLength(1);
    // 171.5 KB while the outline's markup also went in the data as a string; 100 KB since.
    expect(kilobytes(html)).toBeLessThan(120);
  });

  it("carries it once on a chapter page too, beside the chapter's own list", async () => {
    const html = await studentPage(`/in-course-experience/${SLUG}/chapter/15`);
    // The outline's items and the chapter's three lessons.
    expect(activityItems(html)).toBe(activityCount + 3);
    expect(html).toContain("<summary>All chapters</summary>");
    // 176.1 KB before, 104.6 KB since.
    expect(kilobytes(html)).toBeLessThan(120);
  });
});
