import { signIn, signUp, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// What JavaScript adds (the bell's dropdown, calls made in place): without it the bell is a link
// and every change a form post, which the notifications tests cover.
test.beforeEach(async ({}, testInfo) => {
  test.skip(testInfo.project.name === "js-off", "the request helper is what JavaScript adds");
});

test("with the connection cut, opening the bell shows a toast and the page stays as it was", async ({ page, context, consoleWatch }) => {
  // The browser reports each request it could not send while offline.
  consoleWatch.allow(/ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch|NetworkError/i);
  await signIn(page, "student@demo.test");
  const url = page.url();
  const heading = await page.getByRole("heading", { level: 1 }).first().textContent();

  await context.setOffline(true);
  await page.getByRole("link", { name: /^Notifications/ }).click();

  await expect(page.getByRole("alert").filter({ hasText: "You appear to be offline" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Latest notifications" })).toContainText("You appear to be offline");
  expect(page.url()).toBe(url);
  await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText(heading!);
  // Neither the error page nor a part's error box.
  await expect(page.getByText(/There was an error on this page|could not be shown/)).toHaveCount(0);

  // Back online, the bell loads its list.
  await context.setOffline(false);
  await page.getByRole("link", { name: /^Notifications/ }).click();
  await expect(page.getByRole("region", { name: "Latest notifications" })).toBeHidden();
  await page.getByRole("link", { name: /^Notifications/ }).click();
  await expect(page.getByRole("button", { name: "Mark all as read" })).toBeVisible();
});

test("a CSRF token replaced by the server is taken up and the call retried once, unseen", async ({ page, context, consoleWatch }, testInfo) => {
  // The first answer is the 400 that carries the new token.
  consoleWatch.allow(/status of 400/);
  await signUp(page, { firstName: "Rita", lastName: "Token", email: uniqueEmail("csrf-retry", testInfo.project.name), password: "a-long-demo-password-1" });
  await page.getByRole("link", { name: /^Notifications/ }).click();
  await expect(page.getByRole("button", { name: "Mark all as read" })).toBeVisible();

  // The server no longer knows the page's token: without its cookie it issues a new one.
  await context.clearCookies({ name: "csrf_token" });
  const calls: number[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith("/api/v1/notifications/mark_all_as_read")) calls.push(response.status());
  });
  const url = page.url();
  await page.getByRole("button", { name: "Mark all as read" }).click();

  await expect.poll(() => calls).toEqual([400, 200]);
  await expect(page.getByRole("button", { name: "Mark all as read" })).toBeEnabled();
  await expect(page.getByRole("region", { name: "Latest notifications" }).getByRole("alert")).toHaveCount(0);
  expect(page.url()).toBe(url);
  // The page's token is the new one: the next call needs no retry.
  calls.length = 0;
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect.poll(() => calls).toEqual([200]);
});

test("a form sent after the server replaced the CSRF token is sent again with the new one, and the page carries on", async ({ page, context, consoleWatch }) => {
  consoleWatch.allow(/status of 400/);
  await page.goto("/pricing");
  await expect(page.getByRole("button", { name: "Only necessary" })).toBeVisible();
  await context.clearCookies({ name: "csrf_token" });
  const calls: number[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === "/cookie-consent.data") calls.push(response.status());
  });

  await page.getByRole("button", { name: "Only necessary" }).click();

  await expect(page.getByText("Saved: only necessary cookies.")).toBeVisible();
  expect(calls[0]).toBe(400);
  expect(calls.slice(1).every((status) => status < 400)).toBe(true);
  await expect(page.getByText(/There was an error on this page|Please try again/)).toHaveCount(0);
  expect((await context.cookies()).find((cookie) => cookie.name === "cookie_consent")?.value).toBe("rejected");
});

test("with the connection cut, a comment and a reaction sent in place keep the page and the typed text", async ({ page, context, consoleWatch }, testInfo) => {
  consoleWatch.allow(/ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch|NetworkError/i);
  const post = "/blog/active-recall-and-spaced-repetition";
  await signUp(page, { firstName: "Olli", lastName: "Offline", email: uniqueEmail("offline-comment", testInfo.project.name), password: "a-long-demo-password-1" });
  // The page has loaded what its forms need (the route that answers them) before the connection goes.
  const formsReady = page.waitForResponse((response) => /\/assets\/interactions-[^/]+\.js$/.test(response.url()));
  await page.goto(post);
  await formsReady;
  const text = `Written on the train (${Date.now().toString(36)}).`;
  await page.getByLabel("Add a comment").fill(text);
  const insightful = page.locator("#reactions").getByRole("button", { name: /Insightful$/ });
  const offline = page.getByRole("alert").filter({ hasText: "You appear to be offline" });

  // The browser knows it is offline: nothing is sent.
  await context.setOffline(true);
  await page.getByRole("button", { name: "Post comment" }).click();
  await expect(offline).toBeVisible();
  await expect(page.getByLabel("Add a comment")).toHaveValue(text);
  await context.setOffline(false);
  await expect(offline).toBeHidden({ timeout: 15_000 });

  // The browser thinks it is online but the request never arrives: the same toast, and the
  // reaction is not shown as done.
  const interactions = (url: URL) => url.pathname === "/community/interactions.data";
  await page.route(interactions, (route) => route.abort("internetdisconnected"));
  await insightful.click();
  await expect(offline).toBeVisible();
  await expect(insightful).toHaveAttribute("aria-pressed", "false");
  await expect(page).toHaveURL(new RegExp(`${post}$`));
  await expect(page.getByText(/There was an error on this page|could not be shown/)).toHaveCount(0);

  // Back online, the same clicks send them.
  await page.unroute(interactions);
  await page.getByRole("button", { name: "Post comment" }).click();
  await expect(page.getByRole("article", { name: "Comment by Olli Offline" }).filter({ hasText: text })).toBeVisible();
  await expect(page.getByLabel("Add a comment")).toHaveValue("");
  await insightful.click();
  await expect(insightful).toHaveAttribute("aria-pressed", "true");
});
