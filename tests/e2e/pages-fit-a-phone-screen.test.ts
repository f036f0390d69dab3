import { expect, test, type Page } from "@playwright/test";
import { createCampaignInWizard, signUp } from "./support/helpers";

const PHONE_WIDTH = 375;
test.use({ viewport: { width: PHONE_WIDTH, height: 812 }, isMobile: true });

async function expectNoSidewaysScroll(page: Page, path: string) {
  await page.goto(path);
  // A mobile browser widens the layout viewport to fit wide content, so compare with the device width.
  const overflow = (await page.evaluate(() => document.documentElement.scrollWidth)) - PHONE_WIDTH;
  expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

test("every main page fits a phone screen without sideways scrolling", async ({ page }) => {
  for (const path of ["/", "/pricing", "/blog", "/signin"]) await expectNoSidewaysScroll(page, path);
  await signUp(page);
  await createCampaignInWizard(page, {
    title: "A fairly long campaign title for a small screen",
    businessType: "Coffee Shop",
    offer: "Free pastry",
    condition: "With any coffee",
    headline: "A warm pastry on us with your morning coffee",
    thankYou: "Thanks! Show this at the counter.",
  });
  for (const path of ["/dashboard", "/campaigns", "/leads", "/settings"]) await expectNoSidewaysScroll(page, path);
});
