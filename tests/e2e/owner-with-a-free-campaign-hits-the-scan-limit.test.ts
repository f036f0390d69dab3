// A free owner's campaign through the UI: five scans are served, the sixth visitor meets the
// limit screen, and the owner sees the same count on the campaign card and the dashboard.
import { expect, test } from "@playwright/test";
import { createCampaignInWizard, signUp } from "./support/helpers";
import { phoneUserAgent, uniqueEmail } from "../support/row-factories";

test("a free owner's campaign serves 5 scans; the 6th visitor sees the limit and the owner sees 5 / 5", async ({ page, browser }) => {
  await signUp(page, uniqueEmail("free-owner"));
  const id = await createCampaignInWizard(page, {
    title: "Soup Of The Day",
    businessType: "Restaurant",
    offer: "Free bread roll",
    condition: "With any soup",
    headline: "A warm roll with every bowl",
    thankYou: "Show this to your server.",
  });
  await expect(page.getByRole("article", { name: "Soup Of The Day" }).getByText("0 / 5")).toBeVisible();

  // Each visitor is a different phone: a fresh browser context per scan.
  for (let visitor = 1; visitor <= 5; visitor++) {
    // The fifth claims by the form's own post (no JavaScript, as a tap before the scripts arrive):
    // the thank-you answers it although that lead took the campaign to its limit.
    const context = await browser.newContext({ userAgent: phoneUserAgent(visitor), javaScriptEnabled: visitor !== 5 });
    const scanner = await context.newPage();
    await scanner.goto(`/capture/${id}`);
    await expect(scanner.getByRole("heading", { level: 1 })).toHaveText("A warm roll with every bowl");
    if (visitor === 5) {
      // The last scan inside the limit can still claim the offer.
      await scanner.getByLabel("Full Name *").fill("Fifth Visitor");
      await scanner.getByLabel("Email Address *").fill("fifth@example.com");
      await scanner.getByRole("button", { name: "Claim My Offer" }).click();
      await expect(scanner.getByRole("heading", { name: "Thank You!" })).toBeVisible();
      await expect(scanner.getByText("Show this to your server.")).toBeVisible();
    } else {
      await expect(scanner.getByRole("button", { name: "Claim My Offer" })).toBeVisible();
    }
    await context.close();
  }

  const context = await browser.newContext({ userAgent: phoneUserAgent(6) });
  const sixth = await context.newPage();
  await sixth.goto(`/capture/${id}`);
  await expect(sixth.getByRole("heading", { name: "Scan Limit Reached!" })).toBeVisible();
  await expect(sixth.getByText("5 / 5")).toBeVisible();
  await expect(sixth.getByRole("button", { name: "Claim My Offer" })).toHaveCount(0);
  await expect(sixth.getByRole("link", { name: "Upgrade to Pro - $29.99/month" })).toHaveAttribute("href", "/pricing");
  await context.close();

  await page.goto("/campaigns");
  await expect(page.getByRole("article", { name: "Soup Of The Day" }).getByText("5 / 5")).toBeVisible();

  await page.goto("/dashboard");
  for (const [title, value] of [
    ["Total Scans", "5"],
    ["Total Leads", "1"],
    ["Conversion Rate", "20%"],
    ["Free Scans Used", "5 / 5"],
  ]) {
    await expect(page.getByRole("region", { name: title }).getByTestId("stat-value"), title).toHaveText(value);
  }
});
