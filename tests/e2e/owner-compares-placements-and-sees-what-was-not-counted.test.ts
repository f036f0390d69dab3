import { expect, test, type Browser, type Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { BASE_URL } from "../../playwright.config";
import { createCampaignInWizard, signUp } from "./support/helpers";

// An owner prints one campaign in two places, people scan each copy, a chat app previews the
// link and the owner checks their own page: the campaign page shows who scanned from where, and
// what was not counted with its reason.

const PHONES = {
  ana: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  ben: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
  cho: "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
};
const WHATSAPP = "WhatsApp/2.23.20.0 A";

/** What the placement's downloaded QR code encodes, read back from the PNG. */
async function scanPlacementCode(page: Page, name: string) {
  const href = await page.getByRole("link", { name: `Download PNG for ${name}` }).getAttribute("href");
  const response = await page.request.get(href!);
  expect(response.headers()["content-type"]).toBe("image/png");
  const png = PNG.sync.read(await response.body());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/** A visitor's phone (its own browser) opening a URL; returns the page, still open. */
async function phone(browser: Browser, userAgent: string, url: string) {
  const context = await browser.newContext({ userAgent, viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByRole("button", { name: "Claim My Offer" })).toBeVisible();
  return page;
}

test("owner compares two placements and sees what was not counted, with reasons", async ({ page, browser, request }) => {
  await signUp(page);
  const campaignId = await createCampaignInWizard(page, {
    title: "Croissant Week",
    businessType: "Bakery",
    offer: "Free croissant",
    condition: "With any coffee",
    headline: "A free croissant with your morning coffee",
    thankYou: "Show this screen at the till.",
  });

  // The card's "View Details" opens the campaign page, where placements are added.
  await page.getByRole("button", { name: "Actions for Croissant Week" }).click();
  await page.getByRole("menuitem", { name: "View Details" }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}$`));
  await expect(page.getByRole("heading", { name: "Analytics" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No scans yet" })).toBeVisible();

  const addPlacement = async (name: string) => {
    await page.getByLabel("Placement name").fill(name);
    await page.getByRole("button", { name: "Add placement" }).click();
    await expect(page.getByRole("rowheader", { name })).toBeVisible();
  };
  await addPlacement("Window poster");
  await addPlacement("Table tent");
  // A duplicate name is refused next to the field.
  await page.getByLabel("Placement name").fill("window POSTER");
  await page.getByRole("button", { name: "Add placement" }).click();
  await expect(page.getByRole("alert")).toHaveText("This campaign already has a placement with that name");

  const windowUrl = await scanPlacementCode(page, "Window poster");
  const tableUrl = await scanPlacementCode(page, "Table tent");
  // Each code is a short link (decision 280), opened by the phone as it reads it.
  expect(windowUrl).toMatch(new RegExp(`^${BASE_URL.toUpperCase()}/Q/[2-9A-HJ-NP-Z]{6}$`));
  expect(tableUrl).toMatch(new RegExp(`^${BASE_URL.toUpperCase()}/Q/[2-9A-HJ-NP-Z]{6}$`));
  expect(tableUrl).not.toBe(windowUrl);

  // Ana scans the window poster, refreshes (a repeat, not a new scan) and claims the offer.
  const ana = await phone(browser, PHONES.ana, windowUrl!);
  await ana.reload();
  await ana.getByLabel("Full Name *").fill("Ana Window");
  await ana.getByLabel("Email Address *").fill("ana@example.com");
  await ana.getByRole("button", { name: "Claim My Offer" }).click();
  await expect(ana.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  // Ben and Cho scan the table tent.
  await phone(browser, PHONES.ben, tableUrl!);
  await phone(browser, PHONES.cho, tableUrl!);
  // The link, shared in a chat, is fetched by WhatsApp to draw its preview.
  const link = `${BASE_URL}/capture/${campaignId}`;
  expect((await request.get(link, { headers: { "user-agent": WHATSAPP } })).status()).toBe(200);
  // The owner opens their own page while signed in.
  await page.goto(link);
  await expect(page.getByRole("button", { name: "Claim My Offer" })).toBeVisible();

  // Not-counted loads are written in batches every few seconds: reload until they are in.
  await page.goto(`/campaigns/${campaignId}`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("exclusions")).toHaveText("3 scans counted · 3 not counted: 1 link preview, 1 repeat, 1 you", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  // The range in one plain sentence: visits, people, where they came from, who left their details.
  await expect(page.getByTestId("range-summary")).toHaveText(
    "In the last 30 days: 3 visits by 3 different people (3 from the printed code, 0 from a shared link); 1 left their details (33.3% of the people who came).",
  );

  const row = (name: string) => page.getByTestId("placement-row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
  await expect(row("Window poster").getByRole("cell")).toHaveText(["1", "1", "1", "100%", /PNG/]);
  await expect(row("Table tent").getByRole("cell")).toHaveText(["2", "2", "0", "0%", /PNG/]);

  // Each reason is explained, with its count.
  await page.getByText("What is not counted, and why").click();
  await expect(page.getByText(/^Link previews: chat and social apps/)).toContainText("(1 in this range)");
  await expect(page.getByText(/^You: your own visits/)).toContainText("(1 in this range)");

  // The chart's figures are readable as a table, too.
  await page.getByText("Show as table").click();
  await expect(page.getByTestId("day-row").last().getByRole("cell")).toHaveText(["3", "3", "3", "1", "33.3%"]);

  // On a phone the page fits the screen: wide tables scroll inside their cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The lead carries its placement into the leads list and its filter.
  await page.goto("/leads");
  const leadRow = page.getByRole("row").filter({ hasText: "ana@example.com" });
  // Name, Email, Campaign, Collected At, Placement, Redeemed At.
  await expect(leadRow.getByRole("cell").nth(4)).toHaveText("Window poster");
  await page.getByRole("combobox", { name: "Placement" }).selectOption({ label: "Croissant Week · Table tent" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("No leads match your filters")).toBeVisible();
});
