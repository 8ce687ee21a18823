import { describe, expect, it } from "vitest";
import { formatPrice } from "~/formatting/price";
import Homepage, { loader as homeLoader } from "~/routes/_index";
import AdminHome, { loader as adminLoader } from "~/routes/admin+/_index";
import ChatPage, { loader as chatLoader } from "~/routes/chats+/$id";
import ChatsPage, { action as startChat, loader as chatsLoader } from "~/routes/chats+/_index";
import CheckoutPage, { loader as checkoutLoader } from "~/routes/checkout+/_index";
import StudentDashboard, { loader as dashboardLoader } from "~/routes/dashboard";
import InCourseExperience, { loader as inCourseLoader } from "~/routes/in-course-experience+/$idOrSlug.$";
import OnlineCourseOverview, { loader as overviewLoader } from "~/routes/online-courses+/$id._index";
import CurriculumEditorPage, { loader as editorLoader } from "~/routes/online-courses+/$id_.manager.editor";
import { action as signUp } from "~/routes/sign-up";
import SignInPage, { loader as signInLoader } from "~/routes/users+/sign_in";
import { uniqueIp } from "../../integration/accounts/helpers";
import { useTestDatabase } from "../../support/database";
import { htmlProblems, renderPage } from "../../support/render-page";
import { routeVisitor, sessionCookieFor, type RouteVisitor } from "../../support/route-visitor";

/**
 * Pages of the demo site as their loaders answer, rendered as the server renders them: valid HTML
 * (html-validate with the site's rules), buttons named with the words they show (WCAG 2.5.3),
 * struck prices and lists that screen readers read, and the dashboard's greeting.
 */
const database = useTestDatabase();
const db = () => database().db;

async function signedIn(email: string): Promise<RouteVisitor> {
  const { id } = await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return routeVisitor({ session: await sessionCookieFor(id) });
}

/** A page as the browser receives it, from its loader's answer for this visitor. */
async function page(visitor: RouteVisitor, Page: Parameters<typeof renderPage>[0], loader: Parameters<RouteVisitor["get"]>[0], url: string, params: Record<string, string> = {}) {
  const answer = await visitor.get(loader, url, { params });
  expect(answer.status, url).toBe(200);
  return { data: answer.data, html: await renderPage(Page, { loaderData: answer.data, url }) };
}

/** The text a screen reader reads: the markup without its tags (React's <!-- --> markers too). */
const spoken = (html: string) => html.replace(/<[^>]*>/g, "").replace(/&amp;/g, "&");

/** Every <ul> and <ol> that carries an aria-label, which screen readers do not all read on a list. */
const labelledLists = (html: string) => html.match(/<(ul|ol)\b[^>]*\saria-label=/g) ?? [];

describe("the course editor, as the course's instructor sees it", () => {
  async function editor() {
    const course = await db()
      .selectFrom("online_courses")
      .innerJoin("users", "users.id", "online_courses.instructor_id")
      .where("users.email", "=", "instructor@demo.test")
      .select("online_courses.id")
      .orderBy("online_courses.id")
      .executeTakeFirstOrThrow();
    const url = `/online-courses/${course.id}/manager/editor`;
    return page(await signedIn("instructor@demo.test"), CurriculumEditorPage, editorLoader, url, { id: String(course.id) });
  }

  it("names each Move up, Move down and Delete button with the words it shows, then the item", async () => {
    const { data, html } = await editor();
    const buttons = [...html.matchAll(/<button[^>]*aria-label="([^"]*)"[^>]*>([^<]*)<\/button>/g)].map(([, name, text]) => ({ name: name!, text: text! }));
    expect(new Set(buttons.map((button) => button.text))).toEqual(new Set(["Move up", "Move down", "Delete"]));
    expect(buttons.filter((button) => !button.name.startsWith(`${button.text}: `))).toEqual([]);
    const [first, second] = data.chapters as { title: string; sections: { title: string }[] }[];
    expect(buttons.map((button) => button.name)).toEqual(
      expect.arrayContaining([`Move down: chapter “${first!.title}”`, `Move up: chapter “${second!.title}”`, `Delete: section “${first!.sections[0]!.title}”`]),
    );
  });

  it("is valid HTML, its chapters' like-named sections and their forms told apart", async () => {
    const { data, html } = await editor();
    // The demo course repeats section titles from chapter to chapter ("Core lessons"…), as courses do.
    const sectionTitles = (data.chapters as { sections: { title: string }[] }[]).flatMap((chapter) => chapter.sections.map((section) => section.title));
    expect(new Set(sectionTitles).size).toBeLessThan(sectionTitles.length);
    expect(await htmlProblems(html)).toEqual([]);
    const formNames = [...html.matchAll(/<form[^>]*aria-label="([^"]*)"/g)].map(([, name]) => name);
    expect(formNames).toContain(`Add an activity to ${sectionTitles[0]} (section 1 of chapter 1)`);
    expect(new Set(formNames).size).toBe(formNames.length);
    expect(labelledLists(html)).toEqual([]);
  });
});

describe("struck regular prices", () => {
  /** "$49 CAD regular price $69 CAD": what a screen reader reads of a price and its struck regular price. */
  const readAloud = (cents: number, regularCents: number, currency: "USD" | "CAD") => `${formatPrice(cents, currency)} regular price ${formatPrice(regularCents, currency)}`;

  it("are read as the regular price on a course's page", async () => {
    const course = await db().selectFrom("online_courses").select("id").where("slug", "=", "waterloo-math-137-exam-prep").executeTakeFirstOrThrow();
    const { data, html } = await page(routeVisitor(), OnlineCourseOverview, overviewLoader, `/online-courses/${course.id}`, { id: String(course.id) });
    const struck = (data.offers as { priceCents: number; regularPriceCents: number | null }[]).filter((offer) => offer.regularPriceCents !== null && offer.regularPriceCents > offer.priceCents);
    expect(struck.length).toBeGreaterThan(0);
    for (const offer of struck) expect(spoken(html)).toContain(readAloud(offer.priceCents, offer.regularPriceCents!, data.course.currency));
    expect(html).not.toMatch(/<s\b[^>]*aria-label/);
    expect(await htmlProblems(html)).toEqual([]);
  });

  it("are read as the regular price on the homepage", async () => {
    const { data, html } = await page(routeVisitor(), Homepage, homeLoader, "/");
    const struck = (data.featuredCourses as { price_cents: number; regular_price_cents: number | null; currency: "USD" | "CAD" }[]).filter(
      (course) => course.regular_price_cents !== null && course.regular_price_cents > course.price_cents,
    );
    expect(struck.length).toBeGreaterThan(0);
    for (const course of struck) expect(spoken(html)).toContain(readAloud(course.price_cents, course.regular_price_cents!, course.currency));
    expect(html).not.toMatch(/<s\b[^>]*aria-label/);
    expect(await htmlProblems(html)).toEqual([]);
  });
});

describe("the dashboard", () => {
  const heading = (html: string) => spoken(/<h1[^>]*>(.*?)<\/h1>/.exec(html)![1]!);

  it("welcomes back a student who has been here before, on valid HTML", async () => {
    const { html } = await page(await signedIn("student@demo.test"), StudentDashboard, dashboardLoader, "/dashboard");
    expect(heading(html)).toBe("Welcome back, Maya");
    expect(await htmlProblems(html)).toEqual([]);
  });

  it("welcomes a new account, signed in by its sign-up, without a “back”", async () => {
    const newcomer = routeVisitor({ clientIp: uniqueIp() });
    const created = await newcomer.form(signUp, "/sign-up", { first_name: "Nadia", last_name: "Haddad", email: "nadia.first-visit@example.test", password: "a-strong-password", signup_role: "student" });
    // A new student sets up their profile first (skippable); their home comes after.
    expect(created.headers.get("Location")).toBe("/onboarding?redirect_to=%2Fdashboard");
    const { html } = await page(newcomer, StudentDashboard, dashboardLoader, "/dashboard");
    expect(heading(html)).toBe("Welcome, Nadia");
  });
});

describe("lists, introduced by the heading before them", () => {
  it("lists a student's chats under “Your chats”, and a chat's messages under its title", async () => {
    const student = await signedIn("student@demo.test");
    const started = await student.form(startChat, "/chats", { email: "tutor@demo.test" });
    const chatUrl = started.headers.get("Location")!;
    const chats = await page(student, ChatsPage, chatsLoader, "/chats");
    expect(chats.html).toMatch(/<h2[^>]*>Your chats<\/h2>(<p[^>]*>No chats yet.<\/p>)?<ul/);
    expect(labelledLists(chats.html)).toEqual([]);
    expect(await htmlProblems(chats.html)).toEqual([]);
    const chat = await page(student, ChatPage, chatLoader, chatUrl, { id: chatUrl.split("/").pop()! });
    expect(labelledLists(chat.html)).toEqual([]);
    expect(await htmlProblems(chat.html)).toEqual([]);
  });

  it("shows a course's curriculum and a chapter's activities in the course", async () => {
    const student = await signedIn("student@demo.test");
    const slug = "waterloo-math-137-exam-prep";
    for (const rest of ["", "chapter/1"]) {
      const { html } = await page(student, InCourseExperience, inCourseLoader, `/in-course-experience/${slug}${rest ? `/${rest}` : ""}`, { idOrSlug: slug, "*": rest });
      expect(labelledLists(html), rest).toEqual([]);
      expect(await htmlProblems(html), rest).toEqual([]);
    }
  });
});

describe("valid HTML", () => {
  it("on the admin's user directory", async () => {
    const { html } = await page(await signedIn("admin@demo.test"), AdminHome, adminLoader, "/admin?query=student%40demo.test");
    expect(spoken(html)).toContain("Maya Thompsonstudent@demo.test");
    expect(await htmlProblems(html)).toEqual([]);
  });

  it("on a guest's checkout, where they also create their account", async () => {
    const { html } = await page(routeVisitor(), CheckoutPage, checkoutLoader, "/checkout?plan=plus&interval=year");
    expect(html).toContain("Create your account");
    expect(await htmlProblems(html)).toEqual([]);
  });

  it("on the sign-in page, whose “Keep me signed in” label wraps its checkbox", async () => {
    const { html } = await page(routeVisitor(), SignInPage, signInLoader, "/users/sign_in");
    expect(html).toMatch(/<label[^>]*><input[^>]*type="checkbox"[^>]*\/><span[^>]*>Keep me signed in on this device<\/span><\/label>/);
    expect(await htmlProblems(html)).toEqual([]);
  });
});
