import { signUp, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// Shared links (SPEC §2 /shares/{token}): a student shares a deck by a read-only link, a guest
// (a browser of their own) opens it and can change nothing, the student turns the link off and
// the guest then gets the plain "turned off or expired" page. Plain forms: JS on and off.

const CARDS = ["front,back", '"Osmosis","Water moving across a membrane"', '"Diffusion","Particles spreading out"'].join("\n");

test("a student shares a deck read-only, a guest opens it, the student revokes it and the guest gets the not-found page", async ({ page, browser }, testInfo) => {
  const email = uniqueEmail("shares", testInfo.project.name);
  const title = `Membranes ${testInfo.project.name}`;
  await signUp(page, { firstName: "Sia", lastName: "Sharer", email, password: "shares-password-1" });

  await page.goto("/flash-cards");
  await page.getByLabel("Deck name").fill(title);
  await page.getByRole("button", { name: "Create deck" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Edit ${title}` })).toBeVisible();
  await page.getByLabel("CSV file").setInputFiles({ name: "cards.csv", mimeType: "text/csv", buffer: Buffer.from(CARDS) });
  await page.getByRole("button", { name: "Import cards" }).click();
  await expect(page.getByRole("heading", { name: "Cards (2)" })).toBeVisible();
  await page.getByRole("link", { name: "Study this deck" }).click();

  await page.getByText("Share this deck").click();
  await page.getByLabel("Link expires").selectOption({ label: "Expires in 7 days" });
  await page.getByRole("button", { name: "Create a read-only link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Shared links" })).toBeVisible();
  await expect(page.getByText("Your link is ready: copy it from the list below.")).toBeVisible();
  const link = await page.getByRole("textbox", { name: `Link to “${title}”` }).inputValue();
  expect(link).toMatch(/\/shares\/[A-Za-z0-9_-]{32}$/);

  const guestContext = await browser.newContext({ javaScriptEnabled: testInfo.project.name !== "js-off" });
  const guest = await guestContext.newPage();
  const opened = await guest.goto(link);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(guest.getByText("Shared by Sia Sharer · read-only")).toBeVisible();
  await expect(guest.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(guest.getByText("Water moving across a membrane")).toBeVisible();
  // Nothing on the page changes the deck: the only forms are the site's own (search, sign-in).
  await expect(guest.locator('main form[method="post"], main form[method="POST"]')).toHaveCount(0);

  await page.getByRole("button", { name: `Revoke the link to “${title}”` }).click();
  await expect(page.getByText("The link is turned off: it no longer opens.")).toBeVisible();
  await page.locator("summary", { hasText: "Who opened it" }).click();
  await expect(page.getByText(/^a guest, /)).toBeVisible();

  const gone = await guest.goto(link);
  expect(gone?.status()).toBe(404);
  await expect(guest.getByText("This link was turned off or has expired.")).toBeVisible();
  await guestContext.close();
});
