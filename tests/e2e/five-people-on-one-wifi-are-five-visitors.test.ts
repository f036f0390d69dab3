import { expect, test, type Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { createCampaignInWizard, signUp } from "./support/helpers";

// Issue 27: five people on one café Wi-Fi with the same phone (iOS Safari sends one frozen agent
// string) scan a table tent's code and claim the offer. Every browser context of a test run shares
// one address, and here one agent too: only the visitor id tells them apart (decision 310). They
// are five unique visitors, five leads, 100 % conversion (the campaign page, the dashboard and the
// cards alike), and every lead is the table tent's.

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

async function scanPlacementCode(page: Page, name: string) {
  const href = await page.getByRole("link", { name: `Download PNG for ${name}` }).getAttribute("href");
  const response = await page.request.get(href!);
  const png = PNG.sync.read(await response.body());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

test("five people on one Wi-Fi with the same phone are five unique visitors, five leads and 100 %, credited to the code they scanned", async ({
  page,
  browser,
}) => {
  // Five phones, then the campaign page, the dashboard, the campaigns list and the CSV: ~45 s on a quiet machine.
  test.setTimeout(120_000);
  await signUp(page);
  const campaignId = await createCampaignInWizard(page, {
    title: "Café Crowd",
    businessType: "Bakery",
    offer: "Free cookie",
    condition: "With any drink",
    headline: "A free cookie with your drink",
    thankYou: "Show this screen at the counter.",
  });
  await page.goto(`/campaigns/${campaignId}`);
  await page.getByLabel("Placement name").fill("Table tent");
  await page.getByRole("button", { name: "Add placement" }).click();
  await expect(page.getByRole("rowheader", { name: "Table tent" })).toBeVisible();
  const tableTent = await scanPlacementCode(page, "Table tent");
  expect(tableTent).toMatch(/\/Q\/[2-9A-HJ-NP-Z]{6}$/);

  for (let person = 1; person <= 5; person++) {
    const context = await browser.newContext({ userAgent: IPHONE, viewport: { width: 390, height: 844 }, isMobile: true });
    const phone = await context.newPage();
    await phone.goto(tableTent!);
    await phone.getByLabel("Full Name *").fill(`Guest ${person}`);
    await phone.getByLabel("Email Address *").fill(`guest${person}@example.com`);
    await phone.getByRole("button", { name: "Claim My Offer" }).click();
    await expect(phone.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    // The page set one visitor id for this browser, HttpOnly and SameSite=Lax.
    const cookies = (await context.cookies()).filter((cookie) => cookie.name === "v_id");
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    await context.close();
  }

  await page.goto(`/campaigns/${campaignId}`);
  // The range in plain words (the analytics section).
  const summary = page.getByTestId("range-summary");
  await expect(summary).toContainText("5 visits by 5 different people");
  await expect(summary).toContainText("5 left their details (100% of the people who came)");
  // Every browser sent its id back (with the page's own assets): "unique" is exact here.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("unique-exactness")).toHaveText("All 5 visits came from a browser recognised again, so nobody was counted twice.", {
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  const row = page.getByTestId("placement-row").filter({ has: page.getByRole("rowheader", { name: "Table tent", exact: true }) });
  await expect(row.getByRole("cell")).toHaveText(["5", "5", "5", "100%", /PNG/]);

  // The dashboard's stat and the campaign's card use the same conversion (decision 313): 100 %.
  await page.goto("/dashboard");
  await expect(page.getByRole("region", { name: "Conversion Rate" }).getByTestId("stat-value")).toHaveText("100%");
  const card = page.getByRole("article", { name: "Café Crowd" });
  const tile = (label: string) =>
    card
      .getByRole("term")
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator("xpath=following-sibling::dd[1]");
  await expect(tile("Leads")).toHaveText("5");
  await expect(tile("Convert")).toHaveText("100%");
  await page.goto("/campaigns");
  await expect(
    page
      .getByRole("article", { name: "Café Crowd" })
      .getByRole("term")
      .filter({ hasText: /^Convert$/ })
      .locator("xpath=following-sibling::dd[1]"),
  ).toHaveText("100%");

  // The CSV's Placement column credits every lead to the code that was scanned.
  const csv = await (await page.request.get("/leads/export.csv")).text();
  const [header, ...rows] = csv.trim().split(/\r?\n/);
  const placement = header!.split(",").indexOf("Placement");
  expect(placement).toBeGreaterThan(-1);
  const guests = rows.filter((line) => line.includes("@example.com"));
  expect(guests).toHaveLength(5);
  for (const line of guests) expect(line.split(",")[placement]).toBe("Table tent");
});
