import type { APIRequestContext, Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import { request as playwrightRequest } from "@playwright/test";
import { REFUSAL_MESSAGES } from "../../app/work-shifts/rules";
import { DEMO_PASSWORD, signIn } from "./support/accounts";
import { expect, test } from "./support/fixtures";

/**
 * Work shifts (SPEC §4): signing up and withdrawing with plain forms, the optimistic toggle with
 * JavaScript, seat counts that follow other people's signups live, and a toggle that loses the
 * last seat reverting with the reason. Each test publishes a shift of its own (as admin, over
 * HTTP), so tests and projects running at once never share one.
 */

/** Someone signed in over HTTP (the sign-in form's POST), to post forms as a browser without JavaScript would. */
async function signedInRequest(baseURL: string, email: string): Promise<APIRequestContext> {
  const request = await playwrightRequest.newContext({ baseURL });
  const token = csrfToken(await (await request.get("/users/sign_in")).text());
  const answer = await request.post("/users/sign_in", { form: { csrf_token: token, email, password: DEMO_PASSWORD }, headers: { Origin: baseURL }, maxRedirects: 0 });
  expect(answer.status(), `signing in as ${email}`).toBe(302);
  return request;
}

function csrfToken(html: string) {
  return /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? "";
}

/** Posts a form from `path` as its page would (CSRF token from the page), without following the redirect. */
async function postForm(request: APIRequestContext, baseURL: string, page: string, action: string, fields: Record<string, string>) {
  const token = csrfToken(await (await request.get(page)).text());
  return request.post(action, { form: { csrf_token: token, ...fields }, headers: { Origin: baseURL }, maxRedirects: 0 });
}

/** Publishes a shift starting in a few days (UTC) and answers its title. */
async function publishShift(baseURL: string, testInfo: TestInfo, seats: number) {
  const title = `E2E shift ${testInfo.project.name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const admin = await signedInRequest(baseURL, "admin@demo.test");
  const day = new Date(Date.now() + 5 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const answer = await postForm(admin, baseURL, "/work-shifts/new", "/work-shifts/new", { title, day, start: "10:00", end: "12:00", time_zone: "UTC", seats: String(seats), location: "" });
  expect(answer.status(), "publishing the shift").toBe(302);
  await admin.dispose();
  return title;
}

const shiftRow = (page: Page, title: string) => page.getByTestId("work-shift").filter({ has: page.getByRole("heading", { name: title }) });

async function otherBrowser(browser: Browser, baseURL: string, email: string) {
  const request = await signedInRequest(baseURL, email);
  const context = await browser.newContext({ baseURL, storageState: await request.storageState() });
  await request.dispose();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
}

test.describe("work shifts", () => {
  test.describe.configure({ timeout: 90_000 });
  let other: { context: BrowserContext; page: Page; errors: string[] } | undefined;
  test.afterEach(async () => {
    expect(other?.errors ?? [], "page errors in the second browser").toEqual([]);
    await other?.context.close();
    other = undefined;
  });

  test("a tutor signs up and another viewer sees the seat count change without reloading", async ({ page, browser, baseURL }, testInfo) => {
    test.skip(testInfo.project.name === "js-off", "live updates need JavaScript; the no-JS test covers the plain forms");
    const title = await publishShift(baseURL!, testInfo, 3);
    other = await otherBrowser(browser, baseURL!, "instructor@demo.test");
    await other.page.goto("/work-shifts");
    const watched = shiftRow(other.page, title);
    await expect(watched.getByTestId("work-shift-seats")).toHaveText("0 of 3 seats taken · 3 seats left");

    await signIn(page, "tutor@demo.test");
    await page.goto("/work-shifts");
    await expect(page.getByText("Times are in UTC.")).toBeVisible();
    const row = shiftRow(page, title);
    await expect(row).toContainText("Online");
    await row.getByRole("button", { name: `Sign up for ${title}` }).click();
    await expect(row.getByTestId("work-shift-seats")).toHaveText("1 of 3 seats taken · 2 seats left");
    await expect(row).toContainText("Signed up: you");
    await expect(row.getByRole("button", { name: `Withdraw from ${title}` })).toBeVisible();

    // The other viewer's page follows without a reload.
    await expect(watched.getByTestId("work-shift-seats")).toHaveText("1 of 3 seats taken · 2 seats left");
    await expect(watched).toContainText("Signed up: Leah O.");

    await row.getByRole("button", { name: `Withdraw from ${title}` }).click();
    await expect(row.getByRole("button", { name: `Sign up for ${title}` })).toBeVisible();
    await expect(watched.getByTestId("work-shift-seats")).toHaveText("0 of 3 seats taken · 3 seats left");
    await expect(watched).toContainText("No one has signed up yet.");

    // What the pages show is what the server has.
    await page.reload();
    await expect(shiftRow(page, title).getByTestId("work-shift-seats")).toHaveText("0 of 3 seats taken · 3 seats left");
  });

  test("a toggle that loses the last seat to someone else reverts and says why", async ({ page, baseURL, consoleWatch }, testInfo) => {
    test.skip(testInfo.project.name === "js-off", "the optimistic toggle needs JavaScript");
    // The browser logs the refusal's 409 answer.
    consoleWatch.allow(/409/);
    const title = await publishShift(baseURL!, testInfo, 1);
    await signIn(page, "tutor@demo.test");
    await page.goto("/work-shifts");
    const row = shiftRow(page, title);
    await expect(row.getByTestId("work-shift-seats")).toHaveText("0 of 1 seat taken · 1 seat left");
    const shiftId = await row.locator('input[name="shift_id"]').inputValue();

    // The tutor's request waits while another person takes the seat.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith("/work-shifts"),
      async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      },
    );
    await row.getByRole("button", { name: `Sign up for ${title}` }).click();
    await expect(row.getByTestId("work-shift-seats")).toHaveText("1 of 1 seat taken · Full");
    await expect(row).toContainText("Signed up: you");

    const instructor = await signedInRequest(baseURL!, "instructor@demo.test");
    const taken = await postForm(instructor, baseURL!, "/work-shifts", "/work-shifts?index", { intent: "sign_up", shift_id: shiftId });
    expect(taken.status()).toBe(302);
    await instructor.dispose();
    release();

    await expect(row.getByRole("alert")).toHaveText(REFUSAL_MESSAGES.full);
    await expect(row).toContainText("Signed up: Priya R.");
    await expect(row).not.toContainText("Signed up: you");
    await expect(row.getByTestId("work-shift-seats")).toHaveText("1 of 1 seat taken · Full");
    await expect(row.getByRole("button")).toHaveCount(0);
  });

  test("without JavaScript the plain form signs up and withdraws", async ({ page, baseURL }, testInfo) => {
    test.skip(testInfo.project.name === "js-on", "the JavaScript tests cover the optimistic toggle");
    const title = await publishShift(baseURL!, testInfo, 2);
    await signIn(page, "tutor@demo.test");
    await page.goto("/instructor-dashboard");
    await page.getByRole("link", { name: "Work shifts" }).click();
    await expect(page).toHaveURL(/\/work-shifts$/);
    const row = shiftRow(page, title);
    await expect(row.getByTestId("work-shift-seats")).toHaveText("0 of 2 seats taken · 2 seats left");

    await row.getByRole("button", { name: `Sign up for ${title}` }).click();
    await expect(page.getByText(`You are signed up for ${title}.`)).toBeVisible();
    await expect(row.getByTestId("work-shift-seats")).toHaveText("1 of 2 seats taken · 1 seat left");
    await expect(row).toContainText("Signed up: you");

    await row.getByRole("button", { name: `Withdraw from ${title}` }).click();
    await expect(page.getByText(`You withdrew from ${title}.`)).toBeVisible();
    await expect(row.getByTestId("work-shift-seats")).toHaveText("0 of 2 seats taken · 2 seats left");
    await expect(row.getByRole("button", { name: `Sign up for ${title}` })).toBeVisible();
  });

  test("staff publish a shift from the list", async ({ page }, testInfo) => {
    const title = `Published ${testInfo.project.name} ${Date.now().toString(36)}`;
    await signIn(page, "manager@demo.test");
    await page.goto("/work-shifts");
    await page.getByRole("link", { name: "Publish a shift" }).click();
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Day", { exact: true }).fill(new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10));
    await page.getByLabel("Starts").fill("09:00");
    await page.getByLabel("Ends").fill("11:30");
    await page.getByLabel("Seats").fill("4");
    await page.getByLabel("Place (optional)").fill("Library, room 2");
    await page.getByRole("button", { name: "Publish the shift" }).click();
    await expect(page).toHaveURL(/\/work-shifts$/);
    await expect(page.getByText(`${title} is published.`)).toBeVisible();
    const row = shiftRow(page, title);
    await expect(row).toContainText("Library, room 2");
    await expect(row).toContainText("09:00–11:30 UTC");
    await expect(row.getByTestId("work-shift-seats")).toHaveText("0 of 4 seats taken · 4 seats left");
  });
});
