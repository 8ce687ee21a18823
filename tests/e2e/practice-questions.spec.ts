import { uniqueEmail } from "./support/accounts";
import { payWithCard, signUpInCheckout } from "./support/checkout";
import { expect, test } from "./support/fixtures";

// Practice question sets (SPEC §2 /practice-questions/{id}/*, §9): a course's practice set opens
// with its Practice package or is bought on its own with tokens; practice mode checks each answer
// as it is given, exam mode runs on the server's clock and checks them at the end; both end with
// accuracy by topic. A new student per project buys the tokens first, as anyone would.

test("a new student buys tokens, buys a practice set with them, practises it and takes it as an exam", async ({ page }, testInfo) => {
  await page.goto("/tokens");
  await page.getByRole("link", { name: "Buy 10 tokens" }).click();
  await signUpInCheckout(page, uniqueEmail("practice-set", testInfo.project.name));
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await payWithCard(page, "4242 4242 4242 4242", /Pay/);
  await expect(page.getByRole("heading", { name: "Tokens added" })).toBeVisible();

  // From the course's practice, where the set sits in a chapter's additional practice.
  await page.goto("/online-courses/waterloo-math-137-exam-prep/practice-mode");
  await page.getByRole("link", { name: "Practice problems: Derivatives", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Practice problems: Derivatives" })).toBeVisible();
  await page.getByRole("link", { name: "See the set (5 tokens)" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Practice problems: Derivatives" })).toBeVisible();
  await expect(page.getByTestId("set-balance")).toContainText("You have 10 tokens.");
  await page.getByRole("button", { name: "Unlock for 5 tokens" }).click();
  await expect(page.getByText("Unlocked for 5 tokens. You have 5 left.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Unlocked with tokens" })).toBeVisible();

  // Practice mode: one question at a time, each answer checked with its explanation.
  await page.getByRole("button", { name: "Start practice mode" }).click();
  await expect(page.getByRole("heading", { name: "Question 1 of 8" })).toBeVisible();
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Check answer" }).click();
  const checked = page.getByTestId("checked-answer");
  await expect(checked.getByRole("heading", { name: /^(Correct|Not quite)$/ })).toBeVisible();
  await expect(checked.getByText(/^Your answer: /)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Question 2 of 8" })).toBeVisible();
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Check answer" }).click();
  await expect(page.getByRole("heading", { name: "Question 3 of 8" })).toBeVisible();
  await page.getByRole("button", { name: "Finish now" }).click();
  await expect(page.getByRole("heading", { name: /^Your score: [0-2] of 8 \(\d+%\)$/ })).toBeVisible();
  await expect(page.getByText("6 left unanswered.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Accuracy by topic" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "The limit definition of the derivative" })).toBeVisible();

  // Exam mode: every question on the server's clock, checked at the end.
  await page.getByRole("link", { name: "Practise again" }).click();
  await expect(page.getByRole("heading", { name: "Your accuracy by topic" })).toBeVisible();
  await page.getByRole("button", { name: "Start exam mode" }).click();
  await expect(page.getByRole("heading", { name: "Exam mode" })).toBeVisible();
  await expect(page.getByTestId("time-left")).toContainText(/^1[12] min/);
  const groups = page.locator("fieldset");
  await expect(groups).toHaveCount(8);
  for (let index = 0; index < 8; index++) await groups.nth(index).getByRole("radio").nth(1).check();
  await page.getByRole("button", { name: "Hand in" }).click();
  await expect(page.getByRole("heading", { name: /^Your score: \d of 8/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Every answer explained" })).toBeVisible();
  await expect(page.getByText(/The answer is|Correct\./).first()).toBeVisible();

  // The set's page keeps both attempts; the tokens' history says where five went.
  await page.getByRole("link", { name: "Practise again" }).click();
  await expect(page.getByRole("table").last().getByRole("row")).toHaveCount(3);
  await page.goto("/tokens");
  await expect(page.getByTestId("token-balance")).toHaveText("Your balance: 5 tokens");
  await expect(page.getByRole("cell", { name: "Unlocked a practice question set" })).toBeVisible();
});
