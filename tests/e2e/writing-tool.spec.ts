import { signIn, signOut, signUp, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// The writing tool (/wize-writer-dashboard): a new student starts an essay from a template,
// types, reloads and finds the text (autosave with JavaScript, the Save button without),
// restores an earlier version, exports a PDF, shares the essay with the demo tutor, who comments
// on a passage, and the student resolves the comment. Both projects: JS on and off.

test("a student writes an essay from a template, restores a version, exports it, and resolves a tutor's comment", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const jsOn = testInfo.project.name !== "js-off";
  const email = uniqueEmail("writer", testInfo.project.name);
  const password = "writer-password-1";
  const title = `Why I write ${testInfo.project.name} ${Date.now().toString(36)}`;
  const typed = `I grew up two hours from the nearest hospital (${testInfo.project.name}).`;
  await signUp(page, { firstName: "Wren", lastName: "Writer", email, password });

  await page.goto("/wize-writer-dashboard");
  await page.getByRole("link", { name: "Common App personal statement" }).click();
  await page.getByRole("button", { name: "Start an essay from this template" }).click();
  await expect(page.getByText("Your essay is started from the template.")).toBeVisible();
  const essayPath = new URL(page.url()).pathname;
  expect(essayPath).toMatch(/^\/wize-writer-dashboard\/essays\/\d+$/);

  await page.getByLabel("Title").fill(title);
  if (jsOn) {
    const editor = page.getByRole("textbox", { name: "Your essay" });
    await expect(editor).toContainText("Start in a specific moment.");
    await editor.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(typed);
    await expect(page.getByTestId("save-status")).toHaveText("All changes saved", { timeout: 15_000 });
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Your essay" })).toContainText(typed);
  } else {
    await page.getByRole("textbox", { name: "Your essay" }).fill(typed);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Saved as version 2.")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Your essay" })).toHaveValue(typed);
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  // Version 1 is the template's opening text; restoring it makes it the newest version.
  await page.getByRole("button", { name: "Restore version 1" }).click();
  await expect(page.getByText(/Version 1 is restored as version \d+\./)).toBeVisible();
  await page.reload();
  if (jsOn) await expect(page.getByRole("textbox", { name: "Your essay" })).toContainText("Start in a specific moment.");
  else await expect(page.getByRole("textbox", { name: "Your essay" })).toHaveValue(/Start in a specific moment\./);
  await expect(page.getByRole("link", { name: "Version 2" })).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PDF" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^why-i-write-.*\.pdf$/);

  await page.getByLabel("Instructor's or tutor's email").fill("tutor@demo.test");
  await page.getByRole("button", { name: "Share", exact: true }).click();
  await expect(page.getByText(/^Shared with .*: they can read the essay and comment\.$/)).toBeVisible();
  await signOut(page);

  await signIn(page, "tutor@demo.test");
  await page.goto("/wize-writer-dashboard");
  await page.getByRole("region", { name: "Shared with you" }).getByRole("link", { name: title }).click();
  await expect(page.getByText("Start in a specific moment.")).toBeVisible();
  await page.getByLabel("Passage you are commenting on").fill("a specific moment");
  await page.getByLabel("Your comment").fill("Which moment? Name the day.");
  await page.getByRole("button", { name: "Post comment" }).click();
  await expect(page.getByText("Your comment is posted.")).toBeVisible();
  await signOut(page);

  await signIn(page, email, password);
  await page.goto(essayPath);
  const open = page.getByRole("list", { name: "Open comments" });
  await expect(open).toContainText("Which moment? Name the day.");
  await open.getByRole("button", { name: /Resolve/ }).click();
  await expect(page.getByText("Comment resolved.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Comments (0 open)" })).toBeVisible();
});
