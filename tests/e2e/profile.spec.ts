import { expect, test } from "./support/fixtures";
import { signUp, uniqueEmail } from "./support/accounts";

test.describe("profile", () => {
  test("a new student sees what is missing, fills it in and has a complete profile", async ({ page }, testInfo) => {
    const email = uniqueEmail("profile-student", testInfo.project.name);
    await signUp(page, { firstName: "Noor", lastName: "Haddad", email, password: "my-study-password" });

    await page.goto("/profile");
    const completeness = page.getByTestId("profile-completeness");
    await expect(completeness).toContainText("Your profile is missing: your school, your year, your faculty, your degree.");

    await page.getByLabel("School").selectOption({ label: "University of Waterloo" });
    await page.getByLabel("Year").fill("2");
    await page.getByLabel("Faculty").fill("Faculty of Mathematics");
    await page.getByLabel("Degree").fill("BMath");
    await page.getByRole("button", { name: "Save profile" }).click();

    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.locator('[data-shell="toasts"] [role="status"]')).toContainText("Your profile is saved.");
    await expect(page.getByTestId("profile-completeness")).toHaveText("Your profile is complete.");
    await expect(page.getByLabel("Faculty")).toHaveValue("Faculty of Mathematics");
  });
});
