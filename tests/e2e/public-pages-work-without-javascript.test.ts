import { expect, test } from "@playwright/test";

test.use({ javaScriptEnabled: false });

test("the landing page shows its hero, steps, testimonials and footer", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("10x Faster");
  await expect(page.getByRole("link", { name: "Start Free Trial" })).toHaveAttribute("href", "/signup");
  await expect(page.getByRole("button", { name: "Watch Demo" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3 })).toHaveText(["Create QR Campaigns", "Capture Leads", "Track Performance", "Export & Manage"]);
  await expect(page.locator("blockquote")).toHaveCount(6);
  await expect(page.getByRole("navigation", { name: "Product" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Support" })).toBeVisible();
});

test("the pricing page shows three plans and the FAQ for visitors", async ({ page }) => {
  await page.goto("/pricing");
  await expect(page.getByRole("region", { name: "Starter" }).getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/signup");
  await expect(page.getByRole("region", { name: "Professional" })).toContainText("$29.99");
  await expect(page.getByRole("region", { name: "Professional" }).getByRole("link", { name: "Start Free Trial" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Enterprise" }).getByRole("link", { name: "Contact Sales" })).toHaveAttribute("href", /^mailto:/);
  await expect(page.getByText("30-day money-back guarantee")).toBeVisible();
});

test("the mobile menu opens without JavaScript", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/pricing");
  await page.getByLabel("Toggle menu").click();
  await expect(page.getByRole("link", { name: "Sign In" }).last()).toBeVisible();
});
