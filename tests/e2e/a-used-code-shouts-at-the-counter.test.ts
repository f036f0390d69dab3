// At a busy counter a used code must shout (decision 346): the owner reaches the counter from the
// navigation, redeems a visitor's code, and the same code presented again opens with a red alert
// on top, announced to screen readers, with Undo as the secondary action. A fresh start without
// APP_URL, at 390 and 1280 px.
import { expect, test, type Locator } from "@playwright/test";
import { createCampaignInWizard, signUp } from "./support/helpers";
import { startUnconfiguredServer } from "./support/processes";
import { phoneUserAgent } from "../support/row-factories";

test.describe.configure({ mode: "serial", timeout: 300_000 });

let server: Awaited<ReturnType<typeof startUnconfiguredServer>>;
test.beforeAll(async () => {
  server = await startUnconfiguredServer();
});
test.afterAll(() => server?.child.kill("SIGKILL"));

/** An element's background as sRGB (Tailwind writes oklch), read back from a painted pixel. */
const backgroundOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const paint = canvas.getContext("2d")!;
    paint.fillStyle = getComputedStyle(element).backgroundColor;
    paint.fillRect(0, 0, 1, 1);
    const [red, green, blue] = paint.getImageData(0, 0, 1, 1).data;
    return { red, green, blue };
  });

const ALREADY = /^Already redeemed on [A-Z][a-z]{2} \d{1,2} at \d{1,2}:\d{2}\s?[AP]M by the owner$/;

for (const [index, viewport] of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
].entries()) {
  test(`at ${viewport.width} px: a code redeemed once is an unmistakable alert the second time`, async ({ browser }) => {
    const phone = viewport.width < 500;
    const context = await browser.newContext({ baseURL: server.url, viewport, isMobile: phone, timezoneId: "America/New_York" });
    const page = await context.newPage();
    await signUp(page);
    const campaignId = await createCampaignInWizard(page, {
      title: `Counter rush ${viewport.width}`,
      businessType: "Coffee Shop",
      offer: "20% off",
      condition: "Any drink",
      headline: "20% off your drink",
      thankYou: "Show this at the counter.",
    });

    // A visitor claims the offer and keeps the code.
    const visitor = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 }, userAgent: phoneUserAgent(900 + index) });
    const claim = await visitor.newPage();
    await claim.goto(`/capture/${campaignId}`);
    await claim.getByLabel("Full Name *").fill("Rosa Rush");
    await claim.getByLabel("Email Address *").fill(`rosa${index}@example.com`);
    await claim.getByRole("button", { name: "Claim My Offer" }).click();
    const code = (await claim.getByTestId("offer-code").textContent())!.trim();
    await visitor.close();

    // The counter is in the owner's navigation (the menu on a phone).
    await page.goto("/dashboard");
    if (phone) await page.getByLabel("Toggle menu").click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Redeem", exact: true }).click();
    await expect(page).toHaveURL(/\/redeem$/);
    await expect(page.getByRole("heading", { name: "Check a code" })).toBeVisible();

    // First time: valid, redeemed, no alert.
    await page.getByLabel("Offer code").fill(code);
    await page.getByRole("button", { name: "Look up" }).click();
    const mainBox = (await page.getByRole("button", { name: "Mark redeemed" }).boundingBox())!;
    await page.getByRole("button", { name: "Mark redeemed" }).click();
    await expect(page.getByRole("status")).toHaveText("Redeemed. Hand over the offer.");
    await expect(page.getByRole("alert")).toHaveCount(0);

    // The same code again: the alert is the first thing on the page, red, in view, and says when and by whom.
    await page.getByLabel("Offer code").fill(code);
    await page.getByRole("button", { name: "Look up" }).click();
    const alert = page.getByRole("alert");
    await expect(alert.getByText(ALREADY)).toBeVisible();
    await expect(alert.getByText("Do not hand over the offer again.")).toBeVisible();
    await expect(alert).toBeInViewport();
    const red = await backgroundOf(alert);
    expect(red.red, JSON.stringify(red)).toBeGreaterThan(150);
    expect(Math.max(red.green!, red.blue!), JSON.stringify(red)).toBeLessThan(60);
    const alertBox = (await alert.boundingBox())!;
    const headingBox = (await page.getByRole("heading", { name: "Check a code" }).boundingBox())!;
    expect(alertBox.y).toBeLessThan(headingBox.y);
    // Undo is there, but secondary: outlined on white, not a coloured button; no second redeem is offered.
    const undo = page.getByRole("button", { name: "Undo redeem" });
    await expect(undo).toBeVisible();
    expect(await backgroundOf(undo)).toEqual({ red: 255, green: 255, blue: 255 });
    // ...and smaller than the main action: lower and at most half as wide.
    const undoBox = (await undo.boundingBox())!;
    expect(undoBox.height, JSON.stringify({ undoBox, mainBox })).toBeLessThan(mainBox.height * 0.75);
    expect(undoBox.width, JSON.stringify({ undoBox, mainBox })).toBeLessThanOrEqual(mainBox.width / 2);
    await expect(page.getByRole("button", { name: "Mark redeemed" })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    // Undo takes it back: the alert goes, the code can be redeemed again.
    await undo.click();
    await expect(page.getByRole("status")).toHaveText("Redeem undone. The code can be used again.");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Mark redeemed" })).toBeVisible();
    await context.close();
  });
}
