import { expect, test } from "@playwright/test";
import { signIn, signUp } from "./support/helpers";
import { DEFAULT_PASSWORD } from "../support/row-factories";

test("an owner changes the password, names the business and deletes the account", async ({ page }) => {
  const email = await signUp(page);
  await page.goto("/settings");
  const profile = page.getByRole("region", { name: "Profile" });

  await profile.getByLabel("Current password").fill(DEFAULT_PASSWORD);
  await profile.getByLabel("New password", { exact: true }).fill("brand-new-pass-1");
  await profile.getByLabel("Confirm new password").fill("brand-new-pass-2");
  await profile.getByRole("button", { name: "Save changes" }).click();
  await expect(profile.getByText("New passwords do not match")).toBeVisible();

  await profile.getByLabel("Current password").fill(DEFAULT_PASSWORD);
  await profile.getByLabel("New password", { exact: true }).fill("brand-new-pass-1");
  await profile.getByLabel("Confirm new password").fill("brand-new-pass-1");
  await profile.getByRole("button", { name: "Save changes" }).click();
  await expect(profile.getByRole("status")).toHaveText("Profile updated successfully");

  const business = page.getByRole("region", { name: "Business" });
  await business.getByLabel("Business name").fill("Bella Cucina");
  await business.getByRole("button", { name: "Save" }).click();
  await expect(business.getByRole("status")).toHaveText("Business name saved");
  await page.reload();
  await expect(business.getByLabel("Business name")).toHaveValue("Bella Cucina");

  const info = page.getByRole("region", { name: "Account information" });
  await expect(info.getByText(/^[0-9a-zA-Z]{8}$/)).toBeVisible();

  await page.getByText("Delete account", { exact: true }).first().click();
  const confirmation = page.getByLabel("Type DELETE to confirm");
  await confirmation.fill("delete");
  await page.getByRole("button", { name: "Delete account" }).click();
  await expect(page.getByText("Type DELETE to confirm.", { exact: true })).toBeVisible();
  await expect(confirmation).toHaveAttribute("aria-invalid", "true");
  await confirmation.fill("DELETE");
  await page.getByRole("button", { name: "Delete account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Get Started" }).first()).toBeVisible();

  await signIn(page, email, "brand-new-pass-1");
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
});
