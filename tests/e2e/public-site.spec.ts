import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { signIn } from "./support/accounts";
import { expect, test } from "./support/fixtures";

/**
 * The public site in a browser: what needs one (menus, forms, dialogs, axe on states a page
 * reaches after a click). Each public page's heading, content and metadata as the server sends
 * them: tests/system/public-pages.test.ts.
 */

/** The serious and critical axe violations of a scan, one line each with up to three targets. */
function serious(results: Awaited<ReturnType<AxeBuilder["analyze"]>>): string[] {
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

/**
 * Axe over the whole page as the visitor sees it after what the test did. Every page route as it
 * first loads is scanned by tests/e2e/axe-pages.spec.ts; here only states it cannot reach. Axe
 * runs as a script in the page, so the JS-off project skips it: it serves the same HTML.
 */
async function expectNoSeriousAxeViolations(page: Page) {
  if (test.info().project.name === "js-off") return;
  expect(serious(await new AxeBuilder({ page }).analyze())).toEqual([]);
}

test.describe("app bar menus", () => {
  // Axe runs as a script in the page; the JS-off project gets the same markup.
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe needs JavaScript");

  // One page for each colour of the app bar: the panels are the same on every page of one colour.
  for (const path of ["/", "/pricing", "/mcat", "/for-educators"]) {
    test(`${path}: the bar's menus, all open, have no serious accessibility problem`, async ({ page }) => {
      await page.goto(path);
      const menus = page.locator('[data-shell="app-bar"] details');
      await expect(menus.first()).toBeVisible();
      await menus.evaluateAll((all: HTMLDetailsElement[]) => all.forEach((menu) => (menu.open = true)));
      expect(serious(await new AxeBuilder({ page }).include('[data-shell="app-bar"]').analyze())).toEqual([]);
    });
  }
});

test.describe("plans and pricing", () => {
  test("yearly is the default; the monthly switch and Canadian prices work with links", async ({ page }) => {
    await page.goto("/pricing");
    const plus = page.getByRole("article", { name: "Plus", exact: true });
    await expect(plus).toContainText("$179.40");
    await expect(plus).toContainText("Save 50%");
    await expect(plus.getByRole("link", { name: "Get Plus" })).toHaveAttribute("href", "/checkout?plan=plus&interval=year");

    await page.getByRole("link", { name: "Monthly" }).click();
    await expect(page).toHaveURL(/interval=month/);
    await expect(plus).toContainText("$29.95");
    await expect(page.getByRole("article", { name: "Pre-Med Plus" })).toContainText("$49.95");
    await expect(plus.getByRole("link", { name: "Get Plus" })).toHaveAttribute("href", "/checkout?plan=plus&interval=month");

    await page.getByRole("link", { name: "CAD (Canada)" }).click();
    await expect(page).toHaveURL(/country=CA/);
    await expect(plus).toContainText("$29.95 CAD");
    await expect(plus).toContainText("Plus 5% sales tax");
  });
});

test.describe("search", () => {
  test("searches courses and schools with the form, and pages", async ({ page }) => {
    await page.goto("/search");
    await page.getByLabel("Search for").fill("chemistry");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/query=chemistry/);
    await expect(page.getByRole("status")).toContainText(/\d+ courses? matching “chemistry”/);
    const results = page.getByRole("list", { name: "Search results" }).getByRole("listitem");
    await expect(results).not.toHaveCount(0);

    await page.getByLabel("Search for").fill("McGill");
    await page.getByRole("radio", { name: "Schools" }).check();
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/type=school/);
    // The address changes before the results render (React renders navigations as transitions).
    await expect(page.getByRole("status")).toContainText(/\d+ schools? matching “McGill”/);
    await page.getByRole("link", { name: /McGill University/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("McGill University");
  });
});

test.describe("forms", () => {
  test("the med school calculator answers a GET form", async ({ page }) => {
    await page.goto("/med-school-calculator");
    await page.getByLabel("GPA (0 to 4.0)").fill("3.85");
    await page.getByRole("textbox", { name: /MCAT score/ }).fill("515");
    await page.getByRole("button", { name: "Calculate" }).click();
    await expect(page).toHaveURL(/gpa=3.85&mcat=515/);
    await expect(page.getByRole("status")).toContainText("With a 3.85 GPA and a 515 MCAT");
    await expect(page.getByRole("table")).toContainText("University of Toronto");
  });

  test("a visitor sends a contact message", async ({ page }) => {
    await page.goto("/contact-us?topic=billing");
    await page.getByLabel("Your name").fill("Pat Parent");
    await page.getByLabel("Email").fill("pat@example.com");
    await expect(page.getByLabel("Topic")).toHaveValue("billing");
    await page.getByLabel("Message").fill("Can I pay for my daughter's course in Canadian dollars?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(page.getByRole("status")).toContainText("your message is on its way");
  });

  test("a job application is refused with messages, then accepted", async ({ page, consoleWatch }) => {
    // Without JavaScript the refused post comes back as a 400 page, which Chromium logs.
    consoleWatch.allow(/status of 400/);
    await page.goto("/job-positions/2");
    await page.getByRole("link", { name: "Apply for this position" }).click();
    await expect(page.getByLabel("Position")).toHaveValue("2");
    await page.getByLabel("Full name").fill("Jordan Applicant");
    await page.getByLabel("Email").fill("jordan@example.com");
    await page.getByLabel("Why are you a good fit?").fill("Too short");
    await page.getByRole("button", { name: "Send application" }).click();
    await expect(page.getByText("Write at least 20 characters")).toBeVisible();
    await page.getByLabel("Why are you a good fit?").fill("I have built server-rendered web apps for five years and tutor math.");
    await page.getByRole("button", { name: "Send application" }).click();
    await expect(page.getByRole("status")).toContainText("we received your application");
  });
});

test.describe("announcements", () => {
  test("a rep responds, comments and resolves with plain forms", async ({ page }, testInfo) => {
    // Each project answers as a different rep so the two runs do not race for the same forms.
    await signIn(page, testInfo.project.name === "js-off" ? "class_rep@demo.test" : "marketing_rep@demo.test");
    await page.goto("/announcements");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Announcements");
    await expect(page.getByText(/You have \d+ unanswered/)).toBeVisible();
    // Pinned by its title: staff may publish a newer announcement to the same reps meanwhile (the
    // test below), which would then come first and change the unanswered count.
    const title = (await page.getByRole("form", { name: /^Respond to / }).first().getAttribute("aria-label"))!.replace("Respond to ", "");
    const respond = page.getByRole("form", { name: `Respond to ${title}`, exact: true });
    await respond.getByLabel("I'm in").check();
    await respond.getByLabel("Comment (optional)").fill("Count me in for this one.");
    await respond.getByRole("button", { name: "Send response" }).click();
    await expect(page.getByRole("status")).toContainText("Your response was sent.");
    // Answered: no longer offered to respond to.
    await expect(respond).toHaveCount(0);

    const card = page.getByRole("article", { name: title });
    await expect(card).toContainText("I'm in");
    await expect(card).toContainText("Count me in for this one.");
    await card.getByLabel("Add a comment").fill("Posted in the course group chat.");
    await card.getByRole("button", { name: "Comment" }).click();
    await expect(page.getByRole("status")).toContainText("Your comment was added.");
    await expect(card).toContainText("Posted in the course group chat.");

    await card.getByRole("button", { name: "Mark resolved" }).click();
    await expect(page.getByRole("status")).toContainText("Marked as resolved.");
    await expect(card).toContainText("Resolved");
    await expect(card.getByRole("button", { name: "Mark resolved" })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
  });

  test("staff publish an announcement to class reps", async ({ page }, testInfo) => {
    await signIn(page, "admin@demo.test");
    await page.goto("/announcements");
    const title = `Finals kit (${testInfo.project.name})`;
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Message").first().fill("The finals kit is ready: session dates and a free practice set for every course.");
    await page.getByLabel("Class reps").check();
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByRole("status")).toContainText("The announcement was published.");
    await expect(page.getByRole("article", { name: title })).toContainText("to Class reps");
  });

  test("a student cannot open announcements", async ({ page, consoleWatch }) => {
    consoleWatch.allow(/status of 403/);
    await signIn(page, "student@demo.test");
    const response = await page.goto("/announcements");
    expect(response?.status()).toBe(403);
  });
});
