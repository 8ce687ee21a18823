import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { onlineCourses } from "../../server/seed/data/online-courses";
import { uniqueEmail } from "./support/accounts";
import { payWithCard, signUpInCheckout } from "./support/checkout";
import { expect, test } from "./support/fixtures";

// The demo online courses are created in the order of the seed data, so their ids follow it.
const courseId = (slug: string) => onlineCourses.findIndex((course) => course.slug === slug) + 1;
const ORGANIC_CHEMISTRY = courseId("organic-chemistry-1-exam-prep");

/** No serious or critical accessibility violations in the page's content (axe needs JavaScript to run). */
async function expectAccessible(page: Page) {
  if (test.info().project.name === "js-off") return;
  const results = await new AxeBuilder({ page }).include("main").analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}


test.describe("payments", () => {
  test("a guest signs up inside checkout, buys the Learn package with 4242… and has access to the course", async ({ page }, testInfo) => {
    await page.goto(`/checkout?online_course_id=${ORGANIC_CHEMISTRY}&package=learn`);
    await expect(page.getByRole("heading", { name: "Organic Chemistry 1 Exam Prep: Learn package" })).toBeVisible();
    // The regular price is struck through next to the price.
    await expect(page.locator("s")).toHaveText("$79.00");
    await expect(page.getByTestId("checkout-total")).toHaveText("$59.00");
    await expectAccessible(page);

    // Tax is shown before paying: Canada pays 5%, in the course's currency (USD) as its page shows.
    await page.getByLabel("Country (sets sales tax)").selectOption("CA");
    await page.getByRole("button", { name: "Update total" }).click();
    await expect(page.getByTestId("checkout-total")).toHaveText("$61.95");

    await signUpInCheckout(page, uniqueEmail("buyer", testInfo.project.name));
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await payWithCard(page, "4242 4242 4242 4242", /Pay/);

    await expect(page).toHaveURL(/\/checkout\/success\?session_id=cs_test_/);
    await expect(page.getByRole("heading", { name: "You're enrolled in Organic Chemistry 1 Exam Prep" })).toBeVisible();
    await expect(page.getByText("You now have access to the full course content.")).toBeVisible();
    await expectAccessible(page);
    await expect(page.getByText("including $2.95 sales tax")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to your course" })).toHaveAttribute("href", `/online-courses/${ORGANIC_CHEMISTRY}`);

    // Buying the same package again is refused: it is already held, and nothing is offered to pay.
    await page.goto(`/checkout?online_course_id=${ORGANIC_CHEMISTRY}&package=learn`);
    await expect(page.getByText("You already have this package.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue to payment" })).toHaveCount(0);
    await page.getByRole("link", { name: "Go to the course" }).click();
    // The course page shows Learn as held, and the bundle as an upgrade for the Practice half.
    const learn = page.getByRole("article", { name: "Learn", exact: true });
    await expect(learn.getByText("You have this package")).toBeVisible();
    await expect(learn.getByRole("link", { name: "Buy Learn" })).toHaveCount(0);
    await expect(page.getByRole("article", { name: "Learn-Practice Bundle" }).getByRole("link", { name: "Upgrade to the Learn-Practice Bundle" })).toBeVisible();
  });

  test("a student buys a pack of tokens from /tokens and sees the new balance", async ({ page }, testInfo) => {
    await page.goto("/tokens");
    await page.getByRole("link", { name: "Buy 10 tokens" }).click();
    await expect(page.getByRole("heading", { name: "10 activity tokens" })).toBeVisible();
    await signUpInCheckout(page, uniqueEmail("tokens", testInfo.project.name));
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await payWithCard(page, "4242 4242 4242 4242", /Pay/);
    await expect(page.getByRole("heading", { name: "Tokens added" })).toBeVisible();
    await page.goto("/tokens");
    await expect(page.getByTestId("token-balance")).toHaveText("Your balance: 10 tokens");
    await expect(page.getByRole("cell", { name: "+10" })).toBeVisible();
  });

  test("a declined card leaves no access and shows the decline message", async ({ page }, testInfo) => {
    await page.goto(`/checkout?online_course_id=${ORGANIC_CHEMISTRY}&package=practice`);
    await signUpInCheckout(page, uniqueEmail("declined", testInfo.project.name));
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await payWithCard(page, "4000 0000 0000 0002", /Pay/);
    await expect(page.getByRole("alert")).toHaveText("Your card was declined.");

    await page.getByRole("link", { name: "Cancel and return" }).click();
    await expect(page.getByRole("heading", { name: "Payment cancelled" })).toBeVisible();
    await expect(page.getByText("Your last payment attempt failed: Your card was declined.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Try again" }).click();
    // No access was given: the package is still for sale to this student.
    await expect(page.getByRole("button", { name: "Continue to payment" })).toBeEnabled();
    await expect(page.getByText("You already have this package.")).toHaveCount(0);
  });

  test("a student starts a Plus trial, pauses, unpauses, refuses the retention offer when cancelling, and uncancels", async ({ page }, testInfo) => {
    // Ten steps, each a page load and a payment round trip, and an accessibility scan.
    test.slow();
    await page.goto("/checkout?plan=plus&interval=year");
    await expect(page.getByRole("heading", { name: "Plus (yearly)" })).toBeVisible();
    await expect(page.getByText("7 days free, nothing due today")).toBeVisible();
    await signUpInCheckout(page, uniqueEmail("plus", testInfo.project.name));
    await page.getByRole("button", { name: "Start 7-day free trial" }).click();
    await payWithCard(page, "4242 4242 4242 4242", /Start trial/);

    await expect(page.getByRole("heading", { name: "Your free trial has started" })).toBeVisible();
    await page.getByRole("link", { name: "Manage your subscription" }).click();
    await expect(page.getByTestId("subscription-status")).toHaveText("Free trial");
    await expectAccessible(page);

    await page.getByLabel("Pause for").selectOption("2");
    await page.getByRole("button", { name: "Pause subscription" }).click();
    await expect(page.getByRole("status")).toContainText("Your subscription is paused.");
    await expect(page.getByText(/Paused until/)).toBeVisible();

    await page.getByRole("button", { name: "Resume my subscription" }).click();
    await expect(page.getByRole("status")).toContainText("Your subscription is running again.");
    await expect(page.getByText(/Paused until/)).toHaveCount(0);

    await page.getByLabel("Why are you leaving?").selectOption("not_using");
    await page.getByLabel("Anything else? (optional)").fill("Exams are over");
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await expect(page.getByRole("heading", { name: "Before you go: 50% off your next 3 months" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "No thanks, cancel" }).click();
    await expect(page.getByRole("status")).toContainText("Your subscription will end at the end of the billing period.");
    await expect(page.getByText(/Ends on/)).toBeVisible();

    await page.getByRole("button", { name: "Keep my subscription" }).click();
    await expect(page.getByRole("status")).toContainText("Your subscription will continue.");
    await expect(page.getByText(/Ends on/)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Cancel subscription" })).toBeVisible();
  });
});
