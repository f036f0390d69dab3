import { expect, test } from "@playwright/test";
import { signIn, signInAsAdmin, signUp } from "./support/helpers";
import { DEFAULT_PASSWORD, uniqueEmail } from "../support/row-factories";

test("a visitor signs up, signs out and signs in again", async ({ page }) => {
  const email = await signUp(page);
  await page.locator("summary", { hasText: "User menu" }).click();
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page.getByText("Free plan").first()).toBeVisible();
  await page.getByRole("button", { name: "Sign Out" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Get Started" }).first()).toBeVisible();

  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a wrong password shows an error and stays on sign-in", async ({ page }) => {
  const email = await signUp(page);
  await page.locator("summary", { hasText: "User menu" }).click();
  await page.getByRole("button", { name: "Sign Out" }).first().click();
  await signIn(page, email, "not-my-password");
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await expect(page).toHaveURL(/\/signin$/);
});

test("the password can be shown and hidden", async ({ page }) => {
  await page.goto("/signin");
  const password = page.getByLabel("Password", { exact: true });
  await password.fill(DEFAULT_PASSWORD);
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");
});

test("an admin listed in ADMIN_EMAILS sees the Admin link and area", async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole("link", { name: "Admin" }).first().click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
});

test("sign-up works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/signup");
  await page.getByLabel("Email address").fill(uniqueEmail("nojs"));
  await page.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.close();
});
