import type { Browser, Page } from "@playwright/test";
import { signIn } from "./support/accounts";
import { payWithCard } from "./support/checkout";
import { expect, test } from "./support/fixtures";

// The demo student asks Jordan Pham (who tutors MATH 135, 137 and 138) for an hour of help from
// his profile; he accepts on /my-tutoring; the student pays by card and books one of his open
// times, shown in the student's own time zone. The two projects ask about different courses and
// book different times, so they can run at once on one server.
const CASES = {
  "js-on": { course: "MATH 138", goals: "Series and convergence tests (js-on)", pick: "first" },
  "js-off": { course: "MATH 135", goals: "Induction and modular arithmetic (js-off)", pick: "last" },
} as const;

test.use({ timezoneId: "Asia/Kolkata" });

function toast(page: Page) {
  return page.locator('[data-shell="toasts"] [role="status"]').first();
}

async function asTutor(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, timezoneId: "America/Toronto" });
  const page = await context.newPage();
  await signIn(page, "jordan.pham@demo.test");
  return { page, close: () => context.close() };
}

test("a student asks a tutor for help, the tutor accepts, the student pays by card and books a time in their own time zone", async ({ page, browser }, testInfo) => {
  // The whole journey of both people, the payment page and the mailbox: a long test.
  test.slow();
  const javaScript = testInfo.project.name === "js-on";
  const chosen = CASES[testInfo.project.name as keyof typeof CASES];
  await signIn(page, "student@demo.test");

  // Find a tutor of the course and ask him from his profile.
  await page.goto("/tutors");
  const filters = page.getByRole("form", { name: "Filter tutors" });
  const course = filters.getByLabel("Course").locator("option", { hasText: `${chosen.course}:` });
  await filters.getByLabel("Course").selectOption((await course.getAttribute("value"))!);
  await filters.getByRole("button", { name: "Show tutors" }).click();
  await expect(page).toHaveURL(/[?&]course=\d+/);
  await page.getByRole("link", { name: /Jordan Pham/ }).first().click();
  await expect(page.getByRole("heading", { level: 2, name: "Next open times" })).toBeVisible();
  await page.getByRole("link", { name: "Ask Jordan for tutoring" }).click();
  await expect(page.getByRole("heading", { name: "Ask Jordan Pham for tutoring" })).toBeVisible();
  const option = page.getByLabel("Course").locator("option", { hasText: `${chosen.course}:` });
  await page.getByLabel("Course").selectOption((await option.getAttribute("value"))!);
  await page.getByLabel("What would you like help with?").fill(chosen.goals);
  await page.getByLabel("Hours of tutoring").selectOption("1");
  await page.getByRole("button", { name: "Send the request" }).click();
  await expect(toast(page)).toContainText("Your request is sent");
  await expect(page.getByRole("region", { name: /your requests/i }).getByText(chosen.goals)).toBeVisible();

  // The tutor accepts it.
  const tutor = await asTutor(browser, javaScript);
  await tutor.page.goto("/my-tutoring");
  const request = tutor.page.locator(".tutoring-row").filter({ hasText: chosen.goals });
  await request.getByRole("button", { name: "Accept" }).click();
  await expect(tutor.page.getByRole("heading", { level: 1, name: "Tutoring Maya Thompson" })).toBeVisible();
  await tutor.close();

  // The student opens the contract from /my-tutoring and pays by card on the payment page.
  await page.goto("/my-tutoring");
  await page.locator(".tutoring-row").filter({ hasText: chosen.goals }).getByRole("link", { name: "Open the contract" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tutoring with Jordan Pham" })).toBeVisible();
  await expect(page.getByRole("region", { name: "The contract" }).getByText("Not paid yet")).toBeVisible();
  await page.getByRole("link", { name: "Pay $50 CAD by card" }).click();
  await expect(page.getByRole("heading", { name: new RegExp(`^Tutoring with Jordan Pham: 1 hour \\(${chosen.course}:`) })).toBeVisible();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await payWithCard(page, "4242 4242 4242 4242", /Pay/);
  await expect(page.getByRole("heading", { name: "Your tutoring is paid" })).toBeVisible();
  await page.getByRole("link", { name: "Book your sessions" }).click();
  await expect(page.getByRole("region", { name: "The contract" }).getByText("Paid by card")).toBeVisible();

  // Times in the student's zone: the browser's with JavaScript; without it, chosen in the form.
  if (!javaScript) {
    await expect(page.getByLabel("Times shown in")).toHaveValue("America/Toronto");
    await page.getByLabel("Times shown in").selectOption("Asia/Kolkata");
    await page.getByRole("button", { name: "Show" }).click();
  }
  await expect(page.getByLabel("Times shown in")).toHaveValue("Asia/Kolkata");
  const times = page.getByRole("region", { name: "Book a session" }).getByRole("button", { name: /^Book / });
  const slot = chosen.pick === "first" ? times.first() : times.last();
  const label = (await slot.getAttribute("aria-label"))!.replace(/^Book /, "");
  const start = await slot.locator("xpath=ancestor::form").locator('input[name="start"]').inputValue();
  // The tutor's evenings in Toronto are the small hours in Kolkata.
  expect(label).toMatch(/ at \d{1,2}:\d{2} (AM|PM)$/);
  await slot.click();
  await expect(toast(page)).toContainText("Your session is booked.");
  const [day, time] = label.split(" at ");
  const booked = page.getByRole("region", { name: "Sessions" }).locator(".tutoring-row").first();
  await expect(booked).toContainText(`${day}, ${time}`);
  await expect(booked).toContainText("Asia/Kolkata time");
  await expect(booked).toContainText("Upcoming");
  await expect(page.getByText("All the hours of this contract are booked.")).toBeVisible();

  // Both people have the session by mail, with its calendar file.
  const dtstart = `DTSTART:${start.replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`;
  expect(await mailedCalendars(page, "student@demo.test", "Tutoring session booked with Jordan Pham")).toContainEqual(expect.stringContaining(dtstart));
  expect(await mailedCalendars(page, "jordan.pham@demo.test", "Tutoring session booked with Maya Thompson")).toContainEqual(expect.stringContaining(dtstart));

  // After a session with him (the demo contract's past one), the student reviews the tutor and
  // the review shows on his profile. One review per student and tutor: written by one project
  // (reviews.spec.ts writes with JavaScript off).
  if (!javaScript) return;
  await page.goto("/tutors");
  await page.getByRole("link", { name: /Jordan Pham/ }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Jordan Pham" })).toBeVisible();
  const profile = page.url();
  const reviews = page.getByRole("region", { name: "Ratings and reviews" });
  await reviews.getByRole("link", { name: "Write a review" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Review Jordan Pham" })).toBeVisible();
  await page.getByRole("group", { name: "Your rating" }).getByLabel("5 stars: Excellent").check();
  const text = "Worked through every series test with me until I could pick the right one myself.";
  await page.getByLabel("Your review").fill(text);
  await page.getByRole("button", { name: "Post your review" }).click();
  await expect(toast(page)).toContainText("Your review is saved");
  await page.goto(profile);
  await expect(reviews.getByRole("listitem").filter({ hasText: text })).toHaveCount(1);
});

/** The calendar files attached to the mails with this subject in the development mailbox. */
async function mailedCalendars(page: Page, to: string, subject: string) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
  const links = page.getByRole("link", { name: subject });
  const hrefs = await Promise.all((await links.all()).map((link) => link.getAttribute("href")));
  const files: string[] = [];
  for (const href of hrefs) {
    await page.goto(href!);
    const attachment = page.getByRole("region", { name: "Attachments" }).getByRole("link", { name: /\.ics/ });
    const answer = await page.request.get((await attachment.getAttribute("href"))!);
    expect(answer.headers()["content-type"]).toMatch(/^text\/calendar/);
    files.push(await answer.text());
  }
  return files;
}

test("a tutor sets their weekly hours and a day away with plain forms", async ({ page, consoleWatch }, testInfo) => {
  test.skip(testInfo.project.name !== "js-off", "plain forms: checked once, without JavaScript (the rules are in tests/routes/tutoring/availability-page.test.ts)");
  // The refused save answers its page with 400.
  consoleWatch.allow(/status of 400/);
  await signIn(page, "tutor@demo.test");
  await page.goto("/my-tutoring");
  await page.getByRole("link", { name: "Your hours" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your tutoring hours" })).toBeVisible();
  await page.getByLabel("Row 7: day").selectOption("Sunday");
  await page.getByLabel("Row 7: from").fill("13:00");
  await page.getByLabel("Row 7: until").fill("15:00");
  await page.getByRole("button", { name: "Save your hours" }).click();
  await expect(toast(page)).toContainText("Your hours are saved");
  // Stored sorted: Sunday comes first.
  await expect(page.getByLabel("Row 1: day")).toHaveValue("0");
  await expect(page.getByLabel("Row 1: from")).toHaveValue("13:00");

  // An overlapping window is refused with its reason, and nothing changes.
  await page.getByLabel("Row 8: day").selectOption("Sunday");
  await page.getByLabel("Row 8: from").fill("14:00");
  await page.getByLabel("Row 8: until").fill("16:00");
  await page.getByRole("button", { name: "Save your hours" }).click();
  await expect(page.getByText("Sunday 13:00–15:00 overlaps 14:00–16:00")).toBeVisible();

  await page.goto("/my-tutoring/availability");
  await page.getByLabel("Date").fill("2030-01-07");
  await page.getByLabel("the whole day (when away)").check();
  await page.getByRole("button", { name: "Add" }).click();
  await expect(toast(page)).toContainText("The exception is saved.");
  const away = page.locator(".tutoring-row").filter({ hasText: "2030-01-07: away the whole day" });
  await expect(away).toBeVisible();
  await away.getByRole("button", { name: "Remove" }).click();
  await expect(toast(page)).toContainText("The exception is removed.");
  await expect(page.getByText("None: every week is the same.")).toBeVisible();
});

test("after a session the tutor leaves feedback and messages the student, with plain forms", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js-off", "plain forms: checked once, without JavaScript (the rules are in tests/routes/tutoring/session-feedback.test.ts)");
  await signIn(page, "jordan.pham@demo.test");
  await page.goto("/my-tutoring");
  await page.getByRole("link", { name: "Maya Thompson · MATH 137" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tutoring Maya Thompson" })).toBeVisible();
  // The demo contract's past session: the student's feedback is there, the tutor's form below it.
  await page.getByLabel("What went well").fill("Maya now checks each epsilon-delta step on her own.");
  await page.getByRole("button", { name: "Send feedback" }).click();
  await expect(toast(page)).toContainText("Thank you: Maya can read your feedback now.");
  await expect(page.getByText("Maya now checks each epsilon-delta step on her own.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send feedback" })).toHaveCount(0);

  await page.getByRole("button", { name: "Message Maya" }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
});
