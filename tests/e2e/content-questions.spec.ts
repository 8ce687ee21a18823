import type { BrowserContext, Page } from "@playwright/test";
import { onlineCourses } from "../../server/seed/data/online-courses";
import { signIn, signUp, uniqueEmail } from "./support/accounts";
import { payWithCard, signUpInCheckout } from "./support/checkout";
import { expect, test } from "./support/fixtures";

// Questions on course content (SPEC §2 oc_questions): a student asks the instructor about an
// activity, the instructor finds it among the open questions and answers it for every student,
// the student is told, and another enrolled student reads it under the activity. Plain forms, so
// it works without JavaScript. Each project buys the course for its own new student.

const COURSE_SLUG = "waterloo-math-137-exam-prep";
// The demo online courses are created in the order of the seed data, so their ids follow it.
const COURSE_ID = onlineCourses.findIndex((course) => course.slug === COURSE_SLUG) + 1;
const ACTIVITY = "Continuity and the Intermediate Value Theorem";

/** Leaves the signed-in page before its cookies go, so nothing it still sends (the live notifications) answers 401. */
async function leave(page: Page, context: BrowserContext) {
  await page.goto("about:blank");
  await context.clearCookies();
}

async function openActivity(page: Page) {
  await page.goto(`/in-course-experience/${COURSE_SLUG}`);
  await page.getByRole("link", { name: ACTIVITY }).first().click();
  await expect(page.getByRole("heading", { level: 2, name: ACTIVITY })).toBeVisible();
}

test("a student asks the instructor about an activity, who answers it for every student", async ({ page, context }, testInfo) => {
  const email = uniqueEmail("question-asker", testInfo.project.name);
  const title = `Does the IVT work on an open interval? (${testInfo.project.name} ${Date.now().toString(36)})`;

  await page.goto(`/checkout?online_course_id=${COURSE_ID}&package=learn`);
  await signUpInCheckout(page, email);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await payWithCard(page, "4242 4242 4242 4242", /Pay/);
  await expect(page.getByRole("heading", { name: /You're enrolled in MATH 137 Exam Prep/ })).toBeVisible();

  await openActivity(page);
  await page.getByText("Ask the instructor a question").click();
  await page.getByLabel("Your question in a line").fill(title);
  await page.getByLabel("Details").fill("If $f$ is continuous on $(a, b)$ only, can I still use the theorem?");
  await page.getByRole("button", { name: "Send to the instructor" }).click();
  await expect(page.getByText("Your question is with the instructor. You'll be notified of the answer.")).toBeVisible();
  const mine = page.getByRole("article", { name: title });
  await expect(mine.getByTestId("question-status")).toHaveText("Open");
  await expect(page.getByText("Only you and the instructor see this question.")).toBeVisible();

  await leave(page, context);
  await signIn(page, "instructor@demo.test");
  await page.goto("/instructor-dashboard");
  await page.getByRole("link", { name: /open questions? from students/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Students' questions" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Open \(\d+\)$/ })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(/ocq_id=\d+/);
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await page.getByLabel("Your answer").fill("Not as stated: the values $f(a)$ and $f(b)$ must be reached, so $f$ must be continuous on $[a, b]$.");
  await page.getByLabel("Show the question and answer under the activity to every student").check();
  await page.getByRole("button", { name: "Send answer" }).click();
  await expect(page.getByText("Answered. Every student of the activity sees it.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: title }).getByTestId("question-status")).toHaveText("Answered");

  await leave(page, context);
  await signIn(page, email, "checkout-password-1");
  await page.goto("/notifications");
  await expect(page.getByText(`Your question “${title}” was answered`)).toBeVisible();
  await openActivity(page);
  await expect(page.getByRole("article", { name: title })).toContainText("must be continuous on");

  // Every enrolled student reads it under the activity.
  await leave(page, context);
  await signIn(page, "student@demo.test");
  await openActivity(page);
  const shared = page.getByRole("article", { name: title });
  await expect(shared.getByTestId("question-status")).toHaveText("Answered");
  await expect(shared).toContainText("(Instructor)");
  await expect(shared.locator(".katex").first()).toBeVisible();
});

test("a student asks a Study Buddy from the dashboard; a study-buddy admin answers, the student follows up and the admin closes it", async ({ page, context, consoleWatch }, testInfo) => {
  // The refused question answers 400, as it should.
  consoleWatch.allow(/status of 400/);
  const password = "buddy-password-1";
  const email = uniqueEmail("buddy-asker", testInfo.project.name);
  const title = `How long should an essay's introduction be? (${testInfo.project.name} ${Date.now().toString(36)})`;
  await signUp(page, { firstName: "Bea", lastName: "Asker", email, password });
  await page.goto("/dashboard?page=ask-a-question");
  await expect(page.getByRole("heading", { level: 1, name: "Ask a question" })).toBeVisible();
  // Nothing sent without a question (spaces pass the browser's check, not the server's): the form says why.
  await page.getByLabel("Your question in a line").fill("   ");
  await page.getByLabel("Details").fill("For a 1,500-word essay.");
  await page.getByRole("button", { name: "Send my question" }).click();
  await expect(page.getByText("Sum up your question in at least 3 characters")).toBeVisible();
  await page.getByLabel("About").selectOption("study_buddy");
  await page.getByLabel("Subject (for a Study Buddy question)").fill("Essay writing");
  await page.getByLabel("Your question in a line").fill(title);
  await page.getByLabel("Details").fill("For a 1,500-word essay.");
  await page.getByRole("button", { name: "Send my question" }).click();
  await expect(page.getByText("Your question is sent. You'll be notified of the answer.")).toBeVisible();
  await expect(page.getByRole("article", { name: title }).getByTestId("question-status")).toHaveText("Open");

  await leave(page, context);
  await signIn(page, "study_buddy_admin@demo.test");
  await page.goto("/instructor-dashboard?page=oc_questions");
  await page.getByRole("link", { name: title }).click();
  await page.getByLabel("Your answer").fill("About a tenth of the essay: 150 words that end on your thesis.");
  await page.getByRole("button", { name: "Send answer" }).click();
  await expect(page.getByText("Answered. The student has been told.")).toBeVisible();

  await leave(page, context);
  await signIn(page, email, password);
  await page.goto("/dashboard?page=ask-a-question");
  const mine = page.getByRole("article", { name: title });
  await expect(mine).toContainText("(Study Buddy)");
  await expect(mine.getByTestId("question-status")).toHaveText("Answered");
  await page.getByText("Add a follow-up").first().click();
  await page.getByLabel("Follow-up").first().fill("Does the thesis count in those 150 words?");
  await page.getByRole("button", { name: "Send follow-up" }).first().click();
  await expect(page.getByText("Your follow-up is sent.")).toBeVisible();
  await expect(page.getByRole("article", { name: title }).getByTestId("question-status")).toHaveText("Open");

  await leave(page, context);
  await signIn(page, "study_buddy_admin@demo.test");
  await page.goto("/instructor-dashboard?page=oc_questions");
  await page.getByRole("link", { name: title }).click();
  await page.getByRole("button", { name: "Close the question" }).click();
  await expect(page.getByText("The question is closed.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Reopen the question" })).toBeVisible();
});

test("an admin adds a question to the help page's FAQs, moves it up, and it shows on /faq", async ({ page }, testInfo) => {
  const question = `Can I change my course package later? (${testInfo.project.name} ${Date.now().toString(36)})`;
  await signIn(page, "admin@demo.test");
  await page.goto("/admin/faqs");
  const help = page.getByRole("region", { name: /Help: frequently asked questions/ });
  await help.getByText("Add a question to Help: frequently asked questions").click();
  await help.getByLabel("Question", { exact: true }).fill(question);
  await help.getByLabel("Answer", { exact: true }).last().fill("Yes: upgrade from Learn to the Learn-Practice Bundle and pay only the difference.");
  await help.getByRole("button", { name: "Add the question" }).click();
  const item = page.locator(`li:has(input[value="${question}"])`);
  await expect(item).toHaveCount(1);
  await item.getByRole("button", { name: "Move up" }).click();
  await expect(page.locator(`li:has(input[value="${question}"])`).getByRole("button", { name: "Move down" })).toBeVisible();

  await page.goto("/faq");
  await page.getByText(question).click();
  await expect(page.getByText("pay only the difference")).toBeVisible();
  const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(structured.some((text) => text.includes(question))).toBe(true);

  await page.goto("/admin/faqs");
  await page
    .locator(`li:has(input[value="${question}"])`)
    .getByRole("button", { name: /^Delete/ })
    .click();
  await expect(page.locator(`li:has(input[value="${question}"])`)).toHaveCount(0);
});
