import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import Homepage, { loader as homeLoader } from "~/routes/_index";
import InstructorPage, { loader as instructorLoader } from "~/routes/instructors+/$id";
import LsatPage, { loader as lsatLoader } from "~/routes/lsat";
import McatPage, { loader as mcatLoader } from "~/routes/mcat+/_index";
import SearchPage, { loader as searchLoader } from "~/routes/search";
import { useTestDatabase } from "../../support/database";
import { renderPage } from "../../support/render-page";
import { routeVisitor, type RouteVisitor } from "../../support/route-visitor";

/** Every mention of an online course is a link to it: tiles, programme pages, instructor pages, search. */
const database = useTestDatabase();

async function rendered(Page: Parameters<typeof renderPage>[0], loader: Parameters<RouteVisitor["get"]>[0], url: string, params: Record<string, string> = {}) {
  const answer = await routeVisitor().get(loader, url, { params });
  expect(answer.status, url).toBe(200);
  return { data: answer.data, html: await renderPage(Page, { loaderData: answer.data, url }) };
}

/** The online course pages a page links to, by id. */
const linkedCourseIds = (html: string) => new Set([...html.matchAll(/href="\/online-courses\/(\d+)"/g)].map(([, id]) => Number(id)));

/** Published online courses anyone may open whose code or name names the exam. */
async function examCourses(exam: "mcat" | "lsat") {
  return database()
    .db.selectFrom("online_courses")
    .where("status", "=", "published")
    .where("read_access", "=", "public")
    .where(sql<boolean>`lower(course_code || ' ' || name) like ${`%${exam}%`}`)
    .select(["id", "name", "instructor_id"])
    .execute();
}

describe("online courses a guest reaches in one click", () => {
  it.each([
    ["mcat", McatPage, mcatLoader, "/mcat"],
    ["lsat", LsatPage, lsatLoader, "/lsat"],
  ] as const)("/%s links every %s online course", async (exam, Page, loader, url) => {
    const courses = await examCourses(exam);
    expect(courses.length, `demo ${exam} courses`).toBeGreaterThan(0);
    const linked = linkedCourseIds((await rendered(Page, loader, url)).html);
    for (const course of courses) expect(linked, course.name).toContain(course.id);
  });

  it("links every featured online course on the homepage", async () => {
    const { data, html } = await rendered(Homepage, homeLoader, "/");
    const featured = (data.featuredCourses as { id: number }[]).map((course) => course.id);
    expect(featured.length).toBeGreaterThan(0);
    expect([...linkedCourseIds(html)]).toEqual(expect.arrayContaining(featured));
  });

  it("finds online courses by name and by course code in /search, linked, above the courses", async () => {
    const mcat = await examCourses("mcat");
    const byName = await rendered(SearchPage, searchLoader, "/search?query=mcat");
    expect(byName.data.onlineCourses.map((result: { href: string }) => result.href).sort()).toEqual(mcat.map((course) => `/online-courses/${course.id}`).sort());
    for (const course of mcat) expect(linkedCourseIds(byName.html)).toContain(course.id);
    expect(byName.html).toMatch(/online courses? and \d+ courses? matching/);

    const lsat = await examCourses("lsat");
    const { course_code } = await database().db.selectFrom("online_courses").select("course_code").where("id", "=", lsat[0]!.id).executeTakeFirstOrThrow();
    const byCode = await rendered(SearchPage, searchLoader, `/search?query=${encodeURIComponent(course_code)}`);
    expect(byCode.data.onlineCourses.map((result: { href: string }) => result.href)).toContain(`/online-courses/${lsat[0]!.id}`);
    // Later pages of courses do not repeat them.
    expect((await routeVisitor().get(searchLoader, "/search?query=mcat&page=2")).data.onlineCourses).toEqual([]);
  });

  it("links an instructor's online courses from their page", async () => {
    const [course] = await examCourses("mcat");
    const { html } = await rendered(InstructorPage, instructorLoader, `/instructors/${course!.instructor_id}`, { id: String(course!.instructor_id) });
    expect(linkedCourseIds(html)).toContain(course!.id);
  });
});
