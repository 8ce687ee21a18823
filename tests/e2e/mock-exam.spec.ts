import { onlineCourses } from "../../server/seed/data/online-courses";
import { uniqueEmail } from "./support/accounts";
import { payWithCard, signUpInCheckout } from "./support/checkout";
import { expect, test } from "./support/fixtures";

// The demo online courses are created in the order of the seed data, so their ids follow it.
const SLUG = "waterloo-math-137-exam-prep";
const course = onlineCourses.find((candidate) => candidate.slug === SLUG)!;
const COURSE_ID = onlineCourses.indexOf(course) + 1;
// The mock exam asks every chapter's quiz questions, in order (server/seed/curriculum.ts).
const ANSWERS = course.chapters.flatMap((chapter) => chapter.quiz.map((question) => question.choices[question.answer_index]!));

test("a new student buys the course, sits its mock exam, reloads mid-way and keeps the time left, and sees a scored review", async ({ page }, testInfo) => {
  // A purchase, then a dozen questions answered twice over page loads.
  test.slow();
  await page.goto(`/checkout?online_course_id=${COURSE_ID}&package=learn`);
  await signUpInCheckout(page, uniqueEmail("mock-exam", testInfo.project.name));
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await payWithCard(page, "4242 4242 4242 4242", /Pay/);
  await expect(page.getByRole("heading", { name: /You're enrolled/ })).toBeVisible();

  await page.goto(`/in-course-experience/${SLUG}`);
  await page.locator('a[href*="/mocks/"]').first().click();
  await expect(page.getByText(`${ANSWERS.length} questions · 150 minutes.`)).toBeVisible();
  await page.getByRole("button", { name: "Start the exam" }).click();

  const timeLeft = page.getByTestId("mock-time-left");
  await expect(timeLeft).toHaveText(/^2 h (29|30) min$/);
  const questions = page.getByRole("form", { name: course.mockExam!.title }).getByRole("group");
  await expect(questions).toHaveCount(ANSWERS.length);
  await questions.nth(0).getByLabel(ANSWERS[0]!, { exact: true }).check();
  await page.getByRole("button", { name: "Save answers" }).click();
  await expect(page.getByRole("status")).toContainText("Your answers are saved. The clock keeps running.");

  // A reload: the same sitting, the server's time left, the saved answer still ticked.
  await page.reload();
  await expect(timeLeft).toHaveText(/^2 h (28|29|30) min$/);
  await expect(questions.nth(0).getByLabel(ANSWERS[0]!, { exact: true })).toBeChecked();
  for (const [index, answer] of ANSWERS.entries()) await questions.nth(index).getByLabel(answer, { exact: true }).check();
  await page.getByRole("button", { name: "Submit exam" }).click();

  await expect(page.getByRole("heading", { name: `Your score: ${ANSWERS.length} of ${ANSWERS.length} (100%)` })).toBeVisible();
  await expect(page.getByText(/^Covered in “/).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Sit it again" })).toBeVisible();
});
