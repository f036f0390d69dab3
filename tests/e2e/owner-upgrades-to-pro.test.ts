import { expect, test } from "@playwright/test";
import { signUp } from "./support/helpers";

test("an owner upgrades from pricing, pays, waits for confirmation and is Pro everywhere", async ({ page, context }) => {
  await signUp(page);
  await page.goto("/pricing");
  await page.getByRole("button", { name: "Upgrade to Pro" }).click();

  // The local Stripe stand-in's hosted checkout page.
  await expect(page.getByRole("heading", { name: "Pay LeadQR Pro" })).toBeVisible();
  await page.getByRole("button", { name: "Pay $29.99" }).click();

  await expect(page).toHaveURL(/\/dashboard\?success=true$/);
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await expect(page.getByText("Processing your subscription...")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome to LeadQR Pro!" })).toBeVisible({ timeout: 15_000 });
  await page.getByRole("link", { name: "Go to Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.locator("summary", { hasText: "User menu" }).click();
  await expect(page.getByTestId("plan-name")).toHaveText("LeadQR Pro plan");

  await page.goto("/pricing");
  await expect(page.getByRole("region", { name: "Professional" }).getByText("Current Plan")).toBeVisible();

  await page.goto("/settings");
  const subscription = page.getByRole("region", { name: "Subscription" });
  await expect(subscription).toContainText("LeadQR Pro");
  await expect(subscription).toContainText("visa •••• 4242");
  const [portal] = await Promise.all([context.waitForEvent("page"), page.getByRole("button", { name: "Manage billing" }).click()]);
  await expect(portal.getByRole("heading", { name: "Manage your LeadQR subscription" })).toBeVisible();
});
