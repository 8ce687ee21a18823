import type { Page } from "@playwright/test";
import { signIn } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// Flash cards (SPEC §1, §2): a student makes a deck, imports cards from a CSV file and studies
// them one at a time, grading each; FSRS decides when each comes back. With JavaScript, space
// shows the answer and 1–4 grade it; without, the answer opens and the grades are a plain form.
// Each project has its own student, so both run at once.

const TWENTY_CARDS = ["front,back,tags", ...Array.from({ length: 20 }, (_, index) => `"Term ${index + 1}","Definition ${index + 1}",imported`)].join("\n");

const counts = (page: Page) => page.getByTestId("deck-counts");
const ONE_PIXEL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC";

test("a student makes a deck, imports 20 cards from CSV, grades five of them, and studies a card with a formula and a picture through its tag", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js-on";
  await signIn(page, js ? "marketing_manager@demo.test" : "mcat_instructor@demo.test");
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "flash cards" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Flash cards" })).toBeVisible();
  await page.getByLabel("Deck name").fill(`Vocabulary ${testInfo.project.name}`);
  await page.getByRole("button", { name: "Create deck" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Edit Vocabulary ${testInfo.project.name}` })).toBeVisible();

  await page.getByLabel("CSV file").setInputFiles({ name: "cards.csv", mimeType: "text/csv", buffer: Buffer.from(TWENTY_CARDS) });
  await page.getByRole("button", { name: "Import cards" }).click();
  await expect(page.locator('[data-shell="toasts"] [role="status"]').first()).toContainText("20 cards imported.");
  await expect(page.getByRole("heading", { name: "Cards (20)" })).toBeVisible();

  await page.getByRole("link", { name: "Study this deck" }).click();
  await expect(counts(page)).toContainText("0 due · 20 new · 20 cards");
  for (let card = 1; card <= 5; card++) {
    await expect(page.getByTestId("card-front")).toHaveText(`Term ${card}`);
    await expect(page.getByTestId("card-back")).toBeHidden();
    if (js) {
      await page.keyboard.press("Space");
      await expect(page.getByTestId("card-back")).toHaveText(`Definition ${card}`);
      await page.keyboard.press("3");
    } else {
      await page.getByText("Show answer").click();
      await expect(page.getByTestId("card-back")).toHaveText(`Definition ${card}`);
      await page.getByRole("button", { name: /^Good/ }).click();
    }
    await expect(counts(page)).toContainText(`${20 - card} new`);
  }
  // Graded Good the first time, a card comes back in ten minutes (FSRS's first learning step): the next new card is up.
  await expect(page.getByTestId("card-front")).toHaveText("Term 6");
  const stored = await page.request.get(page.url().replace(/\/flash-cards\/(\d+).*/, "/flash-cards/$1/export"));
  expect((await stored.text()).split("\r\n")).toHaveLength(22);

  // A card with a formula and a picture, tagged, then studied on its own through its tag.
  await page.getByRole("link", { name: "Edit deck" }).click();
  const add = page.getByRole("region", { name: "Add a card" });
  await add.getByLabel("Front", { exact: true }).fill("Kinetic energy: $E_k = \\frac{1}{2}mv^2$");
  await add.getByLabel("Back", { exact: true }).fill("Energy of motion, in joules.");
  await add.getByLabel("Tags (optional)").fill("physics");
  await add.getByLabel("Picture (optional)").setInputFiles({ name: "diagram.png", mimeType: "image/png", buffer: Buffer.from(ONE_PIXEL_PNG, "base64") });
  await add.getByRole("button", { name: "Add card" }).click();
  await expect(page.getByRole("heading", { name: "Cards (21)" })).toBeVisible();
  await page.getByRole("link", { name: "Study this deck" }).click();
  await page.getByRole("navigation", { name: "Study by tag" }).getByRole("link", { name: "#physics (1)" }).click();
  await expect(counts(page)).toContainText("0 due · 1 new · 1 card");
  await expect(page.getByTestId("card-front").locator("math")).toHaveCount(1);
  await page.getByText("Show answer").click();
  const picture = page.getByTestId("card-back").getByRole("img", { name: "Picture" });
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
});

test("a classmate studies the shared demo deck, grades its five cards, and tomorrow sees the ones FSRS scheduled for that day", async ({ page, context }, testInfo) => {
  const js = testInfo.project.name === "js-on";
  // The demo student's shared deck, opened by its link as a classmate would.
  await signIn(page, "student@demo.test");
  await page.goto("/flash-cards");
  const link = await page.getByRole("link", { name: "Amino acids", exact: true }).getAttribute("href");
  // Off the page first, as the other flows do: its background requests (the event stream's
  // reconnect, route discovery) would otherwise land without cookies and set a CSRF cookie that
  // the next page's form does not carry.
  await page.goto("about:blank");
  await context.clearCookies();
  await signIn(page, js ? "manager@demo.test" : "marketing_rep@demo.test");
  await page.goto(link!);
  await expect(counts(page)).toContainText("0 due · 5 new · 5 cards · by Maya T.");

  // Easy puts a card days away; Again, Hard and Good bring it back within minutes.
  const grades: [front: string, grade: "Again" | "Hard" | "Good" | "Easy", key: string][] = [
    ["Glycine", "Easy", "4"],
    ["Alanine", "Good", "3"],
    ["Tryptophan", "Again", "1"],
    ["Cysteine", "Easy", "4"],
    ["Proline", "Hard", "2"],
  ];
  for (const [front, grade, key] of grades) {
    await expect(page.getByTestId("card-front")).toHaveText(front);
    if (js) {
      await page.keyboard.press("Space");
      await expect(page.getByTestId("card-back")).toBeVisible();
      await page.keyboard.press(key);
    } else {
      await page.getByText("Show answer").click();
      await page.getByRole("button", { name: new RegExp(`^${grade}`) }).click();
    }
    await expect(page.getByTestId("card-front").filter({ hasText: front })).toHaveCount(0);
  }
  await expect(page.getByRole("status").filter({ hasText: "All done for now" })).toBeVisible();

  // Tomorrow, by the server's test clock: the three cards due back within minutes are due; the two graded Easy are not.
  await page.setExtraHTTPHeaders({ "x-test-clock": new Date(Date.now() + 24 * 3600_000).toISOString() });
  await page.goto("/dashboard");
  await expect(page.getByTestId("flash-cards-due")).toContainText("3 flash cards due in 1 deck");
  await page.goto(link!);
  await expect(counts(page)).toContainText("3 due · 0 new · 5 cards");
  for (const front of ["Tryptophan", "Proline", "Alanine"]) {
    await expect(page.getByTestId("card-front")).toHaveText(front);
    if (js) {
      await page.keyboard.press("Space");
      await page.keyboard.press("3");
    } else {
      await page.getByText("Show answer").click();
      await page.getByRole("button", { name: /^Good/ }).click();
    }
    await expect(page.getByTestId("card-front").filter({ hasText: front })).toHaveCount(0);
  }
  await expect(page.getByRole("status").filter({ hasText: "All done for now" })).toBeVisible();
  await expect(counts(page)).toContainText("0 due · 0 new · 5 cards");
});

test("a course's deck: its instructor adds a card from the course page, and an enrolled student grades it there", async ({ page, context }, testInfo) => {
  test.skip(testInfo.project.name === "js-on", "plain forms end to end: checked once, without JavaScript (the keys are covered above)");
  const front = `Course card ${Date.now()}`;
  await signIn(page, "instructor@demo.test");
  await page.goto("/in-course-experience/waterloo-math-137-exam-prep");
  const deckLink = page.getByRole("link", { name: /^Key ideas: / }).last();
  const coursePage = await deckLink.getAttribute("href");
  await page.goto(coursePage!);
  await page.getByRole("button", { name: "Edit the cards" }).click();
  await expect(page.getByText("everyone with the course studies it")).toBeVisible();
  const add = page.getByRole("region", { name: "Add a card" });
  await add.getByLabel("Front").fill(front);
  await add.getByLabel("Back").fill("Its answer");
  await add.getByRole("button", { name: "Add card" }).click();
  await expect(page.locator('[data-shell="toasts"] [role="status"]').first()).toContainText("Card added.");

  await page.goto("about:blank");
  await context.clearCookies();
  await signIn(page, "student@demo.test");
  await page.goto(coursePage!);
  // The new card comes after the deck's others: grade those first, each Good, back on the course page every time.
  for (let guard = 0; guard < 10; guard++) {
    const shown = (await page.getByTestId("card-front").textContent())?.trim();
    if (shown === front) break;
    await page.getByText("Show answer").click();
    await page.getByRole("button", { name: /^Good/ }).click();
    await expect(page).toHaveURL(coursePage!);
  }
  await expect(page.getByTestId("card-front")).toHaveText(front);
  await page.getByText("Show answer").click();
  await expect(page.getByTestId("card-back")).toHaveText("Its answer");
  await page.getByRole("button", { name: /^Easy/ }).click();
  await expect(page).toHaveURL(coursePage!);
  await expect(page.getByTestId("card-front").filter({ hasText: front })).toHaveCount(0);
});
