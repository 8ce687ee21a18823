import { expect, test } from "./support/fixtures";

/**
 * The textbook pages as a guest walks them, with and without JavaScript (projects js-on and
 * js-off): the lists link each textbook to its page, and a chapter's courses are links that lead
 * to the course. Each page's markup and contrast in both themes is scanned by axe-pages.spec.ts.
 */
test.describe("textbooks", () => {
  test("a guest goes from /textbooks to a level, a textbook, and a course that uses one of its chapters", async ({ page }) => {
    await page.goto("/textbooks");
    const main = page.getByRole("main");
    await main.getByRole("link", { name: "Undergrad textbooks", exact: true }).click();
    await expect(page).toHaveURL(/\/textbooks\/undergrad$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Undergrad textbooks");

    await main.getByRole("link", { name: "Calculus I: Limits to Integrals", exact: true }).click();
    await expect(page).toHaveURL(/\/textbooks\/undergrad\/calculus-one$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Calculus I: Limits to Integrals");
    await expect(page.getByRole("img", { name: "Cover of Calculus I: Limits to Integrals, 9th edition" })).toBeVisible();
    for (const fact of ["by Margaret Liu", "Northfield Academic Press", "2021", "9781990150197"]) await expect(main).toContainText(fact);
    await expect(page.getByRole("heading", { level: 2, name: "Where to get it" })).toBeVisible();

    const chapter = main.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: "Chapter 1: Limits and continuity" }) });
    await chapter.getByRole("link", { name: "MATH 137 Calculus 1 for Honours Mathematics" }).click();
    await expect(page).toHaveURL(/\/courses\/waterloo-math-137$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Calculus 1 for Honours Mathematics");
  });

  test("a chapter's online course link leads to the online course", async ({ page }) => {
    await page.goto("/textbooks/ap");
    await page.getByRole("main").getByRole("link", { name: "AP Calculus AB", exact: true }).click();
    await expect(page).toHaveURL(/\/textbooks\/ap\/ap-calculus-ab$/);
    const chapter = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: "Chapter 2: Differentiation" }) });
    await chapter.getByRole("link", { name: "AP Calculus AB Complete Review" }).click();
    await expect(page).toHaveURL(/\/online-courses\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("AP Calculus AB Complete Review");
  });

  test("an unknown textbook answers not found; a textbook under another level's address is sent to its own", async ({ page, consoleWatch }) => {
    consoleWatch.allow(/status of 404/);
    const missing = await page.goto("/textbooks/undergrad/no-such-textbook");
    expect(missing?.status()).toBe(404);
    const moved = await page.goto("/textbooks/ap/grade-12-biology");
    expect(moved?.status()).toBe(200);
    await expect(page).toHaveURL(/\/textbooks\/high-school\/grade-12-biology$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Grade 12 Biology");
  });
});
