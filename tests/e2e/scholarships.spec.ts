import { expect, test } from "./support/fixtures";
import { signIn, signOut, signUp, uniqueEmail } from "./support/accounts";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
const SCHOLARSHIP = { slug: "peer-tutor-award", name: "Peer Tutor Award" };

test.describe("scholarships", () => {
  test("a student applies with a transcript, staff accept, the student reads the decision and the email", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const email = uniqueEmail("scholarship", testInfo.project.name);
    const password = "scholar-password-123";

    // A new student applies from the scholarship's page.
    await signUp(page, { firstName: "Noor", lastName: `Scholar${testInfo.project.name.replace("-", "")}`, email, password });
    await page.goto(`/scholarships/${SCHOLARSHIP.slug}`);
    await page.getByLabel("Essay", { exact: true }).fill("Every week I help three classmates through first-year calculus at the library.");
    const answers = page.getByLabel(/^How do you meet this\?/);
    await expect(answers).toHaveCount(3);
    for (let index = 0; index < 3; index += 1) await answers.nth(index).fill(`Yes: answer ${index + 1}`);
    await page.getByLabel("Transcript", { exact: true }).setInputFiles({ name: "transcript.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByRole("button", { name: "Send your application" }).click();
    await expect(page).toHaveURL(/\/scholarships\/applications\/\d+$/);
    await expect(page.getByText("Your application is sent.")).toBeVisible();
    await expect(page.locator("[data-application-status]")).toHaveText("Received");
    const applicationPath = new URL(page.url()).pathname;
    await expect(page.getByRole("link", { name: "Download transcript.pdf" })).toHaveAttribute("href", `${applicationPath}/transcript`);
    // The scholarship's page now shows the status instead of the form.
    await page.goto(`/scholarships/${SCHOLARSHIP.slug}`);
    await expect(page.locator("[data-application-status]")).toHaveText("Received");
    await expect(page.getByRole("button", { name: "Send your application" })).toHaveCount(0);
    await signOut(page);

    // Staff accept it.
    await signIn(page, "admin@demo.test");
    await page.goto("/admin/scholarships?status=submitted");
    await page.getByRole("link", { name: email }).click();
    await expect(page.getByText("Every week I help three classmates")).toBeVisible();
    await page.getByLabel("Status", { exact: true }).selectOption({ label: "Accepted" });
    await page.getByLabel("Score (0–100)").fill("88");
    await page.getByLabel("Staff notes").fill("Staff only: strong candidate.");
    await page.getByRole("button", { name: "Save the review" }).click();
    await expect(page.getByText("Accepted: the applicant is emailed the decision.")).toBeVisible();
    await signOut(page);

    // The student reads "Accepted" (never the score or the note) and the email.
    await signIn(page, email, password);
    await page.goto("/scholarships/applications");
    await expect(page.getByRole("listitem").filter({ hasText: SCHOLARSHIP.name })).toContainText("Accepted");
    await page.goto(applicationPath);
    await expect(page.locator("[data-application-status]")).toHaveText("Accepted");
    await expect(page.getByText("strong candidate")).toHaveCount(0);
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(page.getByRole("link", { name: `You were awarded the ${SCHOLARSHIP.name}` }).first()).toBeVisible();
  });

  test("a guest is asked to sign in; a closed scholarship says so instead of the form", async ({ page }) => {
    await page.goto(`/scholarships/${SCHOLARSHIP.slug}`);
    await expect(page.getByRole("link", { name: "Sign in to apply" })).toHaveAttribute("href", `/users/sign_in?redirect_to=${encodeURIComponent(`/scholarships/${SCHOLARSHIP.slug}`)}`);
    await page.goto("/scholarships/community-builder-award");
    await expect(page.getByText("The deadline for this scholarship has passed: applications are closed.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in to apply" })).toHaveCount(0);
  });
});
