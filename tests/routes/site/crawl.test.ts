import type { MetaDescriptor } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { loader as checkoutLoader, meta as checkoutMeta } from "~/routes/checkout+/_index";
import { meta as courseMeta } from "~/routes/courses+/$idOrSlug";
import { loader as instructorLoader } from "~/routes/instructors+/$id";
import { loader as instructorListLoader } from "~/routes/instructors+/_index";
import { loader as overviewLoader } from "~/routes/online-courses+/$id._index";
import { loader as robotsLoader } from "~/routes/robots[.txt]";
import { loader as siteTourLoader } from "~/routes/site-tour";
import { loader as sitemapLoader } from "~/routes/sitemap[.xml]";
import { TITLE_LIMIT } from "~/seo/page-meta";
import { siteTourHref } from "~/site-tours/tours";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, TEST_ORIGIN } from "../../support/route-visitor";

/**
 * What a crawler following every link of the site as a guest meets: a finite set of tour
 * addresses it is asked not to fetch, educator links that answer, canonical addresses that
 * answer, and titles search results show whole.
 */
const database = useTestDatabase();
const guest = routeVisitor();

/** A route's meta tags as the page would render them at `path`, below the root route's data. */
function metaOf(meta: (args: any) => MetaDescriptor[], data: unknown, path: string) {
  const url = new URL(path, TEST_ORIGIN);
  return meta({ data, params: {}, location: { pathname: url.pathname, search: url.search, hash: "", state: null, key: "default" }, matches: [{ id: "root", data: { siteOrigin: TEST_ORIGIN } }] });
}

const tagsOf = (tags: MetaDescriptor[]) => tags as Record<string, string>[];

describe("site tours", () => {
  const nested = `/site-tour?tour=video&from=${encodeURIComponent(`/site-tour?tour=site_help&from=${encodeURIComponent("/courses?school=waterloo")}`)}`;

  it("drop a `from` that is itself a tour address, so a tour's links lead to a handful of addresses", async () => {
    const page = await guest.get(siteTourLoader, nested);
    expect(page.status).toBe(200);
    expect(page.data.from).toBeNull();
    // The links on that page: the app bar's tour button (built from the page's own address) and the other tours.
    const links = [siteTourHref("site_help", nested), ...page.data.others.map((other: { key: "site_help" }) => siteTourHref(other.key, page.data.from))];
    expect(links).toEqual(["/site-tour?tour=site_help", "/site-tour?tour=site_help", "/site-tour?tour=online_course_experience", "/site-tour?tour=study_room"]);
  });

  it("keep the page a tour was opened from, and its tour button leads back there rather than to itself", async () => {
    const tourPage = siteTourHref("site_help", "/courses?school=waterloo");
    const page = await guest.get(siteTourLoader, tourPage);
    expect(page.data.from).toBe("/courses?school=waterloo");
    expect(siteTourHref("site_help", tourPage)).toBe(tourPage);
  });

  it("drop a `from` on another site or too long to carry along, keeping a long address's page", async () => {
    expect((await guest.get(siteTourLoader, `/site-tour?tour=site_help&from=${encodeURIComponent("https://evil.example/")}`)).data.from).toBeNull();
    const longSearch = `/search?query=${"x".repeat(2000)}`;
    expect((await guest.get(siteTourLoader, `/site-tour?tour=site_help&from=${encodeURIComponent(longSearch)}`)).data.from).toBe("/search");
  });

  it("are out of bounds for crawlers: robots.txt disallows them", async () => {
    const robots = await guest.raw(robotsLoader, "/robots.txt");
    expect((await robots.text()).split("\n")).toContain("Disallow: /site-tour");
  });
});

describe("educator links", () => {
  async function publishedCourses() {
    return database().db.selectFrom("online_courses").where("status", "=", "published").where("instructor_id", "is not", null).select(["id", "instructor_id"]).orderBy("id").execute();
  }

  const instructorPage = (href: string) => guest.get(instructorLoader, href, { params: { id: href.split("/").pop()! } });

  it("on every course page a guest can open name an educator whose page answers, with that course on it", async () => {
    const linked = [];
    for (const course of await publishedCourses()) {
      const overview = await guest.get(overviewLoader, `/online-courses/${course.id}`, { params: { id: String(course.id) } });
      if (overview.status === 404) continue;
      expect(overview.status).toBe(200);
      expect(overview.data.instructorHref).toBe(`/instructors/${course.instructor_id}`);
      const page = await instructorPage(overview.data.instructorHref);
      expect(page.status).toBe(200);
      expect(page.data.onlineCourses.map((listed: { id: number }) => listed.id)).toContain(course.id);
      linked.push(course.id);
    }
    // Among them the courses of a teacher and of a content creator, who have no instructor role.
    const owners = await database().db.selectFrom("users").where("email", "in", ["teacher@demo.test", "content_creator@demo.test"]).select("id").execute();
    const theirs = (await publishedCourses()).filter((course) => owners.some((owner) => owner.id === course.instructor_id)).map((course) => course.id);
    expect(theirs.length).toBeGreaterThan(0);
    expect(linked).toEqual(expect.arrayContaining(theirs));
  });

  it("lead nowhere, and the educator has no page, once the educator's account is closed", async () => {
    const { db } = database();
    const course = await db
      .selectFrom("online_courses")
      .innerJoin("users", "users.id", "online_courses.instructor_id")
      .where("users.email", "=", "content_creator@demo.test")
      .where("online_courses.status", "=", "published")
      .select(["online_courses.id", "users.id as owner"])
      .executeTakeFirstOrThrow();
    await db.updateTable("users").set({ deactivated_at: new Date() }).where("id", "=", course.owner).execute();
    try {
      const overview = await guest.get(overviewLoader, `/online-courses/${course.id}`, { params: { id: String(course.id) } });
      expect(overview.status).toBe(200);
      expect(overview.data.course.instructor_name).toBeTruthy();
      expect(overview.data.instructorHref).toBeNull();
      expect((await instructorPage(`/instructors/${course.owner}`)).status).toBe(404);
    } finally {
      await db.updateTable("users").set({ deactivated_at: null }).where("id", "=", course.owner).execute();
    }
  });

  it("listed on /instructors are everyone who has a page: the course owners without an instructor role too", async () => {
    const listed = await guest.get(instructorListLoader, "/instructors");
    const ids = listed.data.instructors.map((instructor: { id: number }) => instructor.id);
    const owners = await database().db.selectFrom("online_courses").where("status", "=", "published").where("instructor_id", "is not", null).select("instructor_id").distinct().execute();
    expect(ids).toEqual(expect.arrayContaining(owners.map((owner) => owner.instructor_id)));
    for (const id of ids) expect((await instructorPage(`/instructors/${id}`)).status, String(id)).toBe(200);
  });

  it("listed in the sitemap all answer", async () => {
    const sitemap = await (await guest.raw(sitemapLoader, "/sitemap.xml")).text();
    const hrefs = [...sitemap.matchAll(/<loc>[^<]*(\/instructors\/\d+)<\/loc>/g)].map((match) => match[1]!);
    const owners = await database().db.selectFrom("online_courses").where("status", "=", "published").select("instructor_id").distinct().execute();
    expect(hrefs).toEqual(expect.arrayContaining(owners.map((owner) => `/instructors/${owner.instructor_id}`)));
    for (const href of hrefs) expect((await instructorPage(href)).status, href).toBe(200);
  });
});

describe("checkout pages", () => {
  it("name no canonical or og:url address that fails to answer", async () => {
    const path = "/checkout?plan=plus&interval=month";
    const page = await guest.get(checkoutLoader, path);
    expect(page.status).toBe(200);
    const tags = tagsOf(metaOf(checkoutMeta, page.data, path));
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    const named = tags.flatMap((tag) => (tag.rel === "canonical" ? [tag.href!] : tag.property === "og:url" ? [tag.content!] : []));
    for (const address of named) {
      const url = new URL(address);
      expect((await guest.get(checkoutLoader, `${url.pathname}${url.search}`)).status, address).toBe(200);
    }
  });
});

describe("course page titles", () => {
  it(`fit in ${TITLE_LIMIT} characters with the course's code and name, keeping the school where there is room`, async () => {
    const courses = await database()
      .db.selectFrom("courses")
      .innerJoin("schools", "schools.id", "courses.school_id")
      .select(["courses.code", "courses.name", "courses.slug", "courses.description", "schools.name as school_name"])
      .execute();
    const titles = courses.map((course) => {
      const title = tagsOf(metaOf(courseMeta, { course }, `/courses/${course.slug}`)).find((tag) => "title" in tag)!.title!;
      expect(title).toContain(`${course.code} ${course.name}`);
      // Longer only when the code and name alone are: then they are all it says.
      if (title.length > TITLE_LIMIT) expect(title).toBe(`${course.code} ${course.name}`);
      return title;
    });
    expect(titles.some((title) => / at .+/.test(title))).toBe(true);
  });
});
