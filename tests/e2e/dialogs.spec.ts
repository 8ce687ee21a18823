import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { onlineCourses } from "../../server/seed/data/online-courses";
import { DEMO_EMAIL_DOMAIN } from "../../server/seed/demo-accounts";
import { accountMenu, DEMO_PASSWORD, skipOnboarding, uniqueEmail } from "./support/accounts";
import { expect as baseExpect, test } from "./support/fixtures";

/**
 * The shell's form dialogs (SPEC §2 Shell: login, sign-up, search, contact-us, reauthentication
 * and checkout forms): dialogs with JavaScript, the pages themselves without.
 */

// Sign-in hashes passwords and each dialog loads its code on first use: allow a busy machine time.
const expect = baseExpect.configure({ timeout: 45_000 });
test.describe.configure({ timeout: 180_000 });

const STUDENT = `student@${DEMO_EMAIL_DOMAIN}`;
// The demo online courses are created in the order of the seed data, so their ids follow it.
const ORGANIC_CHEMISTRY = onlineCourses.findIndex((course) => course.slug === "organic-chemistry-1-exam-prep") + 1;
const bar = (page: Page) => page.locator('[data-shell="app-bar"]');
const footer = (page: Page) => page.locator('[data-shell="footer"]');

/** The log-in page, with time for password hashing on a busy machine. */
async function signInAsStudent(page: Page) {
  await page.goto("/users/sign_in");
  await page.getByLabel("Email").fill(STUDENT);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(accountMenu(page)).toBeVisible({ timeout: 60_000 });
}

async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Tabbing never leaves the dialog; Escape closes it and focus goes back to the link that opened it. */
async function expectModal(page: Page, dialog: Locator, trigger: Locator) {
  for (let step = 0; step < 6; step++) {
    await page.keyboard.press("Tab");
    const inside = await dialog.evaluate((element) => element.contains(document.activeElement) || document.activeElement === document.body);
    expect(inside, `focus after ${step + 1} Tab presses`).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "dialogs need JavaScript");

  test("log in: the bar's link opens a labelled modal dialog; a wrong password is answered in it, the right one signs in", async ({ page, consoleWatch }) => {
    consoleWatch.allow(/status of 400/);
    await page.goto("/pricing");
    const trigger = bar(page).getByRole("link", { name: "Log in" });
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Log in" });
    await expect(dialog.getByLabel("Email")).toBeFocused();
    await expect(page).toHaveURL(/\/pricing$/);
    await expectNoSeriousAxeViolations(page);
    await expectModal(page, dialog, trigger);

    await trigger.click();
    await dialog.getByLabel("Email").fill(STUDENT);
    await dialog.getByLabel("Password").fill("not-the-password");
    await dialog.getByRole("button", { name: "Log in" }).click();
    await expect(dialog.getByRole("alert")).toContainText("don't match an account");
    await expect(dialog.getByLabel("Email")).toHaveValue(STUDENT);

    await dialog.getByLabel("Password").fill(DEMO_PASSWORD);
    await dialog.getByRole("button", { name: "Log in" }).click();
    await expect(accountMenu(page)).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("sign up: the server's answer (email taken) shows inside the dialog", async ({ page, consoleWatch }) => {
    consoleWatch.allow(/status of 400/);
    await page.goto("/courses");
    const trigger = bar(page).getByRole("link", { name: "Get Started for Free" });
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Get started for free" });
    await expect(dialog.getByLabel("First name")).toBeFocused();
    await expectModal(page, dialog, trigger);

    await trigger.click();
    await dialog.getByLabel("First name").fill("Maya");
    await dialog.getByLabel("Last name").fill("Again");
    await dialog.getByLabel("Email").fill(STUDENT);
    await dialog.getByLabel("Password").fill("a-long-enough-password");
    await dialog.getByRole("button", { name: "Create account" }).click();
    await expect(dialog.getByRole("alert")).toContainText(/already/i);
    await expect(page).toHaveURL(/\/courses$/);
  });

  test("sign up in the dialog goes on to the dashboard, as the page does", async ({ page }, testInfo) => {
    await page.goto("/");
    await bar(page).getByRole("link", { name: "Get Started for Free" }).click();
    const dialog = page.getByRole("dialog", { name: "Get started for free" });
    await dialog.getByLabel("First name").fill("Ines");
    await dialog.getByLabel("Last name").fill("Dialog");
    await dialog.getByLabel("Email").fill(uniqueEmail("dialog-sign-up", testInfo.project.name));
    await dialog.getByLabel("Password").fill("my-study-password");
    await dialog.getByRole("button", { name: "Create account" }).click();
    await skipOnboarding(page, { timeout: 60_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Ines");
  });

  test("search: the dialog's form goes to the results page", async ({ page }) => {
    await page.goto("/pricing");
    const trigger = bar(page).getByRole("link", { name: "Search" });
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Search" });
    await expect(dialog.getByLabel("Search for")).toBeFocused();
    await expectNoSeriousAxeViolations(page);
    await expectModal(page, dialog, trigger);

    await trigger.click();
    await dialog.getByLabel("Search for").fill("calculus");
    await dialog.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?query=calculus&type=course$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Search results" }).getByRole("link").first()).toBeVisible();
  });

  test("contact us: the message is stored and sent, a toast confirms it and the visitor stays on the page", async ({ page }, testInfo) => {
    const name = `Dialog Parent ${testInfo.project.name} ${Date.now().toString(36)}`;
    await page.goto("/pricing");
    const trigger = footer(page).getByRole("link", { name: "Contact us" });
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Contact us" });
    await expect(dialog.getByLabel("Your name")).toBeFocused();
    await expectNoSeriousAxeViolations(page);
    await expectModal(page, dialog, trigger);

    await trigger.click();
    await dialog.getByLabel("Your name").fill(name);
    await dialog.getByLabel("Email").fill("parent@example.com");
    await dialog.getByLabel("Topic").selectOption("billing");
    await dialog.getByLabel("Message").fill("Short");
    await dialog.getByRole("button", { name: "Send message" }).click();
    await expect(dialog.getByText("Write at least 10 characters")).toBeVisible();
    await dialog.getByLabel("Message").fill("Can I pay for the yearly plan in Canadian dollars?");
    await dialog.getByRole("button", { name: "Send message" }).click();

    const toast = page.locator('[data-shell="toasts"] [role="status"]');
    await expect(toast).toContainText("your message is on its way");
    await expect(toast).toHaveAttribute("data-toast-type", "success");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/pricing$/);

    await page.goto("/dev/mailbox?to=support%40marketplace.test");
    await expect(page.getByRole("link", { name: new RegExp(`\\[Billing and subscriptions\\].*${name}`) })).toBeVisible();
  });

  test("reauthentication: a deep link opens it; a wrong password is answered in it, the right one continues to the profile", async ({ page, consoleWatch }) => {
    consoleWatch.allow(/status of 400/);
    await signInAsStudent(page);
    await page.goto("/profile?dialog=reauthenticate");
    const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
    await expect(dialog.getByLabel("Password")).toBeFocused();
    await expectNoSeriousAxeViolations(page);
    await dialog.getByLabel("Password").fill("not-the-password");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(dialog.getByRole("alert")).toContainText("That password is not right.");
    await dialog.getByLabel("Password").fill(DEMO_PASSWORD);
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0, { timeout: 60_000 });
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
  });

  test("checkout: Get Plus on /pricing opens the checkout; the total updates in place and paying goes to the payment page", async ({ page }, testInfo) => {
    await page.goto("/pricing");
    const trigger = page.getByRole("link", { name: "Get Plus" }).first();
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Checkout" });
    await expect(dialog.getByRole("heading", { level: 3 })).toContainText("Plus");
    await expectNoSeriousAxeViolations(page);
    await expectModal(page, dialog, trigger);

    await trigger.click();
    const total = dialog.getByTestId("checkout-total");
    await expect(total).toBeVisible();
    const before = await total.innerText();
    await dialog.getByLabel("Country (sets currency and sales tax)").selectOption("CA");
    await dialog.getByRole("button", { name: "Update total" }).click();
    await expect(total).toContainText("CAD");
    expect(await total.innerText()).not.toBe(before);
    await expect(page).toHaveURL(/\/pricing$/);

    await dialog.getByLabel("First name").fill("Jordan");
    await dialog.getByLabel("Last name").fill("Dialog");
    await dialog.getByLabel("Email").fill(uniqueEmail("dialog-checkout", testInfo.project.name));
    await dialog.getByLabel("Password").fill("checkout-password-1");
    await dialog.getByRole("button", { name: /free trial|Continue to payment/ }).click();
    await expect(page.getByText("Test mode")).toBeVisible({ timeout: 60_000 });
  });

  test("checkout: a course's Buy link opens its package in the dialog", async ({ page }) => {
    await page.goto(`/online-courses/${ORGANIC_CHEMISTRY}`);
    const buy = page.getByRole("link", { name: "Buy Learn", exact: true });
    await expect(buy).toBeVisible();
    const name = ((await buy.getAttribute("aria-label")) ?? "").replace(/^Buy /, "");
    await buy.click();
    const dialog = page.getByRole("dialog", { name: "Checkout" });
    await expect(dialog.getByRole("heading", { level: 3 })).toContainText(name);
    await expect(page).toHaveURL(new RegExp(`/online-courses/${ORGANIC_CHEMISTRY}$`));
  });

  test("terms and privacy still open as dialogs, and ?dialog= opens a form dialog from any page", async ({ page }) => {
    await page.goto("/courses?dialog=login");
    await expect(page.getByRole("dialog", { name: "Log in" })).toBeVisible();
    await page.getByRole("dialog").getByRole("link", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await footer(page).getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page.getByRole("dialog", { name: "Privacy Policy" })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the pages themselves");

  test("Log in and Get Started for Free are the pages", async ({ page }) => {
    await page.goto("/pricing");
    await bar(page).getByRole("link", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/users\/sign_in$/);
    await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
    await bar(page).getByRole("link", { name: "Get Started for Free" }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
    await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();
  });

  test("Search is the search page, and its form finds courses", async ({ page }) => {
    await page.goto("/pricing");
    await bar(page).getByRole("link", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await page.getByLabel("Search for").fill("calculus");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?query=calculus&type=course$/);
    await expect(page.getByRole("list", { name: "Search results" }).getByRole("link").first()).toBeVisible();
  });

  test("Contact us and Get Plus are the contact and checkout pages", async ({ page }) => {
    await page.goto("/pricing");
    await footer(page).getByRole("link", { name: "Contact us" }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(page.getByRole("button", { name: "Send message" })).toBeVisible();
    await page.goto("/pricing");
    await page.getByRole("link", { name: "Get Plus" }).first().click();
    await expect(page).toHaveURL(/\/checkout\?plan=plus&interval=(year|month)$/);
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  });

  test("a ?dialog= deep link still shows its page, and the reauthentication page works", async ({ page, consoleWatch }) => {
    consoleWatch.allow(/status of 400/);
    await page.goto("/courses?dialog=login");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await signInAsStudent(page);
    await page.goto("/users/reauthenticate?redirect_to=%2Fprofile");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("alert")).toContainText("That password is not right.");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/profile$/, { timeout: 60_000 });
  });
});
