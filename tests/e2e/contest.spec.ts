import { expect, test } from "./support/fixtures";
import { signIn, signOut, signUp, uniqueEmail } from "./support/accounts";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

// Each run enters with a new account and follows only its own entry, so the two projects (and
// other specs) can announce winners at once on one database.
test.describe("contest", () => {
  test("a student enters with a file and sees their entry; staff mark it a winner and announce; /contest lists it", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const email = uniqueEmail("contest", testInfo.project.name);
    const title = `Teach the chair (${testInfo.project.name} ${Date.now().toString(36)})`;

    // A guest is asked to sign in first, and comes back.
    await page.goto("/contest");
    await expect(page.getByRole("heading", { name: "How to enter" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", `/users/sign_in?redirect_to=${encodeURIComponent("/contest")}`);

    await signUp(page, { firstName: "Casey", lastName: "Contest", email, password: "contest-password-123" });
    await page.goto("/contest");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Your study method").fill("I explain every mechanism out loud to an empty chair until I stop stumbling.");
    await page.getByLabel("File (optional)").setInputFiles({ name: "mind-map.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByRole("button", { name: "Send my entry" }).click();
    await expect(page.getByText("Thank you: your entry is in. Good luck!")).toBeVisible();
    const mine = page.locator('[data-contest="your-entry"]');
    await expect(mine.getByRole("heading", { name: "Your entry" })).toBeVisible();
    await expect(mine).toContainText(title);
    await expect(mine.getByRole("link", { name: "mind-map.pdf" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send my entry" })).toHaveCount(0);
    await signOut(page);

    // A marketing manager marks it a winner and announces the winners.
    await signIn(page, "marketing_manager@demo.test");
    await page.goto("/contest");
    await page.getByRole("link", { name: "Judge the entries" }).click();
    await expect(page).toHaveURL(/\/admin\/contests$/);
    const row = page.getByRole("row").filter({ hasText: title });
    await row.getByRole("link", { name: title }).click();
    await expect(page.getByText("I explain every mechanism out loud")).toBeVisible();
    await expect(page.getByRole("link", { name: "Download mind-map.pdf" })).toBeVisible();
    await page.getByRole("button", { name: `Mark as winner ${title}` }).click();
    await expect(page.getByText("Marked as a winner.")).toBeVisible();
    await page.getByRole("link", { name: "Entries" }).click();
    // Another run may announce it first: either way it ends announced.
    await expect(row.getByText(/Winner \(not announced\)|Winner, announced/)).toBeVisible();
    if (await row.getByText("Winner (not announced)").isVisible()) {
      await page.getByRole("button", { name: "Announce winners" }).click();
      await expect(page.getByText(/Announced \d+ winners?: they are emailed and listed on \/contest\.|No new winners to announce/)).toBeVisible();
      await page.goto("/admin/contests");
    }
    await expect(row.getByText("Winner, announced")).toBeVisible();

    // /contest lists it among the winners, by name and title.
    await page.goto("/contest");
    await expect(page.locator('[data-contest="winners"]').getByRole("listitem").filter({ hasText: title })).toBeVisible();
    await signOut(page);

    // The entrant was emailed and reads that their entry won.
    await signIn(page, email, "contest-password-123");
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(page.getByRole("link", { name: /You are a winner of the Exam season study contest/ })).toBeVisible();
    await page.goto("/contest");
    await expect(page.locator('[data-contest="won"]')).toHaveText("Congratulations: your entry is one of the winners.");
  });
});
