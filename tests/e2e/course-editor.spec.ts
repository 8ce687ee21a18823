import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { signIn, signOut } from "./support/accounts";
import { expect, test } from "./support/fixtures";

/**
 * Issue 5, done when: an instructor creates a course, adds a chapter with sections and
 * activities, reorders, publishes; a booklet is generated and opened. With and without JavaScript.
 */

async function expectNoSeriousA11yViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

const chapterRegion = (page: Page, title: string) => page.getByRole("region", { name: new RegExp(`^\\d+\\. ${title}$`) });

async function openAndSubmit(page: Page, scope: Locator | Page, summary: string, formName: string, fill: (form: Locator) => Promise<void>, button: string) {
  const form = page.getByRole("form", { name: formName });
  // Opens the <details> around the form (clicked again should a page update have closed it).
  await expect(async () => {
    if (!(await form.isVisible())) await scope.getByText(summary, { exact: true }).click();
    await expect(form).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await fill(form);
  await form.getByRole("button", { name: button }).click();
}

test("an instructor builds, reorders and publishes a course, then opens its booklet", async ({ page }, testInfo) => {
  test.slow();
  const name = `Vector Calculus ${testInfo.project.name} ${Date.now().toString(36)}`;
  await signIn(page, "instructor@demo.test");

  // Create the course.
  await page.goto("/online-courses/new");
  await page.getByLabel("Course name").fill(name);
  await page.getByLabel("Course code").fill("MATH 237");
  await page.getByLabel("Course type").selectOption("exam_prep");
  await page.getByRole("button", { name: "Create course" }).click();
  await expect(page).toHaveURL(/\/online-courses\/\d+\/manager\/editor/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Course created" })).toBeVisible();
  const courseId = page.url().match(/online-courses\/(\d+)/)![1];

  // Two chapters.
  for (const title of ["Partial derivatives", "Multiple integrals"]) {
    const add = page.getByRole("form", { name: "Add a chapter" });
    await add.getByLabel("Chapter title").fill(title);
    await add.getByRole("button", { name: "Add chapter" }).click();
    await expect(chapterRegion(page, title)).toBeVisible();
  }

  // Sections of the first chapter: a core lesson and additional practice.
  const first = chapterRegion(page, "Partial derivatives");
  await openAndSubmit(page, first, "Add a section to “Partial derivatives”", "Add a section to Partial derivatives", async (form) => {
    await form.getByLabel("Section title").fill("Lessons");
    await form.getByLabel("Section type").selectOption("core");
  }, "Add section");
  await expect(page.getByRole("heading", { level: 4, name: "Lessons" })).toBeVisible();
  await openAndSubmit(page, chapterRegion(page, "Partial derivatives"), "Add a section to “Partial derivatives”", "Add a section to Partial derivatives", async (form) => {
    await form.getByLabel("Section title").fill("Extra practice");
    await form.getByLabel("Section type").selectOption("additional");
  }, "Add section");
  await expect(page.getByRole("heading", { level: 4, name: "Extra practice" })).toBeVisible();

  // Activities of the lessons section: a previewable video and a reading.
  // The items of the list in the section headed "Lessons" (the last list item holding that heading: its chapter's holds it too).
  const activities = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 4, name: "Lessons", exact: true }) }).last().getByRole("listitem");
  await openAndSubmit(page, page, "Add an activity to “Lessons”", "Add an activity to Lessons", async (form) => {
    await form.getByLabel("Activity title").fill("What a partial derivative is");
    await form.getByLabel("Activity type").selectOption("video");
    await form.getByLabel("Open to preview").check();
  }, "Add activity");
  await expect(activities).toHaveCount(1);
  await openAndSubmit(page, page, "Add an activity to “Lessons”", "Add an activity to Lessons", async (form) => {
    await form.getByLabel("Activity title").fill("The chain rule");
    await form.getByLabel("Activity type").selectOption("reading");
  }, "Add activity");
  await expect(activities).toHaveCount(2);
  await expect(activities.first()).toContainText("What a partial derivative is");
  await expect(activities.first()).toContainText("Preview");

  // Reorder: the reading first, the second chapter first.
  await page.getByRole("button", { name: "Move up: activity “The chain rule”" }).click();
  await expect(activities.first()).toContainText("The chain rule");
  await page.getByRole("button", { name: "Move up: chapter “Multiple integrals”" }).click();
  await expect(page.getByRole("heading", { level: 3, name: "1. Multiple integrals" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "2. Partial derivatives" })).toBeVisible();
  if (testInfo.project.name === "js-on") await expectNoSeriousA11yViolations(page);

  // The print view shows the whole course.
  await page.getByRole("link", { name: "Print view" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "1. Multiple integrals" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 4, name: /What a partial derivative is/ })).toBeVisible();
  if (testInfo.project.name === "js-on") await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Back to the course manager" }).click();

  // Publish: hidden → preparing → published.
  await expect(page.getByRole("button", { name: "Move to preparing" })).toBeVisible();
  if (testInfo.project.name === "js-on") await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Move to preparing" }).click();
  await expect(page.getByText("This course is preparing")).toBeVisible();
  await page.getByRole("button", { name: "Move to published" }).click();
  await expect(page.getByText("This course is published")).toBeVisible();
  await expect(page.getByRole("button", { name: "Move to closed" })).toBeVisible();

  // The booklet: generating, then ready (with JavaScript the banner follows by itself; without, a reload shows it).
  await page.getByRole("button", { name: "Generate booklet" }).click();
  await expect(page.getByText(/Generating booklet|Booklet ready!/).first()).toBeVisible();
  const open = page.getByRole("link", { name: "Open Booklet" });
  if (testInfo.project.name === "js-off") {
    await expect(async () => {
      await page.reload();
      await expect(open).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
  } else {
    await expect(open).toBeVisible({ timeout: 30_000 });
  }
  await expect(page.getByText("Booklet ready!")).toBeVisible();
  const href = await open.getAttribute("href");
  expect(href).toMatch(new RegExp(`^/online-courses/${courseId}/booklets/\\d+$`));
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
});

test("a chapter without a title and a price that is not an amount are refused with a clear message", async ({ page, consoleWatch }, testInfo) => {
  consoleWatch.allow(/status of 400/);
  await signIn(page, "instructor@demo.test");
  await page.goto("/online-courses/new");
  await page.getByLabel("Course name").fill(`Empty chapter check ${testInfo.project.name} ${Date.now().toString(36)}`);
  await page.getByLabel("Course code").fill("TEST 1");
  await page.getByRole("button", { name: "Create course" }).click();
  await expect(page).toHaveURL(/\/manager\/editor/);
  const add = page.getByRole("form", { name: "Add a chapter" });
  await add.getByLabel("Chapter title").fill("   ");
  await add.getByRole("button", { name: "Add chapter" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Enter a chapter title" })).toBeVisible();
  await expect(page.getByText("This course has no chapters yet.")).toBeVisible();

  // A price that is not an amount of dollars is refused with its reason; nothing is saved.
  await page.getByRole("link", { name: "Details and packages" }).click();
  await page.getByLabel("Price", { exact: true }).fill("forty");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("Enter the price in dollars, like 49 or 49.99")).toBeVisible();
  await page.getByLabel("Price", { exact: true }).fill("49.99");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Course details saved." })).toBeVisible();
  await expect(page.getByLabel("Price", { exact: true })).toHaveValue("49.99");
});

test("only the course's own instructor, managers and admins open its manager", async ({ page, consoleWatch }, testInfo) => {
  // The refused page answers 403 (and its client may ask for a route that is not there: 404).
  consoleWatch.allow(/status of 40[34]/);
  await signIn(page, "ss_instructor@demo.test");
  await page.goto("/online-courses/new");
  await page.getByLabel("Course name").fill(`Someone else's course ${testInfo.project.name} ${Date.now().toString(36)}`);
  await page.getByLabel("Course code").fill("OTHER 1");
  await page.getByRole("button", { name: "Create course" }).click();
  await expect(page).toHaveURL(/\/manager\/editor/);
  const manager = new URL(page.url()).pathname.replace(/\/editor$/, "");
  await signOut(page);
  await signIn(page, "instructor@demo.test");
  expect((await page.goto(manager))?.status()).toBe(403);
  await signOut(page);
  await signIn(page, "admin@demo.test");
  expect((await page.goto(manager))?.status()).toBe(200);
});
