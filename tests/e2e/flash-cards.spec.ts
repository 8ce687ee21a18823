import type { Page } from "@playwright/test";
import { signIn } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// Flash cards (SPEC §1, §2): a student makes a deck, imports cards from a CSV file and studies
// them one at a time, grading each; FSRS decides when each comes back. With JavaScript, space
// shows the answer and 1–4 grade it; without, the answer opens and the grades are a plain form.
// Each project has its own student, so both run at once.

const TWENTY_CARDS = ["front,back,tags", ...Array.from({ length: 20 }, (_, index) => `"Term ${index + 1}","Definition ${index + 1}",imported`)].join("\n");

const counts = (page: Page) => page.getByTestId("deck-counts");

test("a student makes a deck, imports 20 cards from CSV and grades five of them", async ({ page }, testInfo) => {
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
});
