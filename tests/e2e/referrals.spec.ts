import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { accountMenu, signIn, signOut, skipOnboarding, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";

/** Invite a Friend (Resources menu) and the rep dashboards the role menu leads to (SPEC §2). */

const menu = (page: Page, name: string) => page.locator(`[data-shell="${name}"]`);

async function openMenuLink(page: Page, menuName: string, label: string) {
  await menu(page, menuName).locator("> summary").click();
  await menu(page, menuName).getByRole("link", { name: label }).click();
}

async function expectNoSeriousAxeViolations(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  const results = await new AxeBuilder({ page }).include("#main").analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a member invites a friend by email; the friend signs up through the mailed link and shows as joined", async ({ page, consoleWatch }, testInfo) => {
  test.slow();
  // The refused send answers 400, which Chromium reports on the console.
  consoleWatch.allow(/status of 400/);
  // Each project invites as a different member, so the two runs never share a list.
  const memberEmail = testInfo.project.name === "js-off" ? "job_applicant@demo.test" : "teacher@demo.test";
  const friendEmail = uniqueEmail("invited-friend", testInfo.project.name);

  await signIn(page, memberEmail);
  await openMenuLink(page, "resources-menu", "Invite a Friend");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invite a Friend");
  await expect(page.getByLabel("Your invite link")).toHaveValue(/\/sign-up\?ref=[A-Z2-9]{8}$/);
  await expectNoSeriousAxeViolations(page);

  // A typo is answered in place and nothing is sent.
  await page.getByLabel("Friends' email addresses").fill(`${friendEmail}, not-an-address`);
  await page.getByRole("button", { name: "Send invitations" }).click();
  await expect(page.getByText("These are not email addresses: not-an-address.")).toBeVisible();

  await page.getByLabel("Friends' email addresses").fill(friendEmail);
  await page.getByRole("button", { name: "Send invitations" }).click();
  await expect(page.getByText("Invitation sent to 1 friend.")).toBeVisible();
  const invitations = page.getByRole("region", { name: "Invitations you sent" });
  await expect(invitations.getByRole("row").filter({ hasText: friendEmail })).toContainText("Invited");
  const memberName = (await accountMenu(page).innerText()).trim().split(/\s+/)[0]!;
  await signOut(page);

  // The friend opens the mail and follows its link.
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(friendEmail)}`);
  await page.getByRole("link", { name: /invited you to Marketplace/ }).first().click();
  await page.getByRole("link", { name: /\/sign-up\?ref=/ }).click();
  await expect(page.getByTestId("invited-by")).toHaveText(`${memberName} invited you. Welcome!`);
  await page.getByLabel("First name").fill("Riley");
  await page.getByLabel("Last name").fill("Tran");
  await page.getByLabel("Email").fill(friendEmail);
  await page.getByLabel("Password").fill("my-study-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await skipOnboarding(page);
  await signOut(page);

  await signIn(page, memberEmail);
  await page.goto("/invites");
  await expect(page.getByRole("region", { name: "Friends who joined" }).getByRole("row").filter({ hasText: "Riley T." })).toContainText("Joined");
  await expect(page.getByRole("region", { name: "Invitations you sent" }).getByRole("row").filter({ hasText: friendEmail })).toContainText("Joined");
});

test.describe("the role menu's programme entries open their pages", () => {
  const cases = [
    { email: "marketing_rep@demo.test", entry: "Marketing Dashboard", url: /\/marketing-rep-dashboard$/ },
    { email: "brand_ambassador@demo.test", entry: "Brand Ambassador Dashboard", url: /\/brand-ambassador-dashboard$/ },
    { email: "mcat_rep@demo.test", entry: "MCAT Rep Dashboard", url: /\/mcat-rep-dashboard$/ },
  ];
  for (const { email, entry, url } of cases) {
    test(`${entry} for ${email}`, async ({ page }) => {
      await signIn(page, email);
      await openMenuLink(page, "role-menu", entry);
      await expect(page).toHaveURL(url);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(entry);
      await expect(page.getByLabel("Your invite link")).toHaveValue(/\/sign-up\?ref=[A-Z2-9]{8}$/);
      await expect(page.getByRole("region", { name: "Friends who joined" })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });
  }

  test("Class Rep Dashboard for class_rep@demo.test", async ({ page }) => {
    await signIn(page, "class_rep@demo.test");
    await openMenuLink(page, "role-menu", "Class Rep Dashboard");
    await expect(page).toHaveURL(/\/dashboard\?tab=class-rep$/);
    await expect(page.getByRole("link", { name: "Class Rep", exact: true })).toHaveAttribute("aria-current", "page");
    const waiting = page.getByRole("region", { name: "Announcements waiting for you" });
    await expect(waiting).toBeVisible();
    await expect(page.getByLabel("Your invite link")).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
});

test("the marketing rep's dashboard shows the demo programme: a friend who paid earned $10 credit", async ({ page }) => {
  await signIn(page, "marketing_rep@demo.test");
  await page.goto("/marketing-rep-dashboard");
  const friends = page.getByRole("region", { name: "Friends who joined" });
  await expect(friends.getByRole("row").filter({ hasText: "Noah K." })).toContainText("Made a purchase");
  await expect(page.locator(".referral-stats")).toContainText("Credit earned$10.00");
});
