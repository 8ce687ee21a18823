import { signIn, signUp, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// Uploading notes (SPEC §2 /upload-notes): a new student adds MATH 137 to their courses, uploads
// notes for it, a content QA specialist approves them, the student's token balance rises by the
// reward and the notes are on the course page for its students. Plain forms: JS on and off.

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

test("a student uploads notes, staff approve them, the student earns tokens and the notes are on the course page", async ({ page, context }, testInfo) => {
  const email = uniqueEmail("notes", testInfo.project.name);
  const title = `Related rates worked examples ${testInfo.project.name} ${Date.now().toString(36)}`;
  await signUp(page, { firstName: "Lena", lastName: "Notes", email, password: "notes-password-1" });

  await page.goto("/upload-notes");
  await page.getByRole("link", { name: "your profile" }).click();
  await page.getByLabel("Add a course").selectOption({ label: "MATH 137 Calculus 1 for Honours Mathematics — University of Waterloo" });
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.locator('[data-shell="toasts"] [role="status"]')).toContainText("Your profile is saved.");

  await page.goto("/tokens");
  await expect(page.getByTestId("token-balance")).toBeVisible();
  const before = Number(/(\d+) tokens/.exec((await page.getByTestId("token-balance").textContent())!)![1]);

  await page.goto("/upload-notes");
  await page.getByLabel("Course").selectOption({ label: "MATH 137 — Calculus 1 for Honours Mathematics" });
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Notes", { exact: true }).setInputFiles({ name: "related-rates.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Upload notes" }).click();
  await expect(page.getByText("Thank you: your notes are uploaded and wait for review.")).toBeVisible();
  const mine = page.locator("li", { hasText: title });
  await expect(mine).toContainText("Waiting for review");

  await page.goto("about:blank");
  await context.clearCookies();
  await signIn(page, "content_qa_specialist@demo.test");
  await page.goto("/upload-notes");
  await page.getByRole("link", { name: "Review uploaded notes" }).click();
  await page.getByRole("button", { name: `Approve ${title}` }).click();
  await expect(page.getByText("Approved: the notes are on the course page and the student earned 10 tokens.")).toBeVisible();

  await page.goto("about:blank");
  await context.clearCookies();
  await signIn(page, email, "notes-password-1");
  await page.goto("/tokens");
  await expect(page.getByTestId("token-balance")).toHaveText(`Your balance: ${before + 10} tokens`);
  await expect(page.getByRole("cell", { name: "Your notes were approved" }).first()).toBeVisible();
  await page.goto("/upload-notes");
  await expect(page.locator("li", { hasText: title })).toContainText("Approved — you earned 10 tokens");

  await page.goto("/courses/waterloo-math-137");
  const notes = page.getByRole("region", { name: "Students' notes" });
  const download = page.waitForEvent("download");
  await notes.getByRole("link", { name: title }).click();
  expect((await download).suggestedFilename()).toBe("related-rates.pdf");
});
