import { describe, expect, it } from "vitest";
import { findBlogAuthor, findBlogPost, listBlogCategories, listBlogPosts } from "~/blog/blog.server";
import { createJobApplication, findOpenPosition, listOpenPositions } from "~/careers/careers.server";
import { submitContactMessage } from "~/contact/contact.server";
import { listMcatEvents, listMcatExamDates, listMedSchools } from "~/mcat/mcat.server";
import { findSitePage, listLandingPages } from "~/content/pages.server";
import { findPartner } from "~/partners/partners.server";
import { findScholarship } from "~/programs/scholarships.server";
import { findSchoolPage, listClassRepOpenings, listLivePrepSchools } from "~/catalog/listings.server";
import { searchCourses, searchSchools } from "~/search/search.server";
import { listSitemapEntries } from "~/seo/sitemap.server";
import { listTextbooks } from "~/catalog/textbooks.server";
import { runWithRequestContext, type RequestContext } from "~/utils/request-context.server";
import { useTestDatabase } from "../../support/database";

const database = useTestDatabase();

async function countQueries<T>(run: () => Promise<T>) {
  const context: RequestContext = { requestId: "test", queryCount: 0, databaseUnavailable: false };
  const result = await runWithRequestContext(context, run);
  return { result, queries: context.queryCount };
}

describe("content pages", () => {
  it("finds published pages by slug and kind only", async () => {
    expect((await findSitePage("about", "info"))?.sections.length).toBeGreaterThan(0);
    expect(await findSitePage("about", "landing")).toBeUndefined();
    expect(await findSitePage("pre-med-plus", "plan")).toBeDefined();
    await database().db.updateTable("site_pages").set({ published: false }).where("slug", "=", "contest").execute();
    expect(await findSitePage("contest", "info")).toBeUndefined();
    await database().db.updateTable("site_pages").set({ published: true }).where("slug", "=", "contest").execute();
    expect((await listLandingPages()).map((p) => p.slug)).toContain("first-year-calculus");
  });
});

describe("search", () => {
  it("finds courses by word prefix, code or subject, ranked, in two queries", async () => {
    const { result, queries } = await countQueries(() => searchCourses({ query: "calc", page: 1, perPage: 50 }));
    expect(queries).toBe(2);
    expect(result.total).toBeGreaterThan(0);
    expect(result.results.every((c) => /calc/i.test(`${c.code} ${c.name} ${c.subject}`))).toBe(true);
    const byCode = await searchCourses({ query: "MATH 137", page: 1, perPage: 10 });
    expect(byCode.results[0]?.code).toBe("MATH 137");
  });

  it("pages through results without repeats", async () => {
    const { total } = await searchCourses({ query: "chemistry", page: 1, perPage: 100 });
    const seen = new Set<number>();
    for (let page = 1; page <= Math.ceil(total / 2); page += 1) {
      for (const course of (await searchCourses({ query: "chemistry", page, perPage: 2 })).results) {
        expect(seen.has(course.id)).toBe(false);
        seen.add(course.id);
      }
    }
    expect(seen.size).toBe(total);
  });

  it("finds schools by name, short name or city", async () => {
    expect((await searchSchools({ query: "mcgill", page: 1, perPage: 10 })).results.map((s) => s.slug)).toContain("mcgill");
    expect((await searchSchools({ query: "Vancouver", page: 1, perPage: 10 })).results.map((s) => s.slug)).toContain("ubc");
    expect((await searchSchools({ query: "UCLA", page: 1, perPage: 10 })).results.map((s) => s.slug)).toContain("ucla");
  });

  it("answers nothing, without error, for text with no searchable word or with query syntax", async () => {
    for (const query of ["", "   ", "&|!:*()'", "%", "_", "a & | b", "calc:*", "'); drop table courses; --"]) {
      const result = await searchCourses({ query, page: 1, perPage: 10 });
      expect(Array.isArray(result.results)).toBe(true);
    }
    expect((await searchCourses({ query: "%", page: 1, perPage: 10 })).total).toBe(0);
  });
});

describe("blog", () => {
  it("lists categories and filters posts by category, newest first", async () => {
    expect((await listBlogCategories()).map((c) => c.slug)).toContain("free_resources");
    const { posts, total } = await listBlogPosts({ category: "free_resources", page: 1, perPage: 50 });
    expect(total).toBeGreaterThan(0);
    expect(posts.every((p) => p.category === "free_resources")).toBe(true);
    const times = posts.map((p) => new Date(p.published_at!).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("hides scheduled posts and finds authors with their posts", async () => {
    const scheduled = await database().db.selectFrom("blog_posts").where("published_at", ">", new Date()).select("slug").executeTakeFirst();
    if (scheduled) expect(await findBlogPost(scheduled.slug)).toBeUndefined();
    const post = (await listBlogPosts({ page: 1, perPage: 1 })).posts[0]!;
    const found = await findBlogPost(post.slug);
    expect(found?.body.length).toBeGreaterThan(100);
    const author = await findBlogAuthor(found!.author_slug!);
    expect(author?.posts.map((p) => p.slug)).toContain(post.slug);
    expect(await findBlogAuthor("nobody-here")).toBeUndefined();
  });
});

describe("careers", () => {
  it("lists open positions only and stores applications for open ones", async () => {
    const open = await listOpenPositions();
    expect(open.length).toBeGreaterThan(0);
    const closed = await database().db.selectFrom("job_positions").where("open", "=", false).select("id").executeTakeFirstOrThrow();
    expect(open.some((p) => p.id === closed.id)).toBe(false);
    expect(await findOpenPosition(closed.id)).toBeUndefined();
    const input = { name: "Ada Lovelace", email: "ada@example.com", phone: undefined, cover_letter: "I have taught calculus for six years and love it." };
    expect(await createJobApplication({ ...input, job_position_id: closed.id }, null, "10.0.0.2")).toEqual({ kind: "closed" });
    const created = await createJobApplication({ ...input, job_position_id: open[0]!.id }, null, "10.0.0.2");
    expect(created.kind).toBe("created");
    const general = await createJobApplication(input, null, "10.0.0.2");
    expect(general.kind).toBe("created");
    const rows = await database().db.selectFrom("job_applications").selectAll().where("email", "=", "ada@example.com").execute();
    expect(rows.map((r) => r.job_position_id).sort()).toEqual([open[0]!.id, null].sort());
  });
});

describe("contact us", () => {
  it("stores the message and emails support", async () => {
    const sent = await submitContactMessage({ name: "Sam Parent", email: "sam@example.com", topic: "billing", body: "How do I switch to yearly billing?" }, null, "10.0.0.1");
    if (sent.kind !== "sent") throw new Error("the first message of an address is sent");
    const { id } = sent;
    const stored = await database().db.selectFrom("contact_messages").where("id", "=", id).selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ email: "sam@example.com", topic: "billing" });
    const mail = await database().db.selectFrom("outbox_emails").where("kind", "=", "contact_message").selectAll().executeTakeFirstOrThrow();
    expect(mail.to_address).toBe("support@marketplace.test");
    expect(mail.subject).toContain(`#${id}`);
    expect(mail.text_body).toContain("How do I switch to yearly billing?");
  });
});

describe("programs, schools, textbooks and MCAT", () => {
  it("finds partners by id or slug and scholarships by slug", async () => {
    const bySlug = await findPartner("waterloo-math-society");
    expect(bySlug?.school_name).toBe("University of Waterloo");
    expect((await findPartner(String(bySlug!.id)))?.slug).toBe("waterloo-math-society");
    expect(await findPartner("999999")).toBeUndefined();
    expect((await findScholarship("peer-tutor-award"))?.deadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("shows a school's courses and sessions, live-prep schools and class rep openings", async () => {
    const page = await findSchoolPage({ slug: "waterloo" });
    expect(page?.courses.length).toBeGreaterThan(0);
    expect((await listLivePrepSchools()).every((s) => s.session_count > 0)).toBe(true);
    expect(await findSchoolPage({ id: 999_999 })).toBeUndefined();
    const openings = await listClassRepOpenings();
    expect(openings.length).toBeGreaterThan(0);
  });

  it("lists textbooks by level, upcoming MCAT events and dates, and medical schools", async () => {
    const ap = await listTextbooks("ap");
    expect(ap.length).toBeGreaterThan(0);
    expect(ap.every((t) => t.level === "ap")).toBe(true);
    const workshops = await listMcatEvents({ type: "workshop" });
    expect(workshops.every((e) => e.event_type === "workshop")).toBe(true);
    const dates = await listMcatExamDates();
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.every((d) => d.scheduling_closes_on < d.exam_date && d.scores_released_on > d.exam_date)).toBe(true);
    expect((await listMedSchools()).length).toBeGreaterThanOrEqual(10);
  });
});

describe("sitemap", () => {
  it("lists fixed pages and one entry per course, post, position, partner and textbook, in a fixed number of queries", async () => {
    const { result, queries } = await countQueries(() => listSitemapEntries());
    expect(queries).toBe(11);
    const paths = result.map((e) => e.path);
    expect(paths).toContain("/pricing");
    expect(paths).toContain("/partners/waterloo-math-society");
    expect(paths).toContain("/textbooks/undergrad/calculus-one");
    expect(paths.some((p) => p.startsWith("/blog/@"))).toBe(true);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
