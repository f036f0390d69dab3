import { expect, type Page } from "@playwright/test";

let counter = 0;
export function uniqueEmail(prefix = "user") {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@e2e.test`;
}

export const PASSWORD = "correct-horse-battery";

export async function signUp(page: Page, email = uniqueEmail()) {
  await page.goto("/signup");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/signin");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign Out" }).first().click({ force: true });
}

/** admin@e2e.test is an admin through the e2e server's ADMIN_EMAILS; whichever journey runs first creates it. */
export const ADMIN_EMAIL = "admin@e2e.test";

export async function signInAsAdmin(page: Page) {
  await page.goto("/signup");
  await page.getByLabel("Email address").fill(ADMIN_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForLoadState("networkidle");
  if (!page.url().endsWith("/dashboard")) await signIn(page, ADMIN_EMAIL);
  await expect(page).toHaveURL(/\/dashboard$/);
}
