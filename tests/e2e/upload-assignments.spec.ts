import { readFile } from "node:fs/promises";
import { signIn } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// Upload assignments: the demo teacher assigns an upload to the demo class, a student of the
// class hands in a PDF (a file that is not one is refused first), the teacher downloads it and
// grades it, and the student sees the grade and can no longer replace the file. Each project has
// its own student and title, so both run at once.

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const toast = (page: import("@playwright/test").Page, text: string) => page.locator('[data-shell="toasts"] [role="status"]').filter({ hasText: text }).first();

test("a teacher assigns an upload, a student hands in a PDF, the teacher downloads and grades it, and the student sees the grade", async ({ page, context, consoleWatch }, testInfo) => {
  // The HTML file named .pdf is answered 400, as it should be.
  consoleWatch.allow(/status of 400/);
  const js = testInfo.project.name === "js-on";
  const title = `Problem set ${testInfo.project.name} ${Date.now()}`;
  const fileName = `Worked answers ${testInfo.project.name}.pdf`;

  await signIn(page, "teacher@demo.test");
  await page.goto("/teacher-dashboard");
  await page.locator("li", { hasText: "MATH7K2" }).getByRole("link", { name: /^Students of / }).click();
  await expect(page.getByRole("heading", { level: 1, name: /: students$/ })).toBeVisible();
  const assign = page.locator("section", { has: page.getByRole("heading", { name: "Assign work" }) });
  await assign.getByLabel("Kind").selectOption("upload");
  await assign.getByLabel("Title").fill(title);
  await assign.getByLabel("Instructions").fill("Solve the four problems and hand in your working as a PDF.");
  await assign.getByLabel("Due (UTC)").fill(`${new Date().getUTCFullYear() + 1}-01-15T17:00`);
  await assign.getByRole("button", { name: "Assign" }).click();
  await expect(toast(page, `"${title}" is assigned to the class.`)).toBeVisible();
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const assignmentUrl = page.url();

  // The student opens it from their classes, is refused an HTML file named .pdf, then hands in a PDF.
  await page.goto("about:blank");
  await context.clearCookies();
  await signIn(page, js ? "student@demo.test" : "brand_ambassador@demo.test");
  await page.goto("/join-class");
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Solve the four problems")).toBeVisible();
  await expect(page.getByText("Not yet submitted")).toBeVisible();
  await page.getByLabel("Your file").setInputFiles({ name: "answers.pdf", mimeType: "application/pdf", buffer: Buffer.from("<html><body>not a pdf</body></html>") });
  await page.getByRole("button", { name: "Hand in" }).click();
  await expect(page.getByText("Hand in a PDF, a Word document (.docx) or a PNG or JPEG picture of your work.")).toBeVisible();
  await page.getByLabel("Your file").setInputFiles({ name: fileName, mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Hand in" }).click();
  await expect(toast(page, "Handed in.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Submitted" })).toBeVisible();
  await expect(page.getByRole("link", { name: fileName })).toBeVisible();
  await expect(page.getByText(`(${PDF.byteLength} bytes)`)).toBeVisible();
  await expect(page.getByLabel("Replace your file")).toBeVisible();

  // The teacher downloads it and grades it.
  await page.goto("about:blank");
  await context.clearCookies();
  await signIn(page, "teacher@demo.test");
  await page.goto(assignmentUrl);
  const row = page.locator("li", { has: page.getByRole("link", { name: new RegExp(`^${fileName}`) }) });
  const downloading = page.waitForEvent("download");
  await row.getByRole("link", { name: new RegExp(`^${fileName}`) }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  expect(await readFile((await download.path())!)).toEqual(PDF);
  await row.getByLabel(/^Grade for .* \(%\)$/).fill("91");
  await row.getByLabel(/^Feedback for /).fill("Clear working on every problem.");
  await row.getByRole("button", { name: "Save grade" }).click();
  await expect(toast(page, "Grade and feedback saved.")).toBeVisible();

  // The student sees the grade and the feedback, and the file can no longer be replaced.
  await page.goto("about:blank");
  await context.clearCookies();
  await signIn(page, js ? "student@demo.test" : "brand_ambassador@demo.test");
  await page.goto(assignmentUrl);
  await expect(page.getByText("Grade: 91%")).toBeVisible();
  await expect(page.getByText("Clear working on every problem.")).toBeVisible();
  await expect(page.getByText("Your work is graded, so the file can no longer be replaced.")).toBeVisible();
  await expect(page.getByLabel("Replace your file")).toHaveCount(0);
});
