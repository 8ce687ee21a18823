import type { Page } from "@playwright/test";
import { signIn } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// Weekly MCAT CARS passages and LSAT practice tests (SPEC §1, §2): sections timed by the server's
// clock, handed in by the page at zero with JavaScript and by the server on the next look without
// it; the score, every answer explained, and the student's attempts. The server's test clock
// (X-Test-Clock) lets a 35-minute section run out in seconds. Each project has its own students.

const later = (minutes: number) => ({ "x-test-clock": new Date(Date.now() + minutes * 60_000).toISOString() });

async function answerAll(page: Page) {
  const groups = page.locator("fieldset");
  const count = await groups.count();
  for (let index = 0; index < count; index++) await groups.nth(index).getByRole("radio").first().check();
  return count;
}

test("a student takes this week's CARS passage and sees the score and explanations", async ({ page }, testInfo) => {
  await signIn(page, testInfo.project.name === "js-on" ? "partner_member@demo.test" : "ss_instructor@demo.test");
  await page.goto("/mcat");
  await page.getByRole("link", { name: "This week's CARS passage" }).click();
  // This week's, or the latest until this week's is published (a run that crosses Monday).
  await expect(page.getByText(/CARS passage · week of/)).toBeVisible();
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByTestId("passage")).toBeVisible();
  await expect(page.getByTestId("time-left")).toContainText(/^(9|10) min/);
  const questions = await answerAll(page);
  expect(questions).toBe(5);
  await page.getByRole("button", { name: "Submit section" }).click();
  await expect(page.getByRole("heading", { name: /^Your score: \d of 5$/ })).toBeVisible();
  await expect(page.getByText(/The answer is|Correct\./).first()).toBeVisible();
  const review = page.getByRole("region", { name: "CARS passage: review" });
  await expect(review.locator("li").first().locator("p.muted").last()).not.toBeEmpty();
  await expect(page.getByRole("list").filter({ hasText: "Week of" }).locator("li").first()).toContainText("Your score:");
});

test("a student starts an LSAT section, reloads and keeps the time left, lets the sections run out and gets the scaled score", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js-on";
  await signIn(page, js ? "mcat_sales_rep@demo.test" : "forum_moderator@demo.test");
  await page.goto("/lsat");
  await page.getByRole("link", { name: /LSAT Practice Test 1/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "LSAT Practice Test 1" })).toBeVisible();
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByRole("heading", { name: "Section 1: Logical Reasoning" })).toBeVisible();
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Save answers" }).click();
  await expect(page.locator('[data-shell="toasts"] [role="status"]').first()).toContainText("Your answers are saved.");

  // Five minutes on, by the server's clock: a reload keeps the saved answer and the time left.
  await page.setExtraHTTPHeaders(later(5));
  await page.reload();
  await expect(page.getByTestId("time-left")).toContainText(/^(29|30) min/);
  await expect(page.getByRole("radio").first()).toBeChecked();

  // Section 1 runs out: handed in with the saved answer; section 2 is next.
  await page.setExtraHTTPHeaders(later(36));
  await page.reload();
  await expect(page.getByRole("heading", { name: "Next: Section 2: Reading Comprehension" })).toBeVisible();
  await page.getByRole("button", { name: "Start Section 2: Reading Comprehension" }).click();
  await expect(page.getByTestId("passage")).toBeVisible();

  // Section 2 runs out too: the attempt is scored on the LSAT scale.
  await page.setExtraHTTPHeaders(later(72));
  await page.reload();
  await expect(page.getByRole("heading", { name: /^Your score: \d+ of 11 · scaled score 1[2-8]\d$/ })).toBeVisible();
  await expect(page.getByText("Handed in when time was up, with the answers saved before the deadline.").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your attempts" })).toBeVisible();
});
