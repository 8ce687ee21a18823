import { signIn } from "./support/accounts";
import { expect, test } from "./support/fixtures";

test("an admin signs in as a student, sees the banner, and goes back to their own account", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByLabel("Name or email").fill("STUDENT@demo");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/query=STUDENT%40demo/);
  const row = page.getByRole("row").filter({ hasText: "student@demo.test" });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: /^Sign in as / }).click();

  // Now the student, on the student's home, with the banner saying so on every page.
  await expect(page).toHaveURL(/\/dashboard$/);
  const banner = page.getByRole("complementary", { name: "Signed in as another user" });
  await expect(banner).toContainText("student@demo.test");
  await page.goto("/courses");
  await expect(banner).toBeVisible();

  await banner.getByRole("button", { name: "Back to my account" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("complementary", { name: "Signed in as another user" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
