import { describe, expect, it } from "vitest";
import { decodeEntities, parseHtml } from "../support/crawl";
import { useTestDatabase } from "../support/database";
import { useTestApp } from "../support/http-app";

/**
 * Each public page of the demo site as a visitor (or a search engine) receives it: its main
 * heading and content from the seeded data, and the metadata a search result or a shared link
 * is made of. The pages' behaviour in a browser (menus, dialogs, forms, focus) and axe's checks
 * of every page route are in tests/e2e; what is here is the HTML the server sends.
 */
useTestDatabase();
const app = useTestApp();

const PAGES: [path: string, heading: RegExp, content: RegExp][] = [
  ["/", /Ace your courses/, /Featured online courses/],
  ["/homepage", /Ace your courses/, /From the blog/],
  ["/homepage-alt", /Your course\. Your exam\./, /Featured online courses/],
  ["/about", /Education built around the course/, /How we teach/],
  ["/our-story", /packed room the night before a calculus exam/, /What has not changed/],
  ["/careers", /Help students walk into their exams prepared/, /Full-Stack Engineer/],
  ["/job-positions/1", /MCAT Content Instructor/, /What you bring/],
  ["/job-application", /Job application/, /Apply for one of our/],
  ["/class-rep-positions", /Become the class rep for your course/, /Courses looking for a class rep/],
  ["/contest", /Win a \$500 study grant/, /How to enter/],
  ["/for-educators", /Teach the course you know best/, /Ways to teach/],
  ["/for-parents", /Support that fits your student/, /Safe and transparent/],
  ["/high-school", /High school math, science and English/, /Lakeview Secondary School/],
  ["/university", /Pass your hardest first-year courses/, /University of Waterloo/],
  ["/on-demand", /Learn on your schedule/, /Start any time/],
  ["/pricing", /One plan for every course you take/, /Pre-Med Plus/],
  ["/mcat-plus", /MCAT practice without limits/, /Get MCAT Plus/],
  ["/university-plus", /Unlimited practice for every university course/, /Get University Plus/],
  ["/pre-med-plus", /Your pre-med courses and the MCAT in one plan/, /Get Pre-Med Plus/],
  ["/partnerships", /Give your members a head start/, /Waterloo Mathematics Society/],
  ["/partners/waterloo-math-society", /Waterloo Mathematics Society/, /Member benefit/],
  ["/scholarships", /Scholarships for students who help others learn/, /Peer Tutor Award/],
  ["/scholarships/future-physicians-scholarship", /Future Physicians Scholarship/, /Who can apply/],
  ["/schools/1", /University of Waterloo/, /Courses \(\d+\)/],
  ["/lp", /Programs and offers/, /MCAT Summer Intensive/],
  ["/lp/mcat-summer-intensive", /Ten weeks\. One plan\./, /Week by week/],
  ["/live-prep", /Live exam prep, the week it matters/, /Schools with upcoming live sessions/],
  ["/live-prep/schools/waterloo", /Live exam prep at University of Waterloo/, /Upcoming live sessions/],
  ["/mcat", /Score 515\+ on the MCAT/, /Upcoming MCAT events/],
  ["/mcat/free-resources", /Free MCAT resources/, /Guides and articles/],
  ["/mcat/events", /MCAT events/, /CARS Passage Mapping Workshop/],
  ["/mcat/events/webinar", /MCAT webinars/, /How to Plan Your MCAT Year/],
  ["/mcat/exam-dates", /MCAT exam dates/, /Scheduling closes/],
  ["/med-school-calculator", /Med school calculator/, /medical schools in Canada and the US/],
  ["/lsat", /Reason your way to a 170\+/, /LSAT courses/],
  ["/instructors", /Our instructors/, /Priya Raman/],
  ["/instructors/4", /Priya Raman/, /Online courses/],
  ["/tutors", /Tutors/, /per hour|\/ hour/],
  ["/tutors/6", /Leah Okonkwo/, /Tutors these courses/],
  ["/courses", /Courses/, /\d+ courses/],
  ["/courses/waterloo-math-137", /Calculus 1 for Honours Mathematics/, /Upcoming live sessions/],
  ["/blog", /Blog/, /Active Recall and Spaced Repetition/],
  ["/blog?category=free_resources", /Free Resources/, /Free MCAT Practice Resources/],
  ["/blog/active-recall-and-spaced-repetition", /Active Recall and Spaced Repetition/, /Most students study by rereading/],
  ["/blog/@sarah-goldberg", /Sarah Goldberg/, /Posts by Sarah/],
  ["/textbooks", /Textbooks that test you as you read/, /All textbooks/],
  ["/textbooks/undergrad", /Undergrad textbooks/, /Introductory Psychology/],
  ["/textbooks/high-school", /High School textbooks/, /Grade 11 Functions/],
  ["/textbooks/ap", /AP textbooks/, /AP Calculus AB/],
  ["/search?type=course&query=calculus", /Search/, /matching “calculus”/],
  ["/contact-us", /Contact us/, /Send message/],
];

/** Text as a reader sees it: one space between the words of neighbouring elements. */
const words = (text: string) => decodeEntities(text).replace(/\s+/g, " ").trim();

/** The page's main content and its head, read from the HTML a browser would receive. */
async function read(path: string) {
  const response = await app.fetch(path, { headers: { Accept: "text/html" } });
  const html = await response.text();
  // Scripts and styles are not text a reader sees; React's <!-- --> markers join adjacent text parts.
  const root = await parseHtml(html.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, "").replace(/<!-- -->/g, ""));
  const meta = (selector: string) => root.querySelector(selector)?.getAttributeValue("content") ?? undefined;
  return {
    status: response.status,
    headings: root.querySelectorAll("h1").map((h1) => words(h1.textContent)),
    text: words(root.querySelector("body")?.textContent ?? ""),
    canonical: root.querySelector('link[rel="canonical"]')?.getAttributeValue("href") ?? undefined,
    robots: meta('meta[name="robots"]'),
    ogTitle: meta('meta[property="og:title"]'),
    description: meta('meta[name="description"]'),
  };
}

describe("public pages", () => {
  it.each(PAGES)("%s has its heading, its content and page metadata", async (path, heading, content) => {
    const page = await read(path);
    expect(page.status).toBe(200);
    expect(page.headings, "one main heading").toHaveLength(1);
    expect(page.headings[0]).toMatch(heading);
    expect(page.text).toMatch(content);
    // A page kept out of search results (a search with a query) names no canonical address.
    if (page.robots?.includes("noindex")) expect(page.canonical).toBeUndefined();
    else expect(page.canonical).toMatch(/^https?:\/\//);
    expect(page.ogTitle).toMatch(/.+/);
    expect(page.description).toMatch(/.{20,}/);
  });

  it.each(["/chess-plus", "/textbooks/grad-school", "/blog/no-such-post", "/blog/@nobody", "/mcat/events/parties", "/job-positions/5"])("%s (unknown plan, level, post, author, event type or position) answers not found", async (path) => {
    const response = await app.fetch(path, { headers: { Accept: "text/html" } });
    expect(response.status).toBe(404);
    expect(await response.text()).toMatch(/<h1[^>]*>/);
  });
});

describe("machine-readable pages", () => {
  it("robots.txt points at the sitemap, which lists the public pages", async () => {
    const robots = await app.fetch("/robots.txt");
    expect(await robots.text()).toMatch(/Sitemap: https?:\/\/.+\/sitemap\.xml/);
    const sitemap = await app.fetch("/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const xml = await sitemap.text();
    for (const path of ["/pricing", "/mcat/exam-dates", "/blog/active-recall-and-spaced-repetition", "/partners/waterloo-math-society", "/textbooks/ap"]) {
      expect(xml).toContain(`${path}</loc>`);
    }
  });
});
