import { signIn, signOut, signUp } from "./support/accounts";
import { payWithCard } from "./support/checkout";
import { expect, test } from "./support/fixtures";

/** A day `days` from now, as a date field takes it (UTC). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

// Plain forms all the way (JavaScript off): the instructor's form, the checkout and payment page,
// the roster's refund. It creates a session and an account, so it runs once, in the js-off project.
test("an instructor creates a weekly series of four dates, a student buys a seat, the instructor refunds it and the student loses access", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js-off", "creates records once per database; this is the JavaScript-off flow");
  test.slow();
  const title = `Weekly problem session ${Date.now()}`;

  await signIn(page, "instructor@demo.test");
  await page.goto("/study-sessions/new");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Kind of session").selectOption("weekly_tutorial");
  await page.getByLabel("Price", { exact: true }).fill("25");
  await page.getByLabel("Currency").selectOption("USD");
  await page.getByLabel("Time zone of the dates").selectOption("UTC");
  const series = page.getByRole("group", { name: "Add a weekly series" });
  await series.getByLabel("First day").fill(dayFromNow(7));
  await series.getByLabel("Starts").fill("18:00");
  await series.getByLabel("Ends").fill("19:30");
  await series.getByLabel("Number of weeks").fill("4");
  await page.getByRole("button", { name: "Create session" }).click();

  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("Live session created.")).toBeVisible();
  const sessionPath = new URL(page.url()).pathname;
  expect(sessionPath).toMatch(/^\/study-sessions\/\d+$/);
  await expect(page.locator("time").filter({ hasText: /18:00|6:00/ })).toHaveCount(4);

  // Material: a PDF booklet uploaded from the edit page (a multipart form).
  await page.getByRole("link", { name: "Edit session" }).click();
  await page.getByLabel("What it is").selectOption("booklet");
  await page.getByLabel("Name", { exact: true }).fill("Week 1 booklet");
  await page.getByLabel("File").setInputFiles({ name: "week1.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n") });
  await page.getByRole("button", { name: "Add file" }).click();
  await expect(page.getByText("Week 1 booklet was added to the session.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Material" }).getByRole("link", { name: "Week 1 booklet" })).toBeVisible();

  // The roster: the demo student added by email, then sent the confirmation again.
  await page.goto(`${sessionPath}/roster`);
  await page.getByLabel("Their account's email").fill("student@demo.test");
  await page.getByRole("button", { name: "Add to the roster" }).click();
  await expect(page.getByText("student@demo.test is enrolled and has been sent a confirmation.")).toBeVisible();
  await page.getByRole("button", { name: "Resend confirmation: student@demo.test" }).click();
  await expect(page.getByText("The confirmation was sent to student@demo.test again.")).toBeVisible();
  await signOut(page);

  const email = `series-buyer-${Date.now()}@example.test`;
  await signUp(page, { firstName: "Rae", lastName: "Buyer", email, password: "series-password-1" });
  await page.goto(sessionPath);
  await page.getByRole("link", { name: "Buy" }).click();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await payWithCard(page, "4242 4242 4242 4242", /Pay/);
  await expect(page.getByRole("heading", { name: `You're registered for ${title}` })).toBeVisible();
  await page.goto(sessionPath);
  await expect(page.getByText("You're registered").first()).toBeVisible();
  await signOut(page);

  await signIn(page, "instructor@demo.test");
  await page.goto(`${sessionPath}/roster`);
  await expect(page.getByRole("row", { name: new RegExp(email) })).toContainText("Enrolled");
  await page.getByRole("button", { name: `Refund: ${email}` }).click();
  await expect(page.getByText(`${email} was refunded $25 and no longer has access.`)).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(email) })).toContainText("Refunded");
  await signOut(page);

  await signIn(page, email, "series-password-1");
  await page.goto(sessionPath);
  await expect(page.getByText("Your registration for this session was cancelled.")).toBeVisible();
  await expect(page.getByText("You're registered")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Add to calendar" })).toHaveCount(0);
});
