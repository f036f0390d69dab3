// The campaign page leads with one set of numbers, the QR and Print, with the analysis below in
// plain words; a long email on the leads list wraps only at its parts (decision 339).
import { expect, test, type Page } from "@playwright/test";
import { useFreshStart, VIEWPORTS } from "./support/fresh-start";
import { createCampaignInWizard, signUp } from "./support/helpers";

test.describe.configure({ timeout: 180_000 });
const fresh = useFreshStart();
const LONG_EMAIL = "alexandra.konstantinopoulou@example-bakery.co.uk";

/** The top of an element's box on the page (not the viewport). */
const topOf = (page: Page, name: string) =>
  page.getByRole("heading", { name, exact: true }).evaluate((element) => element.getBoundingClientRect().top + window.scrollY);

for (const size of VIEWPORTS) {
  test(`at ${size.name} the campaign page opens with numbers, QR and Print, and a long email wraps at its parts`, async ({ browser }) => {
    const { context, page } = await fresh.open(browser, size);
    await signUp(page);
    const campaignId = await createCampaignInWizard(page, {
      title: "Corner Bakery — Saturday morning croissant club",
      businessType: "Bakery",
      offer: "Free butter croissant",
      condition: "With any hot drink before 11 am",
      headline: "A warm butter croissant on us with your morning coffee",
      thankYou: "Thanks! Show this screen at the counter to get your croissant.",
    });
    const visitor = await context.browser()!.newContext({ baseURL: page.url(), viewport: { width: 390, height: 844 } });
    const phone = await visitor.newPage();
    await phone.goto(new URL(`/capture/${campaignId}`, page.url()).href);
    await phone.getByLabel("Full Name *").fill("Alexandra Konstantinopoulou-Whitfield");
    await phone.getByLabel("Email Address *").fill(LONG_EMAIL);
    await phone.getByRole("button", { name: "Claim My Offer" }).click();
    await expect(phone.getByLabel("Email Address *")).toBeHidden({ timeout: 30_000 });
    await visitor.close();

    // Leads list: the whole address is on screen, and no part of it is split across two lines.
    const email = page.locator("[data-email-text]:visible").filter({ hasText: LONG_EMAIL });
    await expect(async () => {
      await page.goto("/leads");
      await expect(email).toHaveText(LONG_EMAIL, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    const linesPerPart = await email.evaluate((element) =>
      [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return [node.textContent, new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size];
        }),
    );
    expect(linesPerPart).toEqual([
      ["alexandra", 1],
      [".konstantinopoulou", 1],
      ["@example-bakery", 1],
      [".co", 1],
      [".uk", 1],
    ]);

    // A phone reads the list's two-line rows (the table is for wider screens); the whole address is in its row.
    const row = email.locator("xpath=ancestor::*[self::li or self::tr][1]");
    expect(await row.evaluate((element) => element.tagName)).toBe(size.isMobile ? "LI" : "TR");
    // Scrolled to, the whole address is on screen: nothing of it cut off at the side.
    await email.scrollIntoViewIfNeeded();
    await expect(email).toBeInViewport({ ratio: 1 });

    // Campaign page: the funnel, then the QR and Print, then the copy; the analysis after them.
    await page.goto(`/campaigns/${campaignId}`);
    const funnel = page.getByRole("list", { name: "Funnel: scans, leads, redeemed" });
    await expect(funnel.getByTestId("funnel-scans")).toHaveText("1 / 5");
    await expect(funnel.getByTestId("funnel-leads")).toHaveText("1");
    const print = page.getByRole("link", { name: "Print", exact: true });
    await expect(print).toHaveAttribute("href", `/campaigns/${campaignId}/print`);
    const [numbers, qr, copy, analysis] = await Promise.all(
      ["From scan to sale", "QR Code", "Offer and copy", "Analytics"].map((name) => topOf(page, name)),
    );
    expect(numbers).toBeLessThanOrEqual(qr);
    expect(qr).toBeLessThan(copy);
    expect(copy).toBeLessThan(analysis);
    if (size.viewport.width >= 1280) {
      // The QR and Print are in the first screenful, and the copy has room to read.
      const printBox = (await print.boundingBox())!;
      expect(printBox.y + printBox.height).toBeLessThan(size.viewport.height);
      const copyWidth = (await page.getByRole("region", { name: "Offer and copy" }).boundingBox())!.width;
      expect(copyWidth).toBeGreaterThan(500);
    }

    // One set of numbers: no second row of tiles, no jargon, the range in one plain sentence.
    await expect(page.getByRole("term")).toHaveCount(5); // the copy's five labels only
    await expect(page.getByText(/Refused submissions|How exact unique|Conversion \(unique\)/)).toHaveCount(0);
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("range-summary")).toHaveText(
        "In the last 30 days: 1 visit by 1 person (0 from the printed code, 1 from a shared link); 1 left their details (100% of the people who came).",
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId("lead-refusals")).toHaveText("No forms were turned away.");
    await context.close();
  });
}
