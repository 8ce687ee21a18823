import { signIn, signUp, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

test.describe("hiring", () => {
  test("a jobs manager moves an applicant to interview and adds a note the applicant cannot see", async ({ page, context }, testInfo) => {
    const lastName = `Applicant${Date.now().toString(36)}${testInfo.project.name === "js-off" ? "N" : "J"}`;
    const email = uniqueEmail("hiring", testInfo.project.name);
    await signUp(page, { firstName: "Rosa", lastName, email, password: "hiring-password-1" });

    // The applicant applies for an open position with a PDF résumé.
    await page.goto("/job-application");
    const position = page.getByLabel("Position");
    const title = (await position.locator("option").nth(1).textContent())!.trim();
    await position.selectOption({ label: title });
    await page.getByLabel("Résumé (optional)").setInputFiles({ name: "Rosa CV.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByLabel("Why are you a good fit?").fill("I have taught middle-school maths for six years and write my own practice sets.");
    await page.getByRole("button", { name: "Send application" }).click();
    await expect(page.getByText("we received your application")).toBeVisible();
    const mine = page.getByRole("region", { name: "Your applications" });
    await expect(mine.getByText(title)).toBeVisible();
    await expect(mine.getByText("Received")).toBeVisible();

    // The jobs manager finds them from the careers page, moves them to interview and keeps a note.
    await page.goto("about:blank");
    await context.clearCookies();
    await signIn(page, "jobs_manager@demo.test");
    await page.goto("/careers");
    await page.getByRole("link", { name: "Hiring: positions and applicants" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Hiring" })).toBeVisible();
    await page.getByRole("link", { name: title, exact: true }).click();
    await page.getByRole("link", { name: `Rosa ${lastName}` }).click();
    await expect(page.getByRole("link", { name: "Download Rosa CV.pdf" })).toBeVisible();
    await page.getByLabel("Move to").selectOption({ label: "Interview" });
    await page.getByRole("button", { name: "Move", exact: true }).click();
    await expect(page.getByText("Moved to interview.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Interview");
    const note = `Ask about the practice sets ${lastName}`;
    await page.getByLabel("Add a note").fill(note);
    await page.getByRole("button", { name: "Add the note" }).click();
    await expect(page.getByText("Note added. Only staff see it.")).toBeVisible();
    await expect(page.getByText(note)).toBeVisible();

    // The applicant reads "Interview" and nothing of the note.
    await page.goto("about:blank");
    await context.clearCookies();
    await signIn(page, email, "hiring-password-1");
    await page.goto("/job-application");
    await expect(page.getByRole("region", { name: "Your applications" }).getByText("Interview")).toBeVisible();
    await expect(page.getByText(note)).toHaveCount(0);
    expect(await page.content()).not.toContain("practice sets " + lastName);
  });
});
