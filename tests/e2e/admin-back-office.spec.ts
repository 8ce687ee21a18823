import { readFile } from "node:fs/promises";
import { AFTER_PASSWORD_HASH, signIn, signUp, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";

test("an admin deactivates a user, who then cannot sign in, and reactivates them", async ({ page, context, consoleWatch }, testInfo) => {
  // The refused sign-in answers 400, which Chromium reports on the console.
  consoleWatch.allow(/status of 400/);
  const email = uniqueEmail("deactivated", testInfo.project.name);
  await signUp(page, { firstName: "Dana", lastName: `Quill${Date.now()}`, email, password: "dana-study-password" });
  await page.goto("about:blank");
  await context.clearCookies();

  await signIn(page, "admin@demo.test");
  await page.getByLabel("Name or email").fill(email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("row").filter({ hasText: email }).getByRole("link").click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  const userPage = page.url();
  await page.getByRole("button", { name: "Deactivate account" }).click();
  await expect(page.getByText("Deactivated: cannot sign in")).toBeVisible();
  await page.goto("about:blank");
  await context.clearCookies();

  await page.goto("/users/sign_in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("dana-study-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "don't match an account" })).toBeVisible(AFTER_PASSWORD_HASH);
  await page.goto("about:blank");
  await context.clearCookies();

  await signIn(page, "admin@demo.test");
  await page.goto(userPage);
  await page.getByRole("button", { name: "Reactivate account" }).click();
  await expect(page.getByRole("button", { name: "Deactivate account" })).toBeVisible();
  await page.goto("about:blank");
  await context.clearCookies();

  await signIn(page, email, "dana-study-password");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("an admin merges a duplicate school into the one kept", async ({ page }) => {
  const name = `Boston Tech Duplicate ${Date.now()}`;
  await signIn(page, "admin@demo.test");
  await page.getByRole("link", { name: "Schools" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Schools" })).toBeVisible();

  const adding = page.locator("details").filter({ hasText: "Add a school" });
  await adding.getByText("Add a school").click();
  await adding.getByLabel("Name", { exact: true }).fill(name);
  await adding.getByLabel("Country").selectOption("US");
  await adding.getByLabel("Region (province or state code)").fill("MA");
  await adding.getByLabel("City").fill("Boston");
  await adding.getByRole("button", { name: "Add the school" }).click();
  await expect(page.getByRole("heading", { level: 2, name: `Edit ${name}` })).toBeVisible();

  const duplicate = await page.locator("#merge-duplicate option").filter({ hasText: name }).getAttribute("value");
  const kept = await page
    .locator("#merge-kept option")
    .filter({ hasText: /^Northeastern University, Boston/ })
    .getAttribute("value");
  await page.getByLabel("Duplicate (to remove)").selectOption(duplicate!);
  await page.getByLabel("School to keep").selectOption(kept!);
  await page.getByRole("button", { name: "Merge schools" }).click();
  await expect(page).toHaveURL(/\/admin\/schools$/);
  await expect(page.getByRole("table").getByRole("link", { name: /^Edit Northeastern University \(/ })).toBeVisible();
  await expect(page.getByRole("table").getByText(name)).toHaveCount(0);
  await expect(page.locator("#merge-duplicate option").filter({ hasText: name })).toHaveCount(0);
});

test("an admin opens the revenue report and downloads it as CSV", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await page.getByRole("link", { name: "Reports" }).click();
  const revenue = page.getByRole("region", { name: "Revenue per month, by product" });
  await expect(revenue.getByRole("table")).toBeVisible();
  await expect(revenue.getByRole("columnheader", { name: "tokens (USD)" })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), revenue.getByRole("link", { name: /Download revenue per month/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^revenue-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  const lines = csv.trim().split("\r\n");
  expect(lines[0]).toContain("month,");
  expect(lines[0]).toContain("tokens (USD)");
  expect(lines).toHaveLength(13);
});
