import { expect, test, type Page } from "@playwright/test";
import { adminPage, claimOffer, createCampaignInWizard, signUp } from "./support/helpers";
import { phoneUserAgent } from "../support/row-factories";

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, isMobile: true });

/**
 * No page-wide sideways scrolling, and nothing on the page cut off inside a scrolling box either:
 * every visible cell, button and link of the page lies within the phone's width.
 */
async function expectFitsThePhone(page: Page, path: string) {
  if (path) await page.goto(path);
  await page.waitForLoadState("networkidle");
  const where = path || page.url();
  // A mobile browser widens the layout viewport to fit wide content, so compare with the device width.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${where} is ${width}px wide`).toBeLessThanOrEqual(PHONE.width);
  const outside = await page.evaluate((phoneWidth) => {
    const controls = document.querySelectorAll<HTMLElement>("main td, main th, main button, main a, main input, main select, main summary");
    return [...controls]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        // Screen-reader-only text (1 px, clipped), undisplayed elements and what is hidden from
        // everyone (the capture form's honeypot, aria-hidden and placed off screen) are not on the screen.
        // A closed <details> keeps its content laid out but not rendered (content-visibility).
        if (element.closest('[aria-hidden="true"]') || !element.checkVisibility()) return false;
        return box.width > 1 && box.height > 1 && (box.right > phoneWidth + 0.5 || box.left < -0.5);
      })
      .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 40)}"`);
  }, PHONE.width);
  expect(outside, `${where}: off the screen`).toEqual([]);
}

/** A chart's labels are readable: none is wider than the cell it sits in. */
async function expectLabelsFit(page: Page, region: string) {
  const clipped = await page
    .getByRole("region", { name: region })
    .locator("th")
    .evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 0.5).map((cell) => cell.textContent));
  expect(clipped, `${region}: overlapping labels`).toEqual([]);
}

test("public pages fit a phone screen without sideways scrolling", async ({ page }) => {
  for (const path of ["/", "/pricing", "/blog", "/signin", "/signin/email-link", "/signup"]) await expectFitsThePhone(page, path);
});

test("every owner, staff and admin screen fits a 390 px phone with long names and several rows", async ({ page, browser }) => {
  test.setTimeout(300_000);
  await signUp(page);
  const campaignId = await createCampaignInWizard(page, {
    title: "Corner Bakery — Saturday morning croissant club for the whole neighbourhood",
    businessType: "Bakery",
    offer: "Free butter croissant",
    condition: "With any hot drink before 11 am, one per visitor",
    headline: "A warm butter croissant on us with your morning coffee at Corner Bakery",
    thankYou: "Thanks! Show this screen at the counter to get your croissant.",
  });

  await page.goto(`/campaigns/${campaignId}`);
  for (const name of ["Window poster", "Table tent by the till next to the pastry cabinet", "Flyer in the farmers' market bag, Saturdays"]) {
    await page.getByLabel("Placement name").fill(name);
    await page.getByRole("button", { name: "Add placement" }).click();
    await expect(page.getByRole("rowheader", { name, exact: true })).toBeVisible();
  }
  const visitors = [
    ["Alexandra Konstantinopoulou-Whitfield", "alexandra.konstantinopoulou-whitfield@example-longdomain.com", "+44 7700 900123"],
    ["Ben Okafor", "ben@example.com", ""],
    ["Chloé Dubois", "chloe.dubois@example.org", "+33 6 12 34 56 78"],
    ["Dev Patel", "dev.patel@example.net", ""],
    ["Eleanor Fitzgerald-Montgomery", "eleanor.fitzgerald.montgomery@example.co.uk", "+1 415 555 0100"],
  ];
  for (const [name, email, phone] of visitors) await claimOffer(browser, campaignId, { name, email, phone: phone || undefined });

  for (const path of [
    "/dashboard",
    "/campaigns",
    "/campaigns?new=1",
    "/leads",
    "/settings",
    "/settings/integrations",
    "/settings/notifications",
    "/settings/locations",
    "/settings/team",
    "/settings/sign-in",
    "/redeem",
    "/redeem/staff",
  ]) {
    await expectFitsThePhone(page, path);
  }
  // The leads list: two-line rows, the whole row on the screen.
  await page.goto("/leads");
  const longest = page.getByRole("list", { name: "Leads" }).getByRole("listitem").filter({ hasText: "Alexandra Konstantinopoulou-Whitfield" });
  await longest.scrollIntoViewIfNeeded(); // the earliest lead is the last row, below the fold
  await expect(longest.getByText("alexandra.konstantinopoulou-whitfield@example-longdomain.com")).toBeInViewport();
  await expect(longest.locator("time")).toBeInViewport();
  await page.getByRole("link", { name: "Alexandra Konstantinopoulou-Whitfield" }).click();
  await expect(page).toHaveURL(/\/leads\/[^/]+$/);
  await expectFitsThePhone(page, "");

  // The campaign page with its analytics, heat map and placements (their buttons wrap).
  await expectFitsThePhone(page, `/campaigns/${campaignId}`);
  await expectLabelsFit(page, "Scans by hour and weekday");
  await expect(page.getByRole("region", { name: "Scans by weekday and hour" })).toBeHidden();
});

test("every admin list fits a 390 px phone", async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await adminPage(browser);
  await admin.setViewportSize(PHONE);
  for (const path of ["/admin", "/admin/users", "/admin/subscriptions", "/admin/campaigns", "/admin/leads", "/admin/blog", "/admin/blog/new"]) {
    await expectFitsThePhone(admin, path);
  }
});

test("the capture page keeps the claim button on a 390×844 screen with the consent box and a two-line headline", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signUp(page);
  await page.goto("/campaigns?new=1");
  const wizard = page.getByRole("dialog", { name: "Create New Campaign" });
  await wizard.getByLabel("Campaign Title").fill("Corner Bakery croissant club");
  await wizard.getByLabel("Business Type").selectOption("Bakery");
  await wizard.getByLabel("Offer", { exact: true }).fill("Free butter croissant");
  await wizard.getByLabel("Offer Condition").fill("With any hot drink before 11 am");
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByLabel("Headline").fill("A warm croissant on us with any coffee");
  await wizard.getByLabel("Thank-you Message").fill("Thanks! Show this screen at the counter to get your croissant.");
  await wizard.getByRole("radio", { name: /^Double opt-in/ }).check();
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByRole("button", { name: "Launch Campaign" }).click();
  await expect(wizard).toBeHidden();
  await page.goto("/campaigns");
  const href = await page.getByRole("link", { name: "View Page" }).first().getAttribute("href");

  const visitor = await (await browser.newContext({ viewport: PHONE, isMobile: true, userAgent: phoneUserAgent(390) })).newPage();
  await visitor.goto(href!);
  const headline = visitor.getByRole("heading", { level: 1 });
  const lines = await headline.evaluate((h1) => Math.round(h1.getBoundingClientRect().height / parseFloat(getComputedStyle(h1).lineHeight)));
  expect(lines).toBe(2);
  await expect(visitor.getByRole("checkbox", { name: /^I agree to receive marketing emails/ })).toBeVisible();
  const claim = await visitor.getByRole("button", { name: "Claim My Offer" }).boundingBox();
  expect(await visitor.evaluate(() => window.scrollY)).toBe(0);
  expect(claim!.y + claim!.height, "the claim button's bottom edge").toBeLessThanOrEqual(PHONE.height);
  await expectFitsThePhone(visitor, "");
});
