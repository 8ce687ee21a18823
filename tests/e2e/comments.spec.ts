import { signUp, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// Comments and reactions under a blog post (SPEC §3 comments, resource reactions): a student
// comments in Markdown and reacts to the post and to their comment. Plain forms without
// JavaScript (a redirect back to the comment, with a toast); with it, fetchers, so the page stays.

const POST = "/blog/active-recall-and-spaced-repetition";

test("a student comments on a blog post and reacts to it and to their comment", async ({ page }, testInfo) => {
  const jsOn = testInfo.project.name === "js-on";
  // A guest reads the thread and is asked to sign in.
  await page.goto(POST);
  await expect(page.getByRole("heading", { name: /\d+ comments?$/ })).toBeVisible();
  await expect(page.locator("#comments").getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByLabel("Add a comment")).toHaveCount(0);

  const marker = `${testInfo.project.name}-${Date.now().toString(36)}`;
  await signUp(page, { firstName: "Cami", lastName: "Commenter", email: uniqueEmail("comments", testInfo.project.name), password: "comments-password-1" });
  await page.goto(POST);
  await page.getByLabel("Add a comment").fill(`Spacing **really** works for me (${marker}).`);
  await page.getByRole("button", { name: "Post comment" }).click();
  const mine = page.getByRole("article", { name: "Comment by Cami Commenter" }).filter({ hasText: marker });
  await expect(mine).toBeVisible();
  await expect(mine.locator("strong")).toHaveText("really");
  if (jsOn) {
    // Through the fetcher: the page did not navigate, and the box is empty for the next one.
    await expect(page).toHaveURL(new RegExp(`${POST}$`));
    await expect(page.getByLabel("Add a comment")).toHaveValue("");
  } else {
    await expect(page).toHaveURL(new RegExp(`${POST}#comment-\\d+$`));
    await expect(page.getByText("Comment posted.")).toBeVisible();
  }

  // React to the post: the toggle shows pressed.
  const postReactions = page.locator("#reactions");
  await postReactions.getByRole("button", { name: /Insightful$/ }).click();
  await expect(postReactions.getByRole("button", { name: /Insightful$/ })).toHaveAttribute("aria-pressed", "true");

  // React to the comment, then take it back: the count follows.
  await mine.getByRole("button", { name: "0 Celebrate" }).click();
  await expect(mine.getByRole("button", { name: "1 Celebrate" })).toHaveAttribute("aria-pressed", "true");
  await mine.getByRole("button", { name: "1 Celebrate" }).click();
  await expect(mine.getByRole("button", { name: "0 Celebrate" })).toHaveAttribute("aria-pressed", "false");

  // The reaction and the comment are there after a reload.
  await page.goto(POST);
  await expect(page.locator("#reactions").getByRole("button", { name: /Insightful$/ })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("article", { name: "Comment by Cami Commenter" }).filter({ hasText: marker })).toBeVisible();
});
