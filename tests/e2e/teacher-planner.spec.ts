import { signIn, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// A class's planner and its teachers: the demo teacher opens the demo class's planner, adds a
// lesson, moves it to a day of another week (with JavaScript by dragging it there, without by its
// "Change" form) and sees it in that week; then adds a co-teacher by email on the students page and
// removes them again. Each project uses its own titles and its own new teacher, so both run at once.

const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (day: string, count: number) => new Date(new Date(`${day}T00:00:00Z`).getTime() + count * DAY_MS).toISOString().slice(0, 10);
const toast = (page: import("@playwright/test").Page, text: string) => page.locator('[data-shell="toasts"] [role="status"]').filter({ hasText: text }).first();

test("a teacher plans a lesson, moves it to another week, and adds and removes a co-teacher", async ({ page, browser }, testInfo) => {
  const js = testInfo.project.name === "js-on";
  const title = `Derivatives ${testInfo.project.name} ${Date.now()}`;

  // A teacher account to add as a co-teacher, signed up from the educators' sign-up.
  const coTeacher = { firstName: "Cora", lastName: `Planner${Date.now().toString(36)}`, email: uniqueEmail("co-teacher", testInfo.project.name) };
  const other = await browser.newContext({ javaScriptEnabled: js });
  const otherPage = await other.newPage();
  await otherPage.goto("/sign-up?role=teacher");
  await otherPage.getByLabel("First name").fill(coTeacher.firstName);
  await otherPage.getByLabel("Last name").fill(coTeacher.lastName);
  await otherPage.getByLabel("Email").fill(coTeacher.email);
  await otherPage.getByLabel("Password").fill("a-long-password-1");
  await otherPage.getByRole("button", { name: "Create account" }).click();
  await expect(otherPage).not.toHaveURL(/\/sign-up/, { timeout: 30_000 });
  await other.close();

  await signIn(page, "teacher@demo.test");
  await page.goto("/teacher-dashboard");
  await page.locator("li", { hasText: "MATH7K2" }).getByRole("link", { name: /^Planner of / }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^MATH 137 — (Winter|Summer|Fall) \d{4}: planner$/ })).toBeVisible();
  const plannerUrl = page.url().replace(/#.*$/, "");

  // A lesson in the term's third week, moved to its fourth.
  const addLesson = page.locator("section", { has: page.getByRole("heading", { name: "Add a lesson" }) });
  const first = (await addLesson.getByLabel("Day").getAttribute("min"))!;
  const from = addDays(first, 14);
  const to = addDays(first, 22);
  await addLesson.getByLabel("Title").fill(title);
  await addLesson.getByLabel("Day").fill(from);
  await addLesson.getByLabel("Notes").fill("Bring graph paper.");
  await addLesson.getByRole("button", { name: "Add lesson" }).click();
  await expect(toast(page, `"${title}" is on`)).toBeVisible();
  const item = page.locator("[data-item]", { hasText: title });
  await expect(page.locator(`[data-date="${from}"]`)).toContainText(title);

  if (js) {
    await expect(item).toHaveAttribute("draggable", "true");
    // Both weeks on the screen, as a person dragging would have them.
    await page.locator("section.planner-week", { has: page.locator(`[data-date="${from}"]`) }).evaluate((week) => week.scrollIntoView({ block: "start" }));
    await item.locator(".planner-item__title").dragTo(page.locator(`[data-date="${to}"]`));
  } else {
    await item.locator("summary").click();
    await item.getByLabel("Move to").fill(to);
    await item.getByRole("button", { name: /^Move/ }).click();
  }
  await expect(toast(page, "Moved to")).toBeVisible();
  const newWeek = page.locator("section.planner-week", { has: page.locator(`[data-date="${to}"]`) });
  await expect(newWeek.locator(`[data-date="${to}"]`)).toContainText(title);
  await expect(page.locator(`[data-date="${from}"]`)).not.toContainText(title);
  // It stays there after a fresh load.
  await page.goto(plannerUrl);
  await expect(page.locator(`[data-date="${to}"]`)).toContainText(title);

  // Tidy up: delete the lesson with its form.
  await page.locator("[data-item]", { hasText: title }).locator("summary").click();
  await page.locator("[data-item]", { hasText: title }).getByRole("button", { name: /^Delete/ }).click();
  await expect(toast(page, `"${title}" is deleted.`)).toBeVisible();
  await expect(page.locator("[data-item]", { hasText: title })).toHaveCount(0);

  // A co-teacher, added by email on the students page, then removed.
  await page.getByRole("link", { name: "Students" }).click();
  const teachers = page.locator("section", { has: page.getByRole("heading", { name: /^Teachers \(\d+\)$/ }) });
  await teachers.getByLabel("Co-teacher's email").fill(coTeacher.email);
  await teachers.getByRole("button", { name: "Add teacher" }).click();
  await expect(toast(page, `${coTeacher.firstName} ${coTeacher.lastName} teaches this class now.`)).toBeVisible();
  await expect(teachers.getByText(coTeacher.email)).toBeVisible();
  await teachers.getByRole("button", { name: `Remove ${coTeacher.firstName} ${coTeacher.lastName} as a teacher` }).click();
  await expect(toast(page, "The teacher is removed from the class.")).toBeVisible();
  await expect(teachers.getByText(coTeacher.email)).toHaveCount(0);
});
