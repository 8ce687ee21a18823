import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";

const PASSWORD = "chat-test-password";

/** A second person in a browser of their own, with the project's settings (JavaScript on or off). */
async function secondBrowser(browser: Browser, testInfo: TestInfo) {
  const { baseURL, javaScriptEnabled } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
}

/** axe finds no serious or critical violation on the page as it is now (it runs as a script: JS-on only). */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function startChat(page: Page, email: string) {
  await page.goto("/chats");
  await page.getByLabel("Start a chat with (email address)").fill(email);
  await page.getByRole("button", { name: "Start chat" }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
}

async function send(page: Page, text: string) {
  await page.getByLabel("Write a message").fill(text);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("chat-message").filter({ hasText: text })).toBeVisible();
  // With JavaScript the emptied box keeps the focus, ready for the next message.
  if (test.info().project.name === "js-on") {
    await expect(page.getByLabel("Write a message")).toBeFocused();
    await expect(page.getByLabel("Write a message")).toHaveValue("");
  }
}

test.describe("chats and live updates", () => {
  // Two people sign up and talk: more steps than one page test.
  test.describe.configure({ timeout: 90_000 });
  let other: { context: BrowserContext; page: Page; errors: string[] } | undefined;
  test.afterEach(async () => {
    expect(other?.errors ?? [], "page errors in the second browser").toEqual([]);
    await other?.context.close();
  });

  test("a message reaches the other person's badge and open chat without a reload, also across a lost connection", async ({ page, browser }, testInfo) => {
    test.skip(testInfo.project.name === "js-off", "live updates need JavaScript; the no-JS test covers reading and sending");
    // The browser reports its failed requests while offline; those are expected.
    other = await secondBrowser(browser, testInfo);
    const ann = page;
    const ben = other.page;
    const benEmail = uniqueEmail("chat-ben", testInfo.project.name);
    await signUp(ann, { firstName: "Ann", lastName: "Sender", email: uniqueEmail("chat-ann", testInfo.project.name), password: PASSWORD });
    await signUp(ben, { firstName: "Ben", lastName: "Reader", email: benEmail, password: PASSWORD });
    await expect(ben.getByRole("link", { name: "Chats", exact: true })).toBeVisible();

    await startChat(ann, benEmail);
    await send(ann, "Hello Ben, see https://example.com/notes");

    // Ben is elsewhere: the app bar's chat badge rises without a reload.
    await expect(ben.getByRole("link", { name: "Chats, 1 unread messages" })).toBeVisible();
    await expect(ben.getByTestId("chat-count")).toHaveText("1");

    await ben.getByRole("link", { name: "Chats, 1 unread messages" }).click();
    await expect(ben.getByRole("link", { name: /^Ann Sender.*1 unread$/ })).toBeVisible();
    await expectAccessible(ben);
    await ben.getByRole("link", { name: /^Ann Sender/ }).click();
    await expect(ben.getByTestId("chat-message").filter({ hasText: "Hello Ben" })).toBeVisible();
    await expect(ben.getByRole("link", { name: "https://example.com/notes" })).toHaveAttribute("href", "https://example.com/notes");
    await expectAccessible(ben);
    await expect(ben.getByRole("link", { name: "Chats", exact: true })).toBeVisible();

    // With the chat open, a new message appears in it.
    await send(ann, "Are you there?");
    await expect(ben.getByTestId("chat-message").filter({ hasText: "Are you there?" })).toBeVisible();

    // Ben's connection drops; a message sent meanwhile arrives once it is back.
    await other.context.setOffline(true);
    await expect(ben.getByRole("status").filter({ hasText: "You are offline" })).toBeVisible();
    await send(ann, "Sent while you were away");
    await other.context.setOffline(false);
    await expect(ben.getByTestId("chat-message").filter({ hasText: "Sent while you were away" })).toBeVisible();
    await expect(ben.getByRole("status").filter({ hasText: "You are offline" })).toBeHidden();
    // Reading it in the open chat keeps the badge at zero.
    await expect(ben.getByRole("link", { name: "Chats", exact: true })).toBeVisible();

    // The bell opens a dropdown with JavaScript; the full page is one link away.
    await ben.getByRole("link", { name: "Notifications" }).click();
    await expect(ben.getByRole("region", { name: "Latest notifications" })).toContainText("No notifications yet.");
    await ben.getByRole("link", { name: "See all notifications" }).click();
    await expect(ben.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
    await expectAccessible(ben);
  });

  test("without JavaScript both people read and send with plain forms", async ({ page, browser }, testInfo) => {
    test.skip(testInfo.project.name === "js-on", "the live test covers JavaScript");
    other = await secondBrowser(browser, testInfo);
    const ann = page;
    const ben = other.page;
    const benEmail = uniqueEmail("nojs-ben", testInfo.project.name);
    await signUp(ann, { firstName: "Ann", lastName: "Plain", email: uniqueEmail("nojs-ann", testInfo.project.name), password: PASSWORD });
    await signUp(ben, { firstName: "Ben", lastName: "Plain", email: benEmail, password: PASSWORD });

    await startChat(ann, benEmail);
    await send(ann, "<script>alert('hi')</script> plain hello");

    await ben.reload();
    await expect(ben.getByTestId("chat-count")).toHaveText("1");
    await ben.getByRole("link", { name: "Chats, 1 unread messages" }).click();
    await expect(ben.getByRole("link", { name: /^Ann Plain.*1 unread$/ })).toBeVisible();
    await ben.getByRole("link", { name: /^Ann Plain/ }).click();
    await expect(ben.getByTestId("chat-message").filter({ hasText: "<script>alert('hi')</script> plain hello" })).toBeVisible();
    await send(ben, "Hi Ann, no scripts here");

    await ann.reload();
    await expect(ann.getByTestId("chat-message").filter({ hasText: "Hi Ann, no scripts here" })).toBeVisible();

    // The bell is a link to the notifications page, which works without JavaScript too.
    await ben.getByRole("link", { name: "Notifications" }).click();
    await expect(ben.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
    await expect(ben.getByText("No notifications yet.")).toBeVisible();
  });
});
