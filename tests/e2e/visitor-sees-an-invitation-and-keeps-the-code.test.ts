// A visitor's side of issue 39 (decisions 342–344), on a phone and a laptop: the form invites
// (the owner's thank-you only after the claim), the code arrives by email, the same browser sees
// it again, and another phone typing the same email is told the code went to that inbox.
import { expect, test, type Browser } from "@playwright/test";
import { startCaptureServer, type CaptureServer } from "./support/capture-server";

let app: CaptureServer;
test.beforeAll(async () => {
  app = await startCaptureServer();
});
test.afterAll(async () => {
  await app?.stop();
});

const THANK_YOU = "Show this screen at the counter to claim your pastry.";
const VIEWPORTS = [
  { name: "a phone", width: 390, height: 844, isMobile: true },
  { name: "a laptop", width: 1280, height: 800, isMobile: false },
];

async function visitor(browser: Browser, viewport: (typeof VIEWPORTS)[number], address: string) {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.isMobile,
    extraHTTPHeaders: { "x-forwarded-for": address },
  });
  return context.newPage();
}

for (const [index, viewport] of VIEWPORTS.entries()) {
  test(`on ${viewport.name} (${viewport.width} px) the form invites, the code is emailed, kept in the browser and never shown to another phone`, async ({
    browser,
  }) => {
    const owner = await app.createOwner({ businessName: "Bean There Café" });
    const campaign = await app.createCampaignRow(owner.id);
    const email = `keeper-${index}@example.com`;
    const url = `${app.baseURL}/capture/${campaign.id}`;

    // Item 2: the form invites with the offer and its condition; no thank-you before the claim.
    const page = await visitor(browser, viewport, `203.0.113.${10 + index}`);
    await page.goto(url);
    await expect(page.getByText("20% off · any order")).toBeVisible();
    await expect(page.getByText("Leave your name and email to get your code. Show it at the counter to redeem this offer.")).toBeVisible();
    await expect(page.getByText(THANK_YOU)).toHaveCount(0);
    await page.getByLabel("Full Name *").fill("Ada Lovelace");
    await page.getByLabel("Email Address *").fill(email);
    await page.getByRole("button", { name: "Claim My Offer" }).click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(page.getByText(THANK_YOU)).toBeVisible();
    const code = (await page.getByTestId("offer-code").textContent())!.trim();
    expect(code).toMatch(/^[2-9A-Z]{3}-[2-9A-Z]{3}-[2-9A-Z]{2}$/);

    // Item 3a: one email to the visitor, with the code.
    await expect.poll(async () => (await app.mails()).filter((mail) => mail.to.includes(email)).length).toBe(1);
    const [mail] = (await app.mails()).filter((mail) => mail.to.includes(email));
    expect(mail!.raw).toContain(code);

    // Item 3b: the same browser opening the page again sees its thank-you and code, not a blank form.
    await page.goto(url);
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(page.getByText(THANK_YOU)).toBeVisible();
    await expect(page.getByTestId("offer-code")).toHaveText(code);
    await expect(page.getByRole("button", { name: "Claim My Offer" })).toHaveCount(0);

    // Item 3c: another phone typing the same email: no second lead, no code on its screen.
    const other = await visitor(browser, viewport, `198.51.100.${10 + index}`);
    await other.goto(url);
    await other.getByLabel("Full Name *").fill("Mallory");
    await other.getByLabel("Email Address *").fill(email.toUpperCase());
    await other.getByRole("button", { name: "Claim My Offer" }).click();
    await expect(other.getByTestId("code-by-email")).toHaveText(
      "This offer was already claimed with this email address. We sent the code to that address.",
    );
    // Read first, under the heading: the owner's thank-you below it may speak of a code this screen does not show.
    await expect(other.locator(".cq-card [role=status] > :nth-child(2)")).toHaveAttribute("data-testid", "code-by-email");
    await expect(other.getByTestId("offer-code")).toHaveCount(0);
    await expect(other.getByText(code)).toHaveCount(0);
    expect(await app.countOf("lead", campaign.id)).toBe(1);
    // And opening the page again there still shows the form.
    await other.goto(url);
    await expect(other.getByRole("button", { name: "Claim My Offer" })).toBeVisible();
    // The code went only to that inbox, once today.
    expect((await app.mails()).filter((mail) => mail.to.map((to) => to.toLowerCase()).includes(email))).toHaveLength(1);
  });
}
