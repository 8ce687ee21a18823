import { onlineCourses } from "../../server/seed/data/online-courses";
import { signIn, uniqueEmail } from "./support/accounts";
import { payWithCard, signUpInCheckout } from "./support/checkout";
import { expect, test } from "./support/fixtures";

// The demo online courses are created in the order of the seed data, so their ids follow it.
const ORGANIC_CHEMISTRY = onlineCourses.findIndex((course) => course.slug === "organic-chemistry-1-exam-prep") + 1;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test.describe("discount codes in the back office", () => {
  test("an admin creates a 25% code valid this week for one course, and a student pays 75% of its price with it", async ({ page, context, consoleWatch }, testInfo) => {
    const code = `WEEK25${Date.now().toString(36).toUpperCase()}${testInfo.project.name === "js-off" ? "N" : "J"}`;
    await signIn(page, "admin@demo.test");
    await page.goto("/admin");
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Discount codes" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Discount codes" })).toBeVisible();

    const form = page.getByRole("form", { name: "Create the code" });
    await form.getByLabel("Code").fill(code.toLowerCase());
    await form.getByLabel("Percent off").fill("25");
    await form.getByLabel("Applies to").selectOption("online_course");
    await form.getByLabel("Only this online course").selectOption({ label: "Organic Chemistry 1 Exam Prep" });
    await form.getByLabel("First valid day").fill(day(0));
    await form.getByLabel("Last valid day").fill(day(6));
    await form.getByLabel("Usage limit").fill("5");
    await form.getByRole("button", { name: "Create the code" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Discount code ${code}` })).toBeVisible();
    await expect(page.getByText(`Discount code ${code} created.`)).toBeVisible();

    // The same letters in another case are the same code: refused with a reason, nothing made.
    consoleWatch.allow(/status of 400/);
    await page.goto("/admin/discount-codes");
    const again = page.getByRole("form", { name: "Create the code" });
    await again.getByLabel("Code").fill(code);
    await again.getByLabel("Percent off").fill("10");
    await again.getByRole("button", { name: "Create the code" }).click();
    await expect(page.getByText("A discount code with these letters already exists")).toBeVisible();
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: code }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell", { name: "Organic Chemistry 1 Exam Prep" })).toBeVisible();
    await expect(row.getByRole("cell", { name: "0 / 5" })).toBeVisible();
    await expect(row.getByText("active")).toBeVisible();

    await page.goto("about:blank");
    await context.clearCookies();
    await page.goto(`/checkout?online_course_id=${ORGANIC_CHEMISTRY}&package=learn`);
    await expect(page.getByTestId("checkout-total")).toHaveText("$59.00");
    await page.getByLabel("Discount code").fill(code.toLowerCase());
    await page.getByRole("button", { name: "Update total" }).click();
    await expect(page.getByTestId("checkout-total")).toHaveText("$44.25");
    await signUpInCheckout(page, uniqueEmail("discount", testInfo.project.name));
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page.getByText("$44.25").first()).toBeVisible();
    await payWithCard(page, "4242 4242 4242 4242", /Pay/);
    await expect(page.getByRole("heading", { name: "You're enrolled in Organic Chemistry 1 Exam Prep" })).toBeVisible();

    // Back in the office, the code shows its one use.
    await page.goto("about:blank");
    await context.clearCookies();
    await signIn(page, "admin@demo.test");
    await page.goto("/admin/discount-codes");
    await expect(
      page
        .getByRole("row")
        .filter({ has: page.getByRole("rowheader", { name: code }) })
        .getByRole("cell", { name: "1 / 5" })
    ).toBeVisible();
  });
});
