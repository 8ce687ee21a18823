import { signIn, signUp, uniqueEmail } from "./support/accounts";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/** Leaves the signed-in page before its cookies go, so nothing it still sends (the live notifications) answers 401. */
async function leave(page: Page, context: BrowserContext) {
  await page.goto("about:blank");
  await context.clearCookies();
}

// Course forums (SPEC §1): a student asks on a course's board, another replies, the asker accepts
// the reply as the answer and both see it marked. Plain forms, so it works without JavaScript.
// Each project signs up its own two students.

test("a student asks on a course board, another replies, the asker accepts the answer and both see it marked", async ({ page, context }, testInfo) => {
  const password = "forum-password-1";
  const asker = uniqueEmail("forum-asker", testInfo.project.name);
  const helper = uniqueEmail("forum-helper", testInfo.project.name);
  const title = `Which limit laws need continuity? (${testInfo.project.name} ${Date.now().toString(36)})`;

  await signUp(page, { firstName: "Helena", lastName: "Helper", email: helper, password });
  await leave(page, context);
  await signUp(page, { firstName: "Asa", lastName: "Asker", email: asker, password });
  await page.goto("/courses/waterloo-math-137");
  await page.getByRole("link", { name: "MATH 137 forum" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "MATH 137 forum" })).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Your question").fill("The composition law seems to need $f$ continuous at the inner limit. Is that right?");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.locator(".forum__body math")).toHaveCount(1);
  const threadUrl = page.url();
  // The asker sharpens the question: it shows as edited.
  await page.getByText("Edit the post").click();
  await page.getByLabel("Text").fill("The composition law seems to need $f$ continuous at the inner limit $L$. Is that right?");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your changes are saved.")).toBeVisible();
  await expect(page.locator(".forum__body").first()).toContainText("inner limit");
  await expect(page.getByText(/· edited/)).toBeVisible();

  await leave(page, context);
  await signIn(page, helper, password);
  await page.goto("/courses/waterloo-math-137/forum");
  await page.getByRole("link", { name: title }).click();
  await page.getByLabel("Reply", { exact: true }).fill("Yes: $\\lim f(g(x)) = f(\\lim g(x))$ needs $f$ continuous at $\\lim g(x)$.");
  await page.getByRole("button", { name: "Post reply" }).click();
  await expect(page.getByRole("heading", { name: "1 reply" })).toBeVisible();
  await page.getByRole("button", { name: "0 votes: vote up" }).first().click();
  await expect(page.getByRole("button", { name: "1 vote: take back your vote" })).toBeVisible();
  // Only the asker chooses the answer.
  await expect(page.getByRole("button", { name: "Accept as the answer" })).toHaveCount(0);

  await leave(page, context);
  await signIn(page, asker, password);
  await page.goto("/notifications");
  await expect(page.getByText(`Helena Helper replied to “${title}”`)).toBeVisible();
  await page.goto(threadUrl);
  await page.getByRole("button", { name: "Accept as the answer" }).click();
  await expect(page.getByTestId("accepted-answer")).toHaveText("✓ Accepted answer");

  await leave(page, context);
  await signIn(page, helper, password);
  await page.goto(threadUrl);
  await expect(page.getByRole("article", { name: "Accepted answer" })).toContainText("needs");
  await page.goto("/courses/waterloo-math-137/forum");
  await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText("answered");
});

test("a student reports a post and a moderator hides it from the reports queue", async ({ page, context }, testInfo) => {
  const password = "forum-password-1";
  const title = `Cheap essays, written for you (${testInfo.project.name} ${Date.now().toString(36)})`;
  await signUp(page, { firstName: "Spam", lastName: "Poster", email: uniqueEmail("forum-spammer", testInfo.project.name), password });
  await page.goto("/courses/waterloo-math-137/forum");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Your question").fill("Visit my site for essays written to order.");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const threadUrl = page.url();

  await leave(page, context);
  await signUp(page, { firstName: "Rita", lastName: "Reporter", email: uniqueEmail("forum-reporter", testInfo.project.name), password });
  await page.goto(threadUrl);
  await page.getByText("Report this post").click();
  await page.getByLabel("Why?").selectOption("spam");
  await page.getByRole("button", { name: "Send the report" }).click();
  await expect(page.getByText("Thank you: a moderator will look at it.")).toBeVisible();

  await leave(page, context);
  await signIn(page, testInfo.project.name === "js-on" ? "admin@demo.test" : "forum_moderator@demo.test");
  await page.goto("/courses/waterloo-math-137/forum");
  await page.getByRole("link", { name: "Reports to review" }).click();
  const item = page.getByRole("article", { name: `Post: ${title}` });
  await expect(item).toContainText("1 report");
  await expect(item).toContainText("Spam or advertising");
  await item.getByRole("button", { name: "Hide it" }).click();
  await expect(page.getByText("The post is hidden.")).toBeVisible();
  await expect(page.getByRole("article", { name: `Post: ${title}` })).toHaveCount(0);

  // Gone from the board for everyone but moderators.
  await leave(page, context);
  await page.goto("/courses/waterloo-math-137/forum");
  await expect(page.getByRole("heading", { level: 1, name: "MATH 137 forum" })).toBeVisible();
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);
  expect((await page.request.get(threadUrl)).status()).toBe(404);
});
