import { expect, test } from "./support/fixtures";

test.describe("homepage and catalogue", () => {
  test("the homepage shows seeded courses, sessions and posts", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Ace your courses");
    await expect(page.getByRole("heading", { name: "Featured online courses" })).toBeVisible();
    await expect(page.locator("article")).not.toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Upcoming live study sessions" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "From the blog" })).toBeVisible();
  });

  test("a guest reaches every MCAT and LSAT online course in one click from /mcat and /lsat, and a featured one from the homepage", async ({ page }) => {
    for (const [path, heading] of [
      ["/mcat", "MCAT courses"],
      ["/lsat", "LSAT courses"],
      ["/", "Featured online courses"],
    ] as const) {
      await page.goto(path);
      // The tiles listed under the section's heading; each tile's title is its link.
      const tiles = page.getByRole("heading", { level: 2, name: heading, exact: true }).locator("xpath=following-sibling::ul[1]").getByRole("heading", { level: 3 }).getByRole("link");
      const names = await tiles.allInnerTexts();
      expect(names.length, path).toBeGreaterThan(0);
      // Every tile on the programme pages; the homepage's first.
      for (const name of path === "/" ? names.slice(0, 1) : names) {
        await page.goto(path);
        await tiles.getByText(name, { exact: true }).click();
        await expect(page).toHaveURL(/\/online-courses\/\d+$/);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      }
    }
  });

  test("a student searches the catalogue and opens a course", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Find your course" }).click();
    await expect(page).toHaveURL(/\/courses$/);
    const total = page.getByText(/^\d+ courses?$/);
    await expect(total).toBeVisible();

    await page.getByLabel("Course name or code").fill("calculus");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/query=calculus/);
    await expect(page.getByText(/courses? matching “calculus”/)).toBeVisible();
    const results = page.getByRole("search").locator("xpath=following::ul[1]/li");
    await expect(results).not.toHaveCount(0);
    for (const text of await results.allInnerTexts()) expect(text.toLowerCase()).toContain("calculus");

    await results.first().getByRole("link").click();
    await expect(page).toHaveURL(/\/courses\/[\w-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/calculus/i);
    await expect(page.getByRole("heading", { name: "Upcoming live sessions" })).toBeVisible();
  });

  test("the catalogue filters by school and pages", async ({ page }) => {
    await page.goto("/courses");
    const school = page.getByLabel("School");
    const options = await school.locator("option").allInnerTexts();
    expect(options.length).toBeGreaterThan(2);
    await school.selectOption({ label: options[1]! });
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/school=/);
    const cards = page.getByRole("search").locator("xpath=following::ul[1]/li");
    await expect(cards).not.toHaveCount(0);
    for (const text of await cards.allInnerTexts()) expect(text).toContain(options[1]!);

    await page.goto("/courses");
    const next = page.getByRole("link", { name: "Next page" });
    if (await next.count()) {
      await next.click();
      await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();
    }
  });

  test("an unknown address shows the not-found page with a way home", async ({ page, consoleWatch }) => {
    // Chromium reports the 404 document itself as a console error; that one is expected.
    consoleWatch.allow(/status of 404/);
    const response = await page.goto("/this/page/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find that page");
    await page.getByRole("link", { name: "Homepage" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the keyboard reaches the main content through the skip link", async ({ page }) => {
    await page.goto("/courses");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
  });
});
