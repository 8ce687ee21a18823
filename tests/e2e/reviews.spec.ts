import type { Page } from "@playwright/test";
import { signIn } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// The demo student may review the instructor of their online course (Priya Raman, one seeded
// 4-star review) and the one of their weekly tutorial (Jonah Feldman, one seeded 3-star review):
// each project writes one, so the two can run at once on the same server.
const TARGETS = {
  "js-on": { name: "Priya Raman", rating: "5 stars: Excellent", before: "4.0 out of 5 from 1 review", after: "4.5 out of 5 from 2 reviews" },
  "js-off": { name: "Jonah Feldman", rating: "4 stars: Very good", before: "3.0 out of 5 from 1 review", after: "3.5 out of 5 from 2 reviews" },
} as const;

function reviews(page: Page) {
  return page.getByRole("region", { name: "Ratings and reviews" });
}

test("the demo student writes a review and sees it on the profile with the new average", async ({ page }, testInfo) => {
  const target = TARGETS[testInfo.project.name as keyof typeof TARGETS];
  const text = `Clear explanations and lots of worked examples (${testInfo.project.name}).`;
  await page.goto("/instructors");
  await page.getByRole("link", { name: target.name }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: target.name })).toBeVisible();
  // A guest is offered to sign in first.
  await expect(reviews(page).getByText(target.before)).toBeVisible();
  await expect(reviews(page).getByRole("link", { name: "Sign in to write a review" })).toBeVisible();
  const profile = page.url();

  await signIn(page, "student@demo.test");
  await page.goto(profile);
  await reviews(page).getByRole("link", { name: "Write a review" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Review ${target.name}` })).toBeVisible();
  await page.getByRole("group", { name: "Your rating" }).getByLabel(target.rating).check();
  await page.getByLabel("Your review").fill(`  ${text}  `);
  await page.getByRole("button", { name: "Post your review" }).click();

  await expect(page.locator('[data-shell="toasts"] [role="status"]')).toContainText("Your review is saved");
  await expect(page).toHaveURL(profile);
  await expect(reviews(page).getByText(target.after)).toBeVisible();
  const mine = reviews(page).getByRole("listitem").filter({ hasText: text });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText("Maya T. (you)");
  await expect(mine).not.toContainText("@demo.test");

  // Editing keeps one review, prefilled with what was written.
  await reviews(page).getByRole("link", { name: "Edit your review" }).click();
  await expect(page.getByLabel("Your review")).toHaveValue(text);
  await expect(page.getByRole("group", { name: "Your rating" }).getByLabel(target.rating)).toBeChecked();
  await page.getByRole("group", { name: "Your rating" }).getByLabel("3 stars: Good").check();
  await page.getByRole("button", { name: "Save your review" }).click();
  await expect(page).toHaveURL(profile);
  await expect(reviews(page).getByRole("listitem").filter({ hasText: text })).toHaveCount(1);
  await expect(reviews(page).getByRole("listitem").filter({ hasText: text })).toContainText("3 out of 5");
});

test("the student sees why they cannot review an educator they have not learned from", async ({ page }) => {
  await signIn(page, "student@demo.test");
  await page.goto("/instructors");
  await page.getByRole("link", { name: "Sofia Lindqvist" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Sofia Lindqvist" })).toBeVisible();
  await expect(reviews(page).getByRole("link", { name: /review/ })).toHaveCount(0);
  await page.goto(`${new URL(page.url()).pathname}/write-a-review`);
  await expect(page.getByText(/^You can review Sofia after you have learned from them/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Sofia Lindqvist's profile" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Post your review" })).toHaveCount(0);
});
