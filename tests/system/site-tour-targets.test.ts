import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../app/accounts/session.server";
import { parseHtml } from "../support/crawl";
import { useTestDatabase } from "../support/database";
import { useTestApp, visitor } from "../support/http-app";
import { sessionCookieFor } from "../support/route-visitor";

/**
 * A tour's steps point at elements by CSS selector (stored with the tour, migrations/0012): each
 * must be on the page the tour is about, or the tour would run without highlighting anything.
 */
const database = useTestDatabase();
const app = useTestApp();

const PAGES: [tour: string, path: string, as: string | null][] = [
  ["study_room", "/study-rooms/demo-math-137-group", "student@demo.test"],
  ["study_room", "/study-rooms/demo", null],
  ["site_help", "/courses", "student@demo.test"],
  ["online_course_experience", "/in-course-experience/waterloo-math-137-exam-prep", "student@demo.test"],
];

describe("site tour steps", () => {
  it.each(PAGES)("%s: every step's element is on %s", async (tour, path, email) => {
    const steps = await database()
      .db.selectFrom("site_tour_steps as s")
      .innerJoin("site_tours as t", "t.id", "s.tour_id")
      .select(["s.selector", "s.title"])
      .where("t.key", "=", tour)
      .execute();
    expect(steps.length).toBeGreaterThan(0);
    const browser = visitor(app);
    if (email) {
      const { id } = await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
      browser.jar.set(SESSION_COOKIE, await sessionCookieFor(id));
    }
    const page = await browser.page(path);
    expect(page.response.status).toBe(200);
    const root = await parseHtml(page.html);
    const missing = steps.filter((step) => !root.querySelector(step.selector)).map((step) => `${step.title}: ${step.selector}`);
    expect(missing).toEqual([]);
  });
});
