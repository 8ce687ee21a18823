import type { Browser } from "@playwright/test";
import { signIn } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// Billing by the minute in a tutoring session's room (SPEC §4): the tutor asks, the student
// declines with a reason or accepts, either ends it. The panel is plain forms, so it is walked
// once, without JavaScript (the demo tutoring room holds one open period at a time).

async function person(browser: Browser, email: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, email);
  await page.goto("/study-rooms/tutoring-demo-next");
  return { page, close: () => context.close() };
}

const toast = (page: import("@playwright/test").Page) => page.locator('[data-shell="toasts"] [role="status"]').first();

test("a tutor asks to bill; the student declines with a reason, then accepts a second request; ending bills nothing under 30 seconds", async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name === "js-on", "the billing panel is plain forms: checked once, without JavaScript");
  test.slow();
  const tutor = await person(browser, "jordan.pham@demo.test");
  const student = await person(browser, "student@demo.test");
  const billing = (page: typeof tutor.page) => page.getByRole("region", { name: "Billing" });

  const request = async () => {
    await tutor.page.getByLabel("Bill for up to (minutes)").fill("30");
    await tutor.page.getByLabel("Hourly rate").fill("40");
    await tutor.page.getByRole("button", { name: "Request billing" }).click();
    await expect(toast(tutor.page)).toContainText("Billing requested");
  };
  await request();

  await student.page.reload();
  await expect(billing(student.page)).toContainText("asks to bill up to 30 minutes at $40.00");
  await student.page.getByLabel("Why you decline").fill("Not today, thanks");
  await student.page.getByRole("button", { name: "Decline" }).click();
  await expect(toast(student.page)).toContainText("You declined");
  await tutor.page.reload();
  await expect(billing(tutor.page)).toContainText("declined billing: Not today, thanks");

  await request();
  await student.page.reload();
  await student.page.getByRole("button", { name: /^Accept/ }).click();
  await expect(toast(student.page)).toContainText("Billing started");
  await expect(billing(student.page)).toContainText("Billing since");

  await tutor.page.reload();
  await tutor.page.getByRole("button", { name: "End billing" }).click();
  await expect(toast(tutor.page)).toContainText("nothing charged");
  await tutor.close();
  await student.close();
});
