import type { Page } from "@playwright/test";
import { AFTER_PASSWORD_HASH, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";

const tile = (page: Page, key: string) => page.getByTestId(`tile-${key}`);

test("a new student is taken through onboarding to a dashboard whose stats tiles count what they then study", async ({ page }, testInfo) => {
  await page.goto("/sign-up");
  await page.getByLabel("First name").fill("Onya");
  await page.getByLabel("Last name").fill("Board");
  await page.getByLabel("Email").fill(uniqueEmail("onboarding", testInfo.project.name));
  await page.getByLabel("Password").fill("my-study-password");
  await page.getByRole("button", { name: "Create account" }).click();

  // Step 1: school and year, saved on their own.
  await expect(page).toHaveURL(/\/onboarding\?redirect_to=%2Fdashboard$/, AFTER_PASSWORD_HASH);
  await expect(page.getByRole("heading", { name: "Your school and year" })).toBeVisible();
  await page.getByLabel("School", { exact: true }).selectOption({ label: "University of Waterloo" });
  await page.getByLabel("Year", { exact: true }).fill("2");
  await page.getByRole("button", { name: "Save and continue" }).click();

  // Leaving half-way keeps what was saved, and the dashboard offers the rest.
  await expect(page.getByRole("heading", { name: "Your faculty and degree" })).toBeVisible();
  await page.getByRole("link", { name: "Skip for now" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("onboarding-notice")).toContainText("your faculty, your degree");
  await page.getByTestId("onboarding-notice").getByRole("link", { name: "Finish setting up your profile" }).click();

  // Step 2 resumes where they left off.
  await expect(page.getByRole("heading", { name: "Your faculty and degree" })).toBeVisible();
  await page.getByLabel("Faculty", { exact: true }).fill("Mathematics");
  await page.getByLabel("Degree", { exact: true }).fill("BMath");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("onboarding-notice")).toHaveCount(0);

  const tiles = page.getByRole("region", { name: "Your study stats" });
  await expect(tiles.getByRole("listitem")).toHaveCount(8);
  await expect(tile(page, "cars")).toHaveText("0");
  await expect(tile(page, "questions")).toHaveText("0");
  await expect(page.getByTestId("study-time-table").getByRole("row")).toHaveCount(9);

  // This week's free CARS passage: start it, answer every question, hand it in.
  await page.goto("/cars-passages/this-week");
  await page.getByRole("button", { name: "Start", exact: true }).click();
  const section = page.locator("form.practice-test");
  await expect(section).toBeVisible();
  const questions = section.getByRole("group");
  const count = await questions.count();
  expect(count).toBeGreaterThan(0);
  for (const question of await questions.all()) await question.getByRole("radio").first().check();
  await section.getByRole("button", { name: "Submit section" }).click();
  await expect(page.getByRole("heading", { name: /Your score: \d+ of \d+/ })).toBeVisible();

  await page.goto("/dashboard");
  await expect(tile(page, "cars")).toHaveText("1");
  await expect(tile(page, "questions")).toHaveText(String(count));
});
