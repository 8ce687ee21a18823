import { expect, test } from "./support/fixtures";
import { signIn } from "./support/accounts";

const COURSE = "waterloo-math-137-exam-prep";
const COURSE_NAME = "MATH 137 Exam Prep: Calculus 1";

async function dashboardProgress(page: import("@playwright/test").Page) {
  await page.goto("/dashboard?tab=current");
  const item = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: COURSE_NAME, exact: true }) });
  await expect(item).toBeVisible();
  const text = await item.getByText(/Progress: \d+%/).textContent();
  return Number(/Progress: (\d+)%/.exec(text ?? "")?.[1]);
}

test.describe("online courses", () => {
  test("a guest previews an intro activity and is stopped at a locked one with the reason", async ({ page }) => {
    await page.goto(`/online-courses/${COURSE}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(COURSE_NAME);
    const packages = page.getByRole("region", { name: "Packages" });
    await expect(packages.getByRole("heading", { name: "Learn-Practice Bundle" })).toBeVisible();
    await expect(packages.getByRole("link", { name: "Buy Learn", exact: true })).toHaveAttribute("href", /\/checkout\?online_course_id=\d+&package=learn$/);

    await page.getByRole("region", { name: "Try it free" }).getByRole("link", { name: `Welcome to ${COURSE_NAME}` }).click();
    await expect(page).toHaveURL(new RegExp(`/in-course-experience/${COURSE}/intro\\?activity=\\d+$`));
    const lesson = page.getByRole("article");
    await expect(lesson.getByRole("heading", { name: `Welcome to ${COURSE_NAME}` })).toBeVisible();
    await expect(lesson.getByText("Locked.")).toHaveCount(0);

    await page.getByText("All chapters").click();
    await page.getByRole("link", { name: "The Squeeze Theorem" }).click();
    await expect(page.getByRole("article").getByRole("heading", { name: /The Squeeze Theorem/ })).toBeVisible();
    await expect(page.getByText("Sign in to open this lesson.")).toBeVisible();
    await expect(page.getByRole("article").getByRole("link", { name: "Sign in" })).toHaveAttribute("href", /\/users\/sign_in\?redirect_to=/);
  });

  test("an enrolled student resumes, completes activities, takes a checkpoint quiz and sees progress on the dashboard", async ({ page }) => {
    await signIn(page, "student@demo.test");
    const before = await dashboardProgress(page);

    await page.getByRole("link", { name: `Resume ${COURSE_NAME}` }).click();
    await expect(page).toHaveURL(new RegExp(`/in-course-experience/${COURSE}/`));
    const first = await page.getByRole("article").getByRole("heading", { level: 2 }).textContent();

    // Complete the current activity (a lesson, or a quiz the student answers) and move on.
    const complete = page.getByRole("button", { name: /Mark complete/ });
    if (await complete.count()) {
      await complete.click();
    } else {
      await page.getByRole("form").getByRole("group").first().getByRole("radio").first().check();
      await page.getByRole("button", { name: "Submit answers" }).click();
      await page.getByRole("link", { name: "Continue" }).click();
    }
    await expect(page.getByRole("article").getByRole("heading", { level: 2 })).not.toHaveText(first ?? "");

    // The chapter's checkpoint quiz, scored on the server.
    await page.goto(`/in-course-experience/${COURSE}/chapter/1/checkpoint-quiz`);
    await page.getByRole("link", { name: "Checkpoint quiz: Limits and Continuity" }).first().click();
    const questions = page.getByRole("form", { name: "Checkpoint quiz: Limits and Continuity" }).getByRole("group");
    await expect(questions.first()).toBeVisible();
    for (const question of await questions.all()) await question.getByRole("radio").nth(1).check();
    await page.getByRole("button", { name: "Submit answers" }).click();
    await expect(page.getByRole("heading", { name: /You scored \d+ of \d+/ })).toBeVisible();
    await expect(page.getByText("Saved to your progress.")).toBeVisible();

    const after = await dashboardProgress(page);
    expect(after).toBeGreaterThan(before);
  });

  test("the curriculum search works with a plain form", async ({ page }) => {
    await page.goto(`/in-course-experience/${COURSE}`);
    await page.getByLabel("Search lessons").fill("SQUEEZE");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\?q=SQUEEZE$/);
    const results = page.getByRole("region", { name: "Search results" });
    await expect(results.getByRole("heading")).toHaveText("1 lesson matches “SQUEEZE”");
    await expect(results.getByRole("link", { name: "The Squeeze Theorem" })).toBeVisible();
  });
});
