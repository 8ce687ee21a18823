import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { findCourseDetail, listCatalogueCourses, listSchoolsWithCourses } from "~/catalog/courses.server";
import { loadHomepage } from "~/catalog/homepage.server";
import { coursesBySchool, listSchools } from "~/catalog/schools.server";
import { runWithRequestContext, type RequestContext } from "~/utils/request-context.server";
import { useTestDatabase } from "../support/database";

const database = useTestDatabase();

async function countQueries<T>(run: () => Promise<T>) {
  const context: RequestContext = { requestId: "test", queryCount: 0, databaseUnavailable: false };
  const result = await runWithRequestContext(context, run);
  return { result, queries: context.queryCount };
}

describe("course catalogue", () => {
  it("pages through every course exactly once, in a fixed number of queries", async () => {
    const { n: total } = await database().db.selectFrom("courses").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
    const seen = new Set<number>();
    for (let page = 1; page <= Math.ceil(total / 10); page += 1) {
      const { result, queries } = await countQueries(() => listCatalogueCourses({ page, perPage: 10 }));
      expect(queries).toBe(2);
      expect(result.total).toBe(total);
      for (const course of result.courses) {
        expect(seen.has(course.id)).toBe(false);
        seen.add(course.id);
      }
    }
    expect(seen.size).toBe(total);
  });

  it("matches name or code case-insensitively and treats % and _ literally", async () => {
    const anyCourse = await database().db.selectFrom("courses").select(["code", "name"]).executeTakeFirstOrThrow();
    const byCode = await listCatalogueCourses({ query: anyCourse.code.toLowerCase(), page: 1, perPage: 50 });
    expect(byCode.courses.some((c) => c.code === anyCourse.code)).toBe(true);
    const byName = await listCatalogueCourses({ query: anyCourse.name.toUpperCase(), page: 1, perPage: 50 });
    expect(byName.courses.some((c) => c.name === anyCourse.name)).toBe(true);
    expect((await listCatalogueCourses({ query: "%", page: 1, perPage: 50 })).total).toBe(0);
    expect((await listCatalogueCourses({ query: "_", page: 1, perPage: 50 })).total).toBe(0);
  });

  it("filters by school", async () => {
    const [school] = await listSchoolsWithCourses();
    const { courses, total } = await listCatalogueCourses({ schoolSlug: school!.slug, page: 1, perPage: 100 });
    expect(total).toBeGreaterThan(0);
    expect(courses.every((c) => c.school_slug === school!.slug)).toBe(true);
  });

  it("finds a course by id or slug with its offers, and nothing for an unknown one", async () => {
    const course = await database().db.selectFrom("courses").select(["id", "slug"]).executeTakeFirstOrThrow();
    const bySlug = await findCourseDetail(course.slug);
    const byId = await findCourseDetail(String(course.id));
    expect(bySlug?.course.id).toBe(course.id);
    expect(byId?.course.slug).toBe(course.slug);
    expect(await findCourseDetail("no-such-course")).toBeUndefined();
    expect(await findCourseDetail("99999999999999")).toBeUndefined();
  });

  it("offers on a course page only the online courses a guest may see", async () => {
    const links = await database()
      .db.selectFrom("online_course_courses")
      .innerJoin("online_courses", "online_courses.id", "online_course_courses.online_course_id")
      .where("online_courses.status", "=", "published")
      .where("online_courses.read_access", "=", "public")
      .select(["online_course_courses.course_id", "online_courses.id"])
      .execute();
    const link = links[0];
    if (!link) throw new Error("the demo data links no published public online course to a course");
    expect((await findCourseDetail(String(link.course_id)))?.onlineCourses.map((oc) => oc.id)).toContain(link.id);

    for (const change of [{ read_access: "wize_profs" as const }, { read_access: "private" as const }, { status: "hidden" as const }]) {
      await database().db.updateTable("online_courses").set({ status: "published", read_access: "public", ...change }).where("id", "=", link.id).execute();
      const detail = await findCourseDetail(String(link.course_id));
      expect(detail?.onlineCourses.map((oc) => oc.id), JSON.stringify(change)).not.toContain(link.id);
    }
    await database().db.updateTable("online_courses").set({ status: "published", read_access: "public" }).where("id", "=", link.id).execute();
  });

  it("loads schools with their courses without a query per school", async () => {
    const { schools } = await listSchools({ offset: 0, limit: 50 });
    const { result, queries } = await countQueries(() => coursesBySchool(schools.map((s) => s.id)));
    expect(queries).toBe(1);
    const { n } = await database().db.selectFrom("courses").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
    expect([...result.values()].flat()).toHaveLength(n);
  });
});

describe("homepage", () => {
  it("shows only published public courses, future sessions and published posts", async () => {
    const now = new Date();
    const { result, queries } = await countQueries(() => loadHomepage(now));
    expect(queries).toBe(4);
    expect(result.featuredCourses.length).toBeGreaterThan(0);
    const statuses = await database()
      .db.selectFrom("online_courses")
      .where("id", "in", result.featuredCourses.map((c) => c.id))
      .select(["status", "read_access"])
      .execute();
    expect(statuses.every((s) => s.status === "published" && s.read_access === "public")).toBe(true);
    expect(result.upcomingSessions.length).toBeGreaterThan(0);
    const unfinished = await database()
      .db.selectFrom("study_session_dates")
      .where("study_session_id", "in", result.upcomingSessions.map((s) => s.id))
      .where("end_time", ">", now)
      .select("study_session_id")
      .distinct()
      .execute();
    expect(unfinished).toHaveLength(result.upcomingSessions.length);
    const starts = result.upcomingSessions.map((s) => new Date(s.next_start).getTime());
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(result.latestPosts.every((p) => p.published_at && new Date(p.published_at) <= now)).toBe(true);
    expect(result.counts.courses).toBeGreaterThan(0);
    expect(result.counts.tutors).toBeGreaterThan(0);
  });
});
