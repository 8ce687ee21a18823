import { expect, test } from "./support/fixtures";
import { AFTER_PASSWORD_HASH, signIn, signOut, signUp, uniqueEmail } from "./support/accounts";

// Each project applies for its own course, so the two can run at once on one database.
const COURSE_BY_PROJECT: Record<string, { code: string; name: RegExp }> = {
  "js-on": { code: "MATH 100", name: /MATH 100: Differential Calculus/ },
  "js-off": { code: "CPSC 110", name: /CPSC 110: Computation, Programs/ },
};

test.describe("class reps", () => {
  test("a student applies as class rep, staff approve, the rep completes the wizard and files a report that staff see", async ({ page }, testInfo) => {
    test.slow();
    const course = COURSE_BY_PROJECT[testInfo.project.name] ?? COURSE_BY_PROJECT["js-on"]!;
    const email = uniqueEmail("class-rep", testInfo.project.name);
    const lastName = `Rep${testInfo.project.name.replace("-", "")}`;
    const activities = `Shared the review session in the ${course.code} chat (${email}).`;

    // A new student finds the course on /class-rep-positions and applies.
    await signUp(page, { firstName: "Amara", lastName, email, password: "rep-password-123" });
    await page.goto("/class-rep-positions");
    await page.getByRole("link", { name: course.name }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Be the class rep of ${course.code}`);
    await page.getByLabel("Why do you want to be the class rep?").fill("I already run a study group for this course.");
    await page.getByLabel("Your year").fill("1");
    await page.getByLabel("How will you reach your classmates?").fill("The class group chat and before lectures.");
    await page.getByRole("button", { name: "Send my application" }).click();
    await expect(page.getByText("Your application is waiting for review.")).toBeVisible();
    await signOut(page);

    // Staff approve it.
    await signIn(page, "admin@demo.test");
    await page.goto("/admin/class-reps");
    await page.getByRole("button", { name: `Approve Amara ${lastName} for ${course.code}` }).click();
    await expect(page.getByText("Approved: the new class rep is emailed a link to set up their workspace.")).toBeVisible();
    await signOut(page);

    // The rep follows the emailed link to the wizard, shown without the app bar.
    await signIn(page, email, "rep-password-123");
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await page.getByRole("link", { name: `You are the class rep of ${course.code}` }).first().click();
    await page.getByRole("link", { name: /\/class-rep-wizard\/\d+/ }).first().click();
    await expect(page).toHaveURL(/\/class-rep-wizard\/\d+$/);
    await expect(page.locator("#wizard-step")).toHaveText("Step 1 of 4: Your school and year");
    await expect(page.locator('[data-shell="account-menu"]')).toHaveCount(0);
    await page.getByLabel("School", { exact: true }).selectOption({ label: "University of British Columbia" });
    await page.getByLabel("Year", { exact: true }).fill("1");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.locator("#wizard-step")).toHaveText("Step 2 of 4: Your course's schedule");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.locator("#wizard-step")).toHaveText("Step 3 of 4: Your referral link");
    await expect(page.getByLabel("Your invite link")).toHaveValue(/\/sign-up\?ref=/);
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.locator("#wizard-step")).toHaveText("Step 4 of 4: Your first announcement");
    await page.getByLabel("Title", { exact: true }).fill(`Hello ${course.code}`);
    await page.getByLabel("Message", { exact: true }).fill("I'm your class rep: ask me about the review sessions.");
    await page.getByRole("button", { name: "Publish and finish" }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=class-rep$/, AFTER_PASSWORD_HASH);
    await expect(page.getByText(`Your class rep workspace for ${course.code} is ready.`)).toBeVisible();

    // From the class-rep tab, a report for this week.
    await page.getByRole("link", { name: `File a report for ${course.code}` }).click();
    await page.getByLabel("What you did").fill(activities);
    await page.getByLabel("Classmates reached").fill("35");
    await page.getByRole("button", { name: "File the report" }).click();
    await expect(page.getByText(/Your report for Week of .* is filed\./)).toBeVisible();
    await expect(page.getByText(activities)).toBeVisible();
    await signOut(page);

    // Staff see it and mark it reviewed.
    await signIn(page, "admin@demo.test");
    await page.goto("/admin/class-reps?reports=submitted");
    const report = page.getByRole("listitem").filter({ hasText: activities }).first();
    await expect(report).toBeVisible();
    await report.getByLabel("Comment for the rep (optional)").fill("Nice start.");
    await report.getByRole("button", { name: /Mark reviewed/ }).click();
    await expect(page.getByText("The report is marked reviewed.")).toBeVisible();
  });
});
