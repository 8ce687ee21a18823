import { expect, test } from "@playwright/test";

test.describe("protected video check", () => {
  test("checks this browser and says whether protected lesson videos play", async ({ page }, testInfo) => {
    await page.goto("/drm-video-testing");
    await expect(page.getByRole("heading", { level: 1, name: "Can this browser play protected lesson videos?" })).toBeVisible();
    if (testInfo.project.name === "js-off") {
      // Without JavaScript the page says so, and what to do (a browser without JavaScript shows the
      // <noscript> notice; the test browser only disables scripts after parsing, so it keeps it as text).
      expect(await page.locator("noscript").first().textContent()).toContain("The check runs in your browser and needs JavaScript");
      await expect(page.getByText("Checking this browser")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Check again" })).toHaveCount(0);
      return;
    }
    // Chromium has Encrypted Media Extensions with Clear Key: every check passes, the test licence included.
    await expect(page.getByTestId("playback-verdict")).toContainText("This browser can play protected lesson videos.");
    const rows = page.getByRole("row");
    await expect(rows.filter({ hasText: "A test licence for a protected video" })).toContainText("Works");
    await expect(rows.filter({ hasText: "Does not work" })).toHaveCount(0);
    await page.getByRole("button", { name: "Check again" }).click();
    await expect(page.getByTestId("playback-verdict")).toContainText("This browser can play protected lesson videos.");
  });
});
