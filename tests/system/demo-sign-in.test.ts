import { describe, expect, it } from "vitest";
import { homePath } from "../../app/accounts/roles";
import { DEMO_PASSWORD, demoAccounts } from "../../server/seed/demo-accounts";
import { useTestDatabase } from "../support/database";
import { useTestApp, visitor } from "../support/http-app";

/**
 * Every demo account signs in through the real sign-in form, as a browser without JavaScript
 * posts it, and lands on its role's home page, which opens; the site's front page then sends it
 * home too. The sign-in flow itself, with and without JavaScript, is walked in
 * tests/e2e/accounts.spec.ts.
 */
useTestDatabase();
const app = useTestApp();

describe("demo accounts", () => {
  it.each(demoAccounts.map((account) => [account.email, account] as const))("%s signs in and lands on their home page", async (_email, account) => {
    const expected = homePath({ id: 1, roles: account.role === "student" ? [] : [account.role], userType: "student" });
    const browser = visitor(app);
    const { csrfToken } = await browser.page("/users/sign_in");
    const signedIn = await browser.fetch("/users/sign_in", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", Origin: app.origin },
      body: new URLSearchParams({ csrf_token: csrfToken!, email: account.email, password: DEMO_PASSWORD }).toString(),
    });
    expect(signedIn.status).toBe(302);
    expect(new URL(signedIn.headers.get("location")!, app.origin).pathname).toBe(expected);

    const home = await browser.page(expected);
    expect(home.response.status).toBe(200);
    expect(home.html).toMatch(/<h1[^>]*>[\s\S]+?<\/h1>/);
    expect(home.html, "signed in: the bar shows the account menu").toContain('data-shell="account-menu"');

    const front = await browser.fetch("/", { headers: { Accept: "text/html" } });
    expect(front.status).toBe(302);
    expect(new URL(front.headers.get("location")!, app.origin).pathname).toBe(expected);
  });
});
