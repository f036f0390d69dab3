// Issue 50 in a browser (docs/features/crowds.md): phones on one Wi-Fi past its burst allowance
// (lowered here to 2) still get a working form. Each claims and sees its code, with and without
// JavaScript; one reloads and sees its code again; every lead is a counted visitor and no burst is
// left on the owner's exclusion list. A network whose crowd budget is spent is told what to do.
import { expect, test, type Browser } from "@playwright/test";
import { startCaptureServer, type CaptureServer } from "./support/capture-server";

let app: CaptureServer;
test.beforeAll(async () => {
  // One process: the burst windows are per process (issue 52 finding 3), and this journey counts on its one window.
  app = await startCaptureServer({ CAPTURE_BURST_LOADS: "2", WEB_CONCURRENCY: "1" });
});
test.afterAll(async () => {
  await app?.stop();
});

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

async function phone(browser: Browser, address: string, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({
    userAgent: IPHONE,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    extraHTTPHeaders: { "x-forwarded-for": address },
    ...options,
  });
  return context.newPage();
}

test("five phones on one Wi-Fi past its allowance all claim, on a 390 px screen, with and without JavaScript", async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  const owner = await app.createOwner({ businessName: "Festival Bakery", isPro: true });
  const campaign = await app.createCampaignRow(owner.id);
  const url = `${app.baseURL}/capture/${campaign.id}`;
  const wifi = "198.51.100.50";
  const codes: string[] = [];
  const phones = [];
  for (let person = 1; person <= 5; person++) {
    const page = await phone(browser, wifi, { javaScriptEnabled: person !== 4 });
    await page.goto(url);
    // Past the allowance the form carries a crowd token instead of a scan's (docs/features/crowds.md).
    const token = await page.locator('input[name="scanToken"]').getAttribute("value");
    expect(token!.startsWith("c1."), `phone ${person}'s token`).toBe(person > 2);
    await page.getByLabel("Full Name *").fill(`Guest ${person}`);
    await page.getByLabel("Email Address *").fill(`festival${person}@example.com`);
    await page.getByRole("button", { name: "Claim My Offer" }).click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    codes.push((await page.getByTestId("offer-code").textContent())!.trim());
    phones.push(page);
  }
  await phones[4]!.screenshot({ path: testInfo.outputPath("crowd-phone-claimed-390.png") });
  expect(new Set(codes).size).toBe(5);

  // The fifth phone came past the allowance; it was given its visitor id with its code and sees it again.
  await phones[4]!.goto(url);
  await expect(phones[4]!.getByTestId("offer-code")).toHaveText(codes[4]!);
  await expect(phones[4]!.getByRole("button", { name: "Claim My Offer" })).toHaveCount(0);

  // Every lead is a counted, unique visitor; the bursts' loads that led to leads are not on the exclusion list.
  expect(await app.countOf("lead", campaign.id)).toBe(5);
  expect(await app.countOf("scan", campaign.id)).toBe(5);
  await expect
    .poll(
      async () =>
        (
          await app.query(`select coalesce(sum(count), 0)::int as n from scan_exclusion where campaign_id = $1 and reason = 'burst'`, [campaign.id])
        )[0].n,
    )
    .toBe(0);
  const [visitors] = await app.query(
    `select coalesce(sum(uniques), 0)::int as uniques, coalesce(sum(converted), 0)::int as converted from campaign_visitor_tally where campaign_id = $1`,
    [campaign.id],
  );
  expect(visitors).toEqual({ uniques: 5, converted: 5 });
});

test("a network whose crowd budget is spent keeps the form and is told how long to wait or to ask the staff", async ({ browser }, testInfo) => {
  const owner = await app.createOwner({ businessName: "Stadium Snacks", isPro: true });
  const campaign = await app.createCampaignRow(owner.id);
  const stadium = "203.0.113.60";
  for (let person = 1; person <= 2; person++) await (await phone(browser, stadium)).goto(`${app.baseURL}/capture/${campaign.id}`);
  // A thousand posts from this network in the last minutes, as a stadium's would leave.
  await app.query(`insert into rate_limit (key, points, expire) values ($1, 1000, now() + interval '9 minutes')`, [`leadByCrowdNetwork:${stadium}`]);
  const page = await phone(browser, stadium);
  await page.goto(`${app.baseURL}/capture/${campaign.id}`);
  await page.getByLabel("Full Name *").fill("Late Fan");
  await page.getByLabel("Email Address *").fill("late-fan@example.com");
  await page.getByRole("button", { name: "Claim My Offer" }).click();
  await expect(
    page.getByText(
      "Submission Error: Failed to submit: many people on your network have just claimed this offer. Please try again in 9 min or ask the staff for help.",
    ),
  ).toBeVisible();
  await expect(page.getByLabel("Email Address *")).toHaveValue("late-fan@example.com");
  await page.screenshot({ path: testInfo.outputPath("crowd-budget-spent-390.png") });
  // Nothing scrolls sideways on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await app.countOf("lead", campaign.id)).toBe(0);
});
