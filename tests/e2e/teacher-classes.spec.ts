import { signIn } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// Teachers' classes: a teacher adds a class for a term, a student joins it with its code, the
// teacher assigns a quiz with a due date, the student takes it there, and the score is the grade
// in the grade book and in its CSV export. Each project has its own student, so both run at once.

test("a teacher creates a class, a student joins with the code and hands in an assigned quiz, and the grade is in the grade book and its CSV", async ({ page, context }, testInfo) => {
  const js = testInfo.project.name === "js-on";
  const title = `Limits quiz ${testInfo.project.name} ${Date.now()}`;

  await signIn(page, "teacher@demo.test");
  await page.goto("/teacher-dashboard");
  const addClass = page.locator("section", { has: page.getByRole("heading", { name: "Add a class" }) });
  await addClass.getByLabel("Course").selectOption({ label: "MATH 137 — Calculus 1 for Honours Mathematics" });
  await addClass.getByRole("button", { name: "Add class" }).click();
  await expect(page).toHaveURL(/\/teacher-dashboard\/courses\/\d+\/students$/);
  await expect(page.getByRole("heading", { level: 1, name: /^MATH 137 — (Winter|Summer|Fall) \d{4}: students$/ })).toBeVisible();
  const studentsUrl = page.url();
  const code = (await page.locator("main code, code").first().textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{7}$/);

  // A quiz of the course's online course, due next year.
  const assign = page.locator("section", { has: page.getByRole("heading", { name: "Assign work" }) });
  await assign.getByLabel("Kind").selectOption("quiz");
  await assign.getByLabel("Title").fill(title);
  const quizValue = await assign.getByLabel("Activity (for a quiz or an activity)").locator("option", { hasText: "(quiz)" }).first().getAttribute("value");
  await assign.getByLabel("Activity (for a quiz or an activity)").selectOption(quizValue!);
  await assign.getByLabel("Instructions").fill("Take it once, on your own.");
  await assign.getByLabel("Due (UTC)").fill(`${new Date().getUTCFullYear() + 1}-01-15T17:00`);
  await assign.getByRole("button", { name: "Assign" }).click();
  await expect(page.locator('[data-shell="toasts"] [role="status"]').first()).toContainText(`"${title}" is assigned to the class.`);

  // The student joins with the code (typed in lower case) and takes the quiz.
  await page.goto("about:blank");
  await context.clearCookies();
  await signIn(page, js ? "student@demo.test" : "brand_ambassador@demo.test");
  await page.goto("/dashboard");
  await page.getByLabel("Class code from your teacher").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Join a class" }).click();
  await expect(page).toHaveURL(/\/join-class$/);
  await expect(page.locator('[data-shell="toasts"] [role="status"]').first()).toContainText(/You joined MATH 137/);
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Not yet submitted")).toBeVisible();
  const questions = page.getByRole("form", { name: `Hand in ${title}` }).locator("ol > li");
  const count = await questions.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) await questions.nth(index).getByRole("radio").first().check();
  await page.getByRole("button", { name: "Submit answers" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Submitted" })).toBeVisible();
  const gradeLine = page.getByText(/^Grade: \d+%$/);
  await expect(gradeLine).toBeVisible();
  const grade = /(\d+)%/.exec((await gradeLine.textContent())!)![1]!;

  // The teacher sees it in the grade book and in the CSV export.
  await page.goto("about:blank");
  await context.clearCookies();
  await signIn(page, "teacher@demo.test");
  await page.goto(studentsUrl);
  await page.getByRole("link", { name: "Grade book" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /: grade book$/ })).toBeVisible();
  await expect(page.getByLabel(new RegExp(`^${title} grade for `))).toHaveValue(grade);
  const csvHref = await page.getByRole("link", { name: "Export grades as CSV" }).getAttribute("href");
  const csv = await (await page.request.get(csvHref!)).text();
  const [header, row] = csv.trim().split("\r\n");
  expect(header).toBe(`Student,Email,${title},Average`);
  expect(row).toMatch(new RegExp(`,${js ? "student" : "brand_ambassador"}@demo\\.test,${grade},${grade}$`));
});
