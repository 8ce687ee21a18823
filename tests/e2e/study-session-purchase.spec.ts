import AxeBuilder from "@axe-core/playwright";
import { studySessions } from "../../server/seed/data/study-sessions";
import { signIn } from "./support/accounts";
import { payWithCard } from "./support/checkout";
import { expect, test } from "./support/fixtures";

// The demo study sessions are created in the order of the seed data, so their ids follow it.
const TITLE = "MATH 137 Final Exam Review";
const SESSION_ID = studySessions.findIndex((session) => session.title === TITLE) + 1;

// Plain forms all the way: the checkout, the payment page and the session page without JavaScript.
// One demo student buys one seat, so the flow runs once (in the js-off project).
test("the demo student buys a live session seat with the LIVE20 code, JavaScript off, and is registered", async ({ page, consoleWatch }, testInfo) => {
  test.skip(testInfo.project.name !== "js-off", "a seat is bought once per database; this is the JavaScript-off flow");
  test.slow();
  await signIn(page, "student@demo.test");

  await page.goto(`/checkout?study_session_id=${SESSION_ID}`);
  await expect(page.getByRole("heading", { name: TITLE })).toBeVisible();
  await expect(page.getByText("Live session, 2 meetings:")).toBeVisible();
  // The regular price struck through; the demo student is in Canada: CAD and 5% tax.
  await expect(page.locator("s")).toHaveText(/69\.00/);
  await expect(page.getByTestId("checkout-total")).toHaveText(/61\.95/);

  await page.getByLabel("Discount code").fill("LIVE20");
  await page.getByRole("button", { name: "Update total" }).click();
  await expect(page.getByRole("row", { name: /Discount code/ })).toContainText("11.80");
  // 5900 − 20% = 4720, plus 5% tax (236).
  await expect(page.getByTestId("checkout-total")).toHaveText(/49\.56/);

  await page.getByRole("button", { name: "Continue to payment" }).click();
  await payWithCard(page, "4242 4242 4242 4242", /Pay/);
  await expect(page.getByRole("heading", { name: `You're registered for ${TITLE}` })).toBeVisible();
  await expect(page.getByText("including $2.36 CAD sales tax")).toBeVisible();

  // The dashboard lists it among the student's live sessions.
  await page.goto("/dashboard");
  await expect(page.getByRole("region", { name: "Your live sessions" }).getByRole("link", { name: TITLE, exact: true })).toBeVisible();
  await page.goBack();

  await page.getByRole("link", { name: "Go to the session" }).click();
  await expect(page).toHaveURL(new RegExp(`/study-sessions/${SESSION_ID}$`));
  await expect(page.getByText("You're registered").first()).toBeVisible();

  // A second seat is refused (409): the checkout says so and offers nothing to pay.
  consoleWatch.allow(/status of 409/);
  await page.goto(`/checkout?study_session_id=${SESSION_ID}`);
  await expect(page.getByText("You are already registered for this session.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue to payment" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Go to the session" })).toHaveAttribute("href", `/study-sessions/${SESSION_ID}`);
});

test("a guest sees the seat's checkout with its dates, sign-up fields and no serious accessibility violations", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "axe needs JavaScript");
  await page.goto(`/checkout?study_session_id=${SESSION_ID}`);
  await expect(page.getByRole("heading", { name: TITLE })).toBeVisible();
  await expect(page.locator("time").first()).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  await expect(page.getByLabel("First name")).toBeVisible();
  const results = await new AxeBuilder({ page }).include("main").analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
});
