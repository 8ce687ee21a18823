import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../app/accounts/session.server";
import { parseHtml } from "../support/crawl";
import { useTestDatabase } from "../support/database";
import { useTestApp, visitor } from "../support/http-app";
import { sessionCookieFor } from "../support/route-visitor";

/**
 * The app bar each demo role sees on its home page (SPEC §2 Shell): the left link, the other
 * homes, the role's program menu, Resources and the account menu, as the server renders them.
 * Which entries a role gets is decided in app/shell/menus.ts (tests/unit/shell/menus.test.ts);
 * opening the menus with a pointer and the keyboard is walked in tests/e2e/shell.spec.ts.
 */
const database = useTestDatabase();
const app = useTestApp();

const CASES: { email: string; left: string; more?: string[]; programs?: string[] }[] = [
  { email: "admin@demo.test", left: "Home", more: ["Educator Home", "Student Home"] },
  { email: "student@demo.test", left: "Dashboard" },
  { email: "instructor@demo.test", left: "Home", more: ["Student Home"] },
  { email: "tutor@demo.test", left: "Home", more: ["Student Home"] },
  { email: "teacher@demo.test", left: "Home" },
  { email: "manager@demo.test", left: "Home", more: ["Student Home"] },
  { email: "content_creator@demo.test", left: "Dashboard" },
  { email: "class_rep@demo.test", left: "Dashboard", programs: ["Class Rep Dashboard", "Announcements"] },
  { email: "marketing_rep@demo.test", left: "Dashboard", programs: ["Marketing Dashboard", "Announcements"] },
  { email: "mcat_rep@demo.test", left: "Dashboard", programs: ["MCAT Rep Dashboard"] },
  { email: "job_applicant@demo.test", left: "Dashboard", programs: ["Job Application"] },
  { email: "brand_ambassador@demo.test", left: "Dashboard", programs: ["Brand Ambassador Dashboard"] },
];

const words = (text: string) => text.replace(/\s+/g, " ").trim();

/** The bar of the page the front page sends this user to. */
async function homeBar(email: string) {
  const { id } = await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  const browser = visitor(app);
  browser.jar.set(SESSION_COOKIE, await sessionCookieFor(id));
  const front = await browser.fetch("/", { headers: { Accept: "text/html" } });
  expect(front.status, "the front page sends a signed-in user home").toBe(302);
  const home = await browser.page(front.headers.get("location")!);
  expect(home.response.status).toBe(200);
  const root = await parseHtml(home.html.replace(/<!-- -->/g, ""));
  const bar = root.querySelector('[data-shell="app-bar"]');
  expect(bar, "the app bar").toBeTruthy();
  const menu = (name: string) => bar!.querySelector(`[data-shell="${name}"]`);
  const labels = (name: string) => menu(name)?.querySelectorAll(".shell-menu__list a").map((link) => words(link.textContent));
  return { bar: bar!, menu, labels };
}

describe("the app bar per role", () => {
  it.each(CASES.map((row) => [row.email, row] as const))("%s", async (email, { left, more, programs }) => {
    const { bar, menu, labels } = await homeBar(email);
    expect(words(bar.querySelector('[data-shell="left-main"]')!.textContent)).toBe(left);
    expect(labels("more-homes")).toEqual(more);
    expect(labels("role-menu")).toEqual(programs);
    expect(labels("resources-menu")).toEqual(["Privacy Policy", "Help Center (another site)", "Invite a Friend"]);
    expect(labels("account-menu")).toEqual(["My Account"]);
    expect(menu("account-menu")!.querySelectorAll("button").map((button) => words(button.textContent))).toContain("Sign out");
    expect(bar.querySelector('[data-shell="chats-link"]')?.getAttributeValue("href")).toBe("/chats");
    expect(bar.querySelector('[data-shell="notifications-link"]')?.getAttributeValue("href")).toBe("/notifications");
  });
});
