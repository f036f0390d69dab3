import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { adminPage, claimOffer, createCampaignInWizard, signUp } from "./support/helpers";

// Serious and critical findings block a user (unreadable text, unnamed controls, broken structure).
const BLOCKING = new Set(["serious", "critical"]);

async function expectNoBlockingFindings(page: Page, path: string, viewport: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  // label-content-name-mismatch (WCAG 2.5.3) is experimental in axe, so it is switched on by name.
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  const blocking = violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ""))
    .map(
      (violation) => `${violation.id} (${violation.impact}): ${violation.help} → ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
  expect(blocking, `${viewport} ${path}`).toEqual([]);
}

const VIEWPORTS = [
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true },
  { name: "desktop", viewport: { width: 1280, height: 800 }, isMobile: false },
] as const;

for (const device of VIEWPORTS) {
  test.describe(`on a ${device.name}`, () => {
    test.use({ viewport: device.viewport, isMobile: device.isMobile });

    test("every public, owner and admin screen has no serious or critical axe finding", async ({ page, browser }) => {
      test.setTimeout(240_000);
      for (const path of ["/", "/pricing", "/blog", "/signin", "/signin/email-link", "/signup"])
        await expectNoBlockingFindings(page, path, device.name);

      await signUp(page);
      const campaignId = await createCampaignInWizard(page, {
        title: `Axe check ${device.name}`,
        businessType: "Coffee Shop",
        offer: "Free pastry",
        condition: "With any coffee",
        headline: "A warm pastry on us",
        thankYou: "Thanks! Show this at the counter.",
      });
      await expectNoBlockingFindings(page, `/capture/${campaignId}`, device.name);
      await claimOffer(browser, campaignId, { name: "Ada Lovelace", email: "ada@example.com" });
      await page.goto("/leads");
      const leadPath = new URL((await page.getByRole("link", { name: "Ada Lovelace" }).getAttribute("href"))!, page.url()).pathname;
      for (const path of [
        "/dashboard",
        "/campaigns",
        `/campaigns/${campaignId}`,
        "/leads",
        leadPath,
        "/settings",
        "/settings/integrations",
        "/settings/notifications",
        "/settings/locations",
        "/settings/team",
        "/settings/sign-in",
        "/redeem",
        "/redeem/staff",
        "/campaigns?new=1",
      ]) {
        await expectNoBlockingFindings(page, path, device.name);
      }

      const admin = await adminPage(browser);
      await admin.setViewportSize(device.viewport);
      for (const path of ["/admin", "/admin/users", "/admin/subscriptions", "/admin/campaigns", "/admin/leads", "/admin/blog", "/admin/blog/new"]) {
        await expectNoBlockingFindings(admin, path, device.name);
      }
    });
  });
}
