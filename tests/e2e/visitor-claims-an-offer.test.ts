import { expect, test } from "@playwright/test";
import { startCaptureServer, type CaptureServer } from "./support/capture-server";

let app: CaptureServer;
test.beforeAll(async () => {
  app = await startCaptureServer();
});
test.afterAll(async () => {
  await app?.stop();
});

test("a visitor scans the code, sees the offer and claims it in place", async ({ page }) => {
  const owner = await app.createOwner({ businessName: "Bean There Café" });
  const campaign = await app.createCampaignRow(owner.id);
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  await page.goto(`${app.baseURL}/capture/${campaign.id}`);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Free Pastry With Every Coffee This Week");
  // The form invites; the owner's thank-you text waits for the claim (decision 342).
  await expect(page.getByText("Leave your name and email to get your code.")).toBeVisible();
  await expect(page.getByText("Show this screen at the counter to claim your pastry.")).toHaveCount(0);
  await expect(
    page.getByText("By submitting this form, you agree to receive marketing communications from us. You can unsubscribe at any time."),
  ).toBeVisible();
  // The campaign's design: a pill button in the campaign's primary colour.
  const button = page.getByRole("button", { name: "Claim My Offer" });
  await expect(button).toHaveCSS("border-radius", "9999px");
  await expect(button).toHaveCSS("background-color", "rgb(5, 150, 105)");

  await page.getByLabel("Full Name *").fill("Ada Lovelace");
  await page.getByLabel("Email Address *").fill("ada@example.com");
  await page.getByLabel("Phone Number").fill("+1 555 0100");
  // Hold the answer a moment so the busy state is visible.
  await page.route(`**/capture/${campaign.id}*`, async (route) => {
    if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  // The form's script posts to its JSON endpoint beside the page (decision 323).
  const leadPost = page.waitForRequest((request) => request.method() === "POST");
  await button.click();
  await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  expect(new URL((await leadPost).url()).pathname).toBe(`/capture/${campaign.id}/lead`);

  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  await expect(page.getByText("Keep an eye on your email for exclusive offers and updates from Bean There Café")).toBeVisible();
  await expect(page).toHaveURL(`${app.baseURL}/capture/${campaign.id}`);
  // One scan for the page view: the submit did not count another.
  expect(await app.countOf("scan", campaign.id)).toBe(1);
  expect(await app.countOf("lead", campaign.id)).toBe(1);
  // The owner gets the new-lead email; the visitor gets only their code (decision 343).
  await expect.poll(async () => (await app.mails()).filter((mail) => mail.to.includes(owner.email)).length).toBe(1);
  await expect.poll(async () => (await app.mails()).filter((mail) => mail.to.includes("ada@example.com")).length).toBe(1);
  // Hydrated cleanly (no mismatch, no CSP refusal).
  expect(consoleErrors).toEqual([]);
});

test("a post that cannot reach the server keeps the form and what was typed, and the retry claims the offer", async ({ page }) => {
  const owner = await app.createOwner();
  const campaign = await app.createCampaignRow(owner.id, { title: "Harbour Café" });
  await page.goto(`${app.baseURL}/capture/${campaign.id}`);
  // This story is the page script's post failing: a tap before the scripts arrive posts the form
  // itself (another story, "a-form-post-without-javascript…"), which the dropped route never sees.
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Full Name *").fill("Katherine Johnson");
  await page.getByLabel("Email Address *").fill("katherine@example.com");
  // The phone's connection drops as the visitor taps the button.
  await page.route(`**/capture/${campaign.id}/lead`, (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Claim My Offer" }).click();
  await expect(page.getByRole("alert")).toHaveText("Submission Error: Failed to submit your information. Please try again.");
  await expect(page.getByLabel("Full Name *")).toHaveValue("Katherine Johnson");
  await expect(page.getByLabel("Email Address *")).toHaveValue("katherine@example.com");
  expect(await app.countOf("lead", campaign.id)).toBe(0);

  await page.unroute(`**/capture/${campaign.id}/lead`);
  await page.getByRole("button", { name: "Claim My Offer" }).click();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  expect(await app.countOf("lead", campaign.id)).toBe(1);
});

test("a field error shows next to the field and the visitor can correct it", async ({ page }) => {
  const owner = await app.createOwner();
  const campaign = await app.createCampaignRow(owner.id, { title: "Corner Deli" });
  await page.goto(`${app.baseURL}/capture/${campaign.id}`);
  await page.getByLabel("Full Name *").fill("Grace");
  await page.getByLabel("Email Address *").fill("grace@example.com");
  await page.getByLabel("Phone Number").fill("call me");
  await page.getByRole("button", { name: "Claim My Offer" }).click();
  await expect(page.getByText("Please enter a valid phone number")).toBeVisible();
  await expect(page.getByLabel("Phone Number")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Phone Number").fill("555 0101");
  await page.getByRole("button", { name: "Claim My Offer" }).click();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  // No business name: the campaign title stands in.
  await expect(page.getByText("Keep an eye on your email for exclusive offers and updates from Corner Deli")).toBeVisible();
  expect(await app.countOf("lead", campaign.id)).toBe(1);
});

test("the first response alone renders the page: no stylesheet, the offer and form in the HTML", async ({ request }) => {
  const owner = await app.createOwner();
  const campaign = await app.createCampaignRow(owner.id);
  const response = await request.get(`${app.baseURL}/capture/${campaign.id}`, {
    headers: { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1" },
  });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  const html = await response.text();
  expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
  expect(html).toContain("Free Pastry With Every Coffee This Week");
  expect(html).toMatch(/<form[^>]*method="post"/);
  expect(html).toContain("Claim My Offer");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts and the thank-you renders, counting one scan", async ({ page }) => {
    const owner = await app.createOwner({ businessName: "Night Owl Books" });
    const campaign = await app.createCampaignRow(owner.id, { design: { layout: "split", font_style: "classic", button_style: "square" } });
    await page.goto(`${app.baseURL}/capture/${campaign.id}`);
    await expect(page.getByRole("button", { name: "Claim My Offer" })).toHaveCSS("border-radius", "0px");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("font-family", /Georgia/);
    await page.getByLabel("Full Name *").fill("Mary Shelley");
    await page.getByLabel("Email Address *").fill("mary@example.com");
    await page.getByRole("button", { name: "Claim My Offer" }).click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(page.getByText("Show this screen at the counter to claim your pastry.")).toBeVisible();
    await expect(page.getByText("Keep an eye on your email for exclusive offers and updates from Night Owl Books")).toBeVisible();
    expect(await app.countOf("scan", campaign.id)).toBe(1);
    expect(await app.countOf("lead", campaign.id)).toBe(1);
  });
});

test("the 6th load of a free campaign shows the limit screen; bots and HEAD requests count nothing", async ({ browser, request }) => {
  const owner = await app.createOwner();
  const campaign = await app.createCampaignRow(owner.id);
  const url = `${app.baseURL}/capture/${campaign.id}`;
  // Each load is another phone (its own browser and address); a refresh by the same phone is not a new scan.
  const phone = async (address: string) => (await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": address } })).newPage();
  let page = await phone("203.0.113.1");
  for (let i = 0; i < 4; i++) {
    if (i > 0) page = await phone(`203.0.113.${i + 1}`);
    await page.goto(url);
    await expect(page.getByRole("button", { name: "Claim My Offer" })).toBeVisible();
  }
  await page.reload();
  await expect(page.getByRole("button", { name: "Claim My Offer" })).toBeVisible();
  expect(
    (await request.get(url, { headers: { "user-agent": "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)" } })).status(),
  ).toBe(200);
  expect(
    (await request.get(url, { headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } })).status(),
  ).toBe(200);
  expect((await request.head(url)).status()).toBe(200);
  expect(await app.countOf("scan", campaign.id)).toBe(4);

  page = await phone("203.0.113.5");
  await page.goto(url);
  await expect(page.getByRole("button", { name: "Claim My Offer" })).toBeVisible();
  expect(await app.countOf("scan", campaign.id)).toBe(5);

  page = await phone("203.0.113.6");
  await page.goto(url);
  await expect(page.getByRole("heading", { name: "Scan Limit Reached!" })).toBeVisible();
  await expect(page.getByText("5 / 5")).toBeVisible();
  await expect(page.getByRole("link", { name: "Upgrade to Pro - $29.99/month" })).toHaveAttribute("href", "/pricing");
  await expect(page.getByRole("button", { name: "Claim My Offer" })).toHaveCount(0);
  expect(await app.countOf("scan", campaign.id)).toBe(5);
});

test("a paused campaign, a draft and a bad link show not-found", async ({ page }) => {
  const owner = await app.createOwner();
  const paused = await app.createCampaignRow(owner.id, { status: "paused" });
  const draft = await app.createCampaignRow(owner.id, { status: "draft" });
  for (const id of [paused.id, draft.id, "not-a-campaign"]) {
    const response = await page.goto(`${app.baseURL}/capture/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Campaign Loading Error: Campaign Not Found" })).toBeVisible();
    await expect(page.getByText("The QR code you scanned is not valid or has expired.")).toBeVisible();
    await expect(page.getByText("Campaign not found or inactive")).toBeVisible();
    // Public and bare: no site header.
    await expect(page.getByRole("link", { name: "Sign In" })).toHaveCount(0);
  }
  expect(await app.countOf("scan", paused.id)).toBe(0);
});
