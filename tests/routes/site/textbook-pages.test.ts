import type { MetaDescriptor } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { TITLE_LIMIT } from "~/seo/page-meta";
import TextbookPage, { loader as textbookLoader, meta as textbookMeta } from "~/routes/textbooks+/$level_.$slug";
import TextbookLevelPage, { loader as levelLoader } from "~/routes/textbooks+/$level";
import TextbooksPage, { loader as textbooksLoader } from "~/routes/textbooks+/_index";
import { useTestDatabase } from "../../support/database";
import { htmlProblems, renderPage } from "../../support/render-page";
import { routeVisitor, TEST_ORIGIN } from "../../support/route-visitor";

/**
 * The textbook pages (issue "built-area defects", item 8): /textbooks/{level}/{slug} shows the
 * book's facts, a drawn cover and its chapters with the courses and online courses that use
 * them, as links a guest can follow; the lists link every textbook to its page.
 */
const database = useTestDatabase();
const db = () => database().db;
const guest = routeVisitor();

const textbookParams = (url: string) => {
  const [, , level, slug] = url.split("/");
  return { level: level!, slug: slug! };
};

async function textbookPage(url: string) {
  const answer = await guest.get(textbookLoader, url, { params: textbookParams(url) });
  expect(answer.status, url).toBe(200);
  return { data: answer.data, html: await renderPage(TextbookPage, { loaderData: answer.data, url }) };
}

/** The text a screen reader reads: the markup without its tags (React's <!-- --> markers too). */
const spoken = (html: string) => html.replace(/<[^>]*>/g, "").replace(/&amp;/g, "&").replace(/&#x27;/g, "'");

/** Every <ul> and <ol> that carries an aria-label, which screen readers do not all read on a list. */
const labelledLists = (html: string) => html.match(/<(ul|ol)\b[^>]*\saria-label=/g) ?? [];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map(([, href]) => href!);

/** The markup of one chapter's list item, found by its heading. */
function chapterMarkup(html: string, heading: string) {
  const start = html.indexOf(`>${heading}</h3>`);
  expect(start, heading).toBeGreaterThan(-1);
  const end = html.indexOf("<h3", start);
  return html.slice(start, end === -1 ? undefined : end);
}

async function onlineCourse(slug: string) {
  return db().selectFrom("online_courses").select(["id", "name", "status"]).where("slug", "=", slug).executeTakeFirstOrThrow();
}

describe("a textbook's page", () => {
  it("shows the book's facts, a named cover and its chapters in order, each linking the courses and online courses that use it", async () => {
    const { data, html } = await textbookPage("/textbooks/undergrad/calculus-one");
    expect(data.textbook).toMatchObject({
      title: "Calculus I: Limits to Integrals",
      authors: "Margaret Liu",
      edition: "9th edition",
      publisher: "Northfield Academic Press",
      publication_year: 2021,
      isbn13: "9781990150197",
    });
    const text = spoken(html);
    expect(html).toMatch(/<h1[^>]*>Calculus I: Limits to Integrals<\/h1>/);
    for (const fact of ["by Margaret Liu", "9th edition", "Northfield Academic Press", "2021", "9781990150197", "Mathematics", data.textbook.summary]) {
      expect(text).toContain(fact);
    }
    expect(html).toContain('role="img" aria-label="Cover of Calculus I: Limits to Integrals, 9th edition"');

    // Chapters in the order of the book.
    const chapterHeadings = [...html.matchAll(/<h3[^>]*>(.*?)<\/h3>/g)].map(([, heading]) => spoken(heading!));
    expect(chapterHeadings).toEqual([
      "Chapter 1: Limits and continuity",
      "Chapter 2: Derivatives",
      "Chapter 3: Applications of derivatives",
      "Chapter 4: Integrals",
      "Chapter 5: The fundamental theorem",
    ]);

    // The first chapter's courses: catalogue courses by slug, the online course by id.
    const examPrep = await onlineCourse("waterloo-math-137-exam-prep");
    const first = chapterMarkup(html, "Chapter 1: Limits and continuity");
    expect(hrefs(first)).toEqual(expect.arrayContaining(["/courses/waterloo-math-137", "/courses/mcgill-math-140", "/courses/uoft-mat-135", `/online-courses/${examPrep.id}`]));
    expect(spoken(first)).toContain("MATH 137 Calculus 1 for Honours Mathematics, University of Waterloo");
    expect(spoken(first)).toContain(`${examPrep.name} Online course`);
    // Catalogue courses come first, the online course after them.
    expect(hrefs(first).at(-1)).toBe(`/online-courses/${examPrep.id}`);

    // Where to get it: the bookstore and the publisher as text, no link off the site.
    expect(text).toContain("Where to get it");
    expect(text).toContain("ask your campus bookstore for ISBN 9781990150197, or order it from Northfield Academic Press.");
    expect(hrefs(html).filter((href) => !href.startsWith("/"))).toEqual([]);
  });

  it("is valid HTML with its headings in order and its lists introduced by headings", async () => {
    for (const url of ["/textbooks/undergrad/introductory-psychology", "/textbooks/high-school/grade-12-biology", "/textbooks/ap/ap-calculus-ab"]) {
      const { html } = await textbookPage(url);
      expect(await htmlProblems(html), url).toEqual([]);
      expect(labelledLists(html), url).toEqual([]);
      const levels = [...html.matchAll(/<h([1-6])\b/g)].map(([, level]) => Number(level));
      expect(levels[0], url).toBe(1);
      for (let index = 1; index < levels.length; index++) expect(levels[index]! - levels[index - 1]!, url).toBeLessThanOrEqual(1);
    }
  });

  it("links the interactive edition when the textbook has one", async () => {
    const interactive = await onlineCourse("introductory-psychology-textbook");
    const { html } = await textbookPage("/textbooks/undergrad/introductory-psychology");
    const whereToGetIt = html.slice(html.indexOf("Where to get it"));
    expect(hrefs(whereToGetIt)).toContain(`/online-courses/${interactive.id}`);
  });

  it("has a title search results show whole, a description and its own canonical address", async () => {
    const { data } = await textbookPage("/textbooks/high-school/grade-11-functions");
    const tags = textbookMeta({
      data,
      params: {},
      location: { pathname: "/textbooks/high-school/grade-11-functions", search: "", hash: "", state: null, key: "default" },
      matches: [{ id: "root", data: { siteOrigin: TEST_ORIGIN } }],
    } as unknown as Parameters<typeof textbookMeta>[0]) as (MetaDescriptor & Record<string, string>)[];
    const title = tags.find((tag) => "title" in tag)!.title!;
    expect(title.length).toBeLessThanOrEqual(TITLE_LIMIT);
    expect(title).toContain("Grade 11 Functions");
    expect(tags.find((tag) => tag.name === "description")?.content).toBe(data.textbook.summary);
    expect(tags.find((tag) => tag.rel === "canonical")?.href).toBe(`${TEST_ORIGIN}/textbooks/high-school/grade-11-functions`);
  });

  it("answers 404 for an unknown textbook or level, and sends a textbook asked for under another level to its address", async () => {
    for (const url of ["/textbooks/undergrad/no-such-book", "/textbooks/grad-school/calculus-one", "/textbooks/high_school/grade-11-functions"]) {
      expect((await guest.get(textbookLoader, url, { params: textbookParams(url) })).status, url).toBe(404);
    }
    const moved = await guest.get(textbookLoader, "/textbooks/ap/calculus-one", { params: textbookParams("/textbooks/ap/calculus-one") });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/textbooks/undergrad/calculus-one");
  });
});

describe("the textbook lists", () => {
  it.each(["undergrad", "high-school", "ap"])("/textbooks/%s links every textbook of the level to its page, which answers", async (segment) => {
    const url = `/textbooks/${segment}`;
    const answer = await guest.get(levelLoader, url, { params: { level: segment } });
    expect(answer.status).toBe(200);
    const books = answer.data.textbooks as { slug: string; title: string }[];
    expect(books.length).toBeGreaterThan(0);
    const html = await renderPage(TextbookLevelPage, { loaderData: answer.data, url });
    expect(await htmlProblems(html)).toEqual([]);
    const linked = hrefs(html).filter((href) => href.startsWith(`${url}/`));
    expect(linked.sort()).toEqual(books.map((book) => `${url}/${book.slug}`).sort());
    for (const book of books) {
      // The title is the link.
      expect(html).toMatch(new RegExp(`<a [^>]*href="${escapeRegExp(`${url}/${book.slug}`)}">${escapeRegExp(book.title)}</a>`));
      await textbookPage(`${url}/${book.slug}`);
    }
  });

  it("/textbooks links every textbook to its page", async () => {
    const answer = await guest.get(textbooksLoader, "/textbooks");
    expect(answer.status).toBe(200);
    const html = await renderPage(TextbooksPage, { loaderData: answer.data, url: "/textbooks" });
    const all = await db().selectFrom("textbooks").select(["level", "slug"]).execute();
    const segment = { undergrad: "undergrad", high_school: "high-school", ap: "ap" } as const;
    expect(all.length).toBeGreaterThanOrEqual(7);
    expect(hrefs(html)).toEqual(expect.arrayContaining(all.map((book) => `/textbooks/${segment[book.level]}/${book.slug}`)));
    expect(await htmlProblems(html)).toEqual([]);
  });
});

describe("online courses a guest cannot open", () => {
  it("are never linked: a chapter or textbook naming a hidden or closed online course shows no link to it", async () => {
    const hidden = await onlineCourse("microeconomics-study-guide");
    expect(hidden.status).toBe("hidden");
    const closed = await onlineCourse("functional-program-design");
    await db().updateTable("online_courses").set({ status: "closed" }).where("id", "=", closed.id).execute();
    const book = await db().selectFrom("textbooks").select("id").where("slug", "=", "general-chemistry").executeTakeFirstOrThrow();
    const chapter = await db()
      .selectFrom("textbook_chapters")
      .select("id")
      .where("textbook_id", "=", book.id)
      .where("title", "=", "Equilibrium")
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("textbook_chapter_courses")
      .values([
        { textbook_chapter_id: chapter.id, online_course_id: hidden.id },
        { textbook_chapter_id: chapter.id, online_course_id: closed.id },
      ])
      .execute();
    // The textbook's interactive edition is hidden too.
    await db().updateTable("textbooks").set({ online_course_id: hidden.id }).where("id", "=", book.id).execute();
    try {
      const { data, html } = await textbookPage("/textbooks/undergrad/general-chemistry");
      const equilibrium = chapterMarkup(html, "Chapter 6: Equilibrium");
      // The chapter still lists its catalogue courses.
      expect(hrefs(equilibrium)).toEqual(["/courses/ucla-chem-14a", "/courses/uoft-chm-135"]);
      for (const id of [hidden.id, closed.id]) expect(html).not.toContain(`/online-courses/${id}"`);
      expect(spoken(html)).not.toContain(hidden.name);
      expect(data.textbook.online_course_id).toBeNull();

      const list = await guest.get(levelLoader, "/textbooks/undergrad", { params: { level: "undergrad" } });
      const listHtml = await renderPage(TextbookLevelPage, { loaderData: list.data, url: "/textbooks/undergrad" });
      expect(listHtml).not.toContain(`/online-courses/${hidden.id}"`);
    } finally {
      await db().updateTable("online_courses").set({ status: "published" }).where("id", "=", closed.id).execute();
      await db().updateTable("textbooks").set({ online_course_id: null }).where("id", "=", book.id).execute();
      await db().deleteFrom("textbook_chapter_courses").where("textbook_chapter_id", "=", chapter.id).where("online_course_id", "in", [hidden.id, closed.id]).execute();
    }
  });
});

describe("the textbook tables", () => {
  it("refuse a chapter link naming no course or both kinds at once, and an ISBN-13 whose check digit is wrong", async () => {
    const chapter = await db().selectFrom("textbook_chapters").select("id").executeTakeFirstOrThrow();
    const [course, online] = await Promise.all([
      db().selectFrom("courses").select("id").executeTakeFirstOrThrow(),
      db().selectFrom("online_courses").select("id").executeTakeFirstOrThrow(),
    ]);
    await expect(db().insertInto("textbook_chapter_courses").values({ textbook_chapter_id: chapter.id }).execute()).rejects.toThrow(/textbook_chapter_courses_one_course/);
    await expect(
      db().insertInto("textbook_chapter_courses").values({ textbook_chapter_id: chapter.id, course_id: course.id, online_course_id: online.id }).execute(),
    ).rejects.toThrow(/textbook_chapter_courses_one_course/);
    await expect(db().updateTable("textbooks").set({ isbn13: "9781990150129" }).where("slug", "=", "ap-biology").execute()).rejects.toThrow(/textbooks_isbn13_check/);
  });
});
