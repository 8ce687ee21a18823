import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Fills the sign-up part of the checkout form. */
export async function signUpInCheckout(page: Page, email: string) {
  await page.getByLabel("First name").fill("Jordan");
  await page.getByLabel("Last name").fill("Lee");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("checkout-password-1");
}

/** On the payment page (the local Stripe emulator): pays with a test card. */
export async function payWithCard(page: Page, card: string, button: RegExp) {
  await expect(page.getByText("Test mode")).toBeVisible();
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: button }).click();
}
