import { test as base, expect } from "@playwright/test";
import { TOUR_PROMPTS_COOKIE } from "../../../app/site-tours/tours";

interface ConsoleWatch {
  /** Console errors matching this are expected in this test (e.g. the 404 of a not-found page). */
  allow(pattern: RegExp): void;
}

/** Every page test fails on a console error or an uncaught page error it did not expect. */
export const test = base.extend<{ consoleWatch: ConsoleWatch; quietTours: void }>({
  // The "Want a tour?" toast would pop up over any test's page a second after it loads; the one
  // test of the prompt clears this cookie.
  quietTours: [
    async ({ context, baseURL }, use) => {
      await context.addCookies([{ name: TOUR_PROMPTS_COOKIE, value: "off", url: baseURL! }]);
      await use();
    },
    { auto: true },
  ],
  consoleWatch: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = errors.filter((error) => !allowed.some((pattern) => pattern.test(error)));
      expect(unexpected, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
