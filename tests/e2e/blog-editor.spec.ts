import type { BrowserContext, Page } from "@playwright/test";
import { signIn, signUp, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// Blog editors (Community item 6) and polls (item 7). A blog manager writes a post, previews it,
// and schedules it a few seconds ahead; it is not on /blog until the blog-publishing background
// job (enqueued for that time, run by the server's job worker) publishes it, and then it is —
// for the signed-in manager at once, for guests once the guest page cache (10 s) has let go of
// /blog. Plain forms, so it all works without JavaScript too. Each project writes its own post.

async function leave(page: Page, context: BrowserContext) {
  await page.goto("about:blank");
  await context.clearCookies();
}

/** A `datetime-local` value in UTC, to the second. */
const utcLocal = (date: Date) => date.toISOString().slice(0, 19);

test("a blog manager schedules a post that the job publishes on /blog at its time", async ({ page, context, browser, consoleWatch }, testInfo) => {
  test.slow();
  // The refused schedule below answers 400, as a refused form does.
  consoleWatch.allow(/status of 400/);
  const title = `Interleaving practice works (${testInfo.project.name} ${Date.now().toString(36)})`;
  await signIn(page, "blog_manager@demo.test");
  await page.goto("/content-creator-dashboard");
  await page.getByRole("link", { name: "Write a post" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New blog post" })).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Summary").fill("Mix problem types in one session and you will remember which method fits which problem.");
  await page.getByLabel("Category").selectOption("study_tips");
  await page.getByLabel("Post", { exact: true }).fill("## Why it works\n\nSwitching between **kinds** of problems makes you choose the method.\n\n- Mix topics\n- Space sessions");

  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview (not saved)" });
  await expect(preview.getByRole("heading", { name: "Why it works" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("kinds");
  await expect(page.getByLabel("Title")).toHaveValue(title);

  // A time in the past is refused, with the message beside the field.
  await page.getByLabel("Day and time").fill(utcLocal(new Date(Date.now() - 60 * 60_000)));
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(page.getByText("Choose a time in the future, or publish it now")).toBeVisible();

  const when = new Date(Math.ceil(Date.now() / 1000) * 1000 + 12_000);
  await page.getByLabel("Day and time").fill(utcLocal(when));
  await page.getByLabel("Time zone").selectOption("UTC");
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Edit “${title}”` })).toBeVisible();
  await expect(page.getByText(/^Scheduled for /)).toBeVisible();

  await page.goto("/content-creator-dashboard");
  await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText("publishes");
  await page.goto("/blog");
  await expect(page.getByRole("link", { name: new RegExp(title.replace(/[()]/g, "\\$&")) })).toHaveCount(0);

  // The job publishes it at its time: signed in (no page cache) it shows as soon as it is published.
  await expect(async () => {
    await page.goto("/blog");
    await expect(page.getByText(title)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 40_000, intervals: [1_000] });
  expect(Date.now()).toBeGreaterThanOrEqual(when.getTime());
  await page.getByText(title).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Why it works" })).toBeVisible();

  // A guest sees it too once the guest page cache has let go of /blog.
  const guest = await browser.newContext({ javaScriptEnabled: testInfo.project.name !== "js-off" });
  const guestPage = await guest.newPage();
  await expect(async () => {
    await guestPage.goto("/blog");
    await expect(guestPage.getByText(title)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000, intervals: [2_000] });
  await guest.close();
  await leave(page, context);
});

test("a student answers the poll on MATH 137's page and then sees the results", async ({ page }, testInfo) => {
  await signUp(page, { firstName: "Polly", lastName: "Voter", email: uniqueEmail("poll-voter", testInfo.project.name), password: "poll-password-1" });
  await page.goto("/courses/waterloo-math-137");
  const poll = page.getByRole("article", { name: "Poll: Midterm prep" });
  await expect(poll.getByText("The results show once you have answered.")).toBeVisible();
  await expect(poll.getByRole("list", { name: /^Results/ })).toHaveCount(0);
  await poll.getByLabel("Related rates").check();
  await poll.getByRole("button", { name: "Vote" }).click();
  await expect(poll.getByText("Thanks for answering.")).toBeVisible();
  await expect(poll.getByRole("list", { name: /^Results/ })).toContainText(/Related rates: \d+% \(\d+ votes\)/);
  await expect(poll.getByRole("button", { name: "Vote" })).toHaveCount(0);
});
