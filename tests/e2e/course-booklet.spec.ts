import { signIn } from "./support/accounts";
import { expect, test } from "./support/fixtures";

/**
 * /courses/{idOrSlug}/booklet: the demo student generates the booklet of an online course they
 * have, sees SPEC §2's banner ("Generating booklet - This may take a moment", then "Booklet ready!")
 * and opens it. With JavaScript the banner follows by itself; without, "Check again" reloads.
 * Each project takes a course of its own (both not made yet in the demo data): a booklet is shared
 * by everyone who has the course.
 */
const COURSES = {
  "js-on": { page: "/courses/waterloo-cs-135/booklet", name: "Functional Program Design in Racket" },
  "js-off": { page: "/courses/mcgill-chem-110/booklet", name: "General Chemistry 1: Complete Course" },
} as const;

test("a student generates their course's booklet, waits on the banner and opens the PDF", async ({ page }, testInfo) => {
  test.slow();
  const js = testInfo.project.name === "js-on";
  const course = COURSES[js ? "js-on" : "js-off"];
  await signIn(page, "student@demo.test");
  await page.goto(course.page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Booklets for /);
  const card = page.getByRole("article", { name: course.name });
  await card.getByRole("button", { name: "Generate booklet" }).click();

  const banner = card.getByRole("status");
  await expect(banner).toContainText(/Generating booklet - This may take a moment|Booklet ready!/);
  const open = card.getByRole("link", { name: /^Open Booklet/ });
  if (js) {
    await expect(open).toBeVisible({ timeout: 60_000 });
  } else {
    await expect(async () => {
      const checkAgain = card.getByRole("link", { name: /^Check again/ });
      if (await checkAgain.count()) await checkAgain.click();
      await expect(open).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 60_000 });
  }
  await expect(banner).toContainText("Booklet ready!");

  const href = await open.getAttribute("href");
  expect(href).toMatch(/^\/online-courses\/\d+\/student-booklets\/\d+$/);
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
});

test("the course page links a student with booklets to them; MATH 137's booklet is ready to open", async ({ page }) => {
  await signIn(page, "student@demo.test");
  await page.goto("/courses/waterloo-math-137");
  await page.getByRole("link", { name: "Your MATH 137 booklets" }).click();
  await expect(page).toHaveURL(/\/courses\/waterloo-math-137\/booklet$/);
  const card = page.getByRole("article", { name: "MATH 137 Exam Prep: Calculus 1" });
  await expect(card.getByRole("status")).toContainText("Booklet ready!");
  await expect(card.getByRole("link", { name: /^Open Booklet/ })).toHaveAttribute("href", /^\/online-courses\/\d+\/student-booklets\/\d+$/);
});
