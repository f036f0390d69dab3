import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { crop, decodeCode, pdfText, renderFirstPage } from "../support/pdf";
import { createCampaignInWizard, signUp } from "./support/helpers";

// Issue 28: an owner prints a table tent for one table from the campaign page, checks it before
// printing, downloads the PDF, and a guest at that table scans the printed code with a phone. The
// lead is credited to the table. A colour pair no phone can read gets a reason and no PDF.

const TITLE = "Happy Hour";
const OFFER = "20% off any drink";

/** The downloaded PDF of what the print page shows, as bytes. */
async function downloadPdf(page: Page) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  return fs.readFileSync((await download.path())!);
}

/** Choose an option of the print form; the preview follows without pressing "Update preview". */
async function choose(page: Page, label: string, option: string, inUrl: RegExp) {
  await page.getByLabel(label).selectOption({ label: option });
  await expect(page).toHaveURL(inUrl);
}

test("owner prints a table tent for one table, a guest scans it and the lead is the table's", async ({ page, browser }) => {
  await signUp(page);
  const campaignId = await createCampaignInWizard(page, {
    title: TITLE,
    businessType: "Bar/Pub",
    offer: OFFER,
    condition: "Before 7 pm",
    headline: "Your first drink, 20% off",
    thankYou: "Show this screen at the bar.",
  });
  await page.goto(`/campaigns/${campaignId}`);
  await page.getByLabel("Placement name").fill("Table 4");
  await page.getByRole("button", { name: "Add placement" }).click();
  await expect(page.getByRole("rowheader", { name: "Table 4" })).toBeVisible();

  // "Print" opens the print kit: a poster of the campaign's own code by default, checked.
  await page.getByRole("link", { name: "Print", exact: true }).click();
  await expect(page.getByRole("heading", { name: `Print ${TITLE}` })).toBeVisible();
  await expect(page.getByLabel("Format")).toHaveValue("poster");
  const check = page.getByRole("region", { name: "Print check" });
  await expect(check).toContainText("scans from up to");

  // A table tent for Table 4: the check says how far it scans, the preview names the placement.
  await choose(page, "Code for", "Placement: Table 4", /placement=/);
  await choose(page, "Format", "Table tent", /format=tent/);
  await expect(check.getByRole("listitem").filter({ hasText: /The code is 6\.5 cm wide: scans from up to .+ away\.$/ })).toBeVisible();
  await expect(page.getByRole("img", { name: "Preview of the table tent for Table 4" })).toBeVisible();

  // The PDF, read back as paper: the offer is real text, the code is at least 6 cm wide and opens Table 4's short link.
  const pdf = await downloadPdf(page);
  expect(pdfText(pdf)).toContain(OFFER);
  expect(pdfText(pdf)).toContain("Table 4");
  // The tent's sheet carries one face upside down above the fold: each half is read on its own, as a camera would.
  const sheet = renderFirstPage(pdf);
  const half = (top: number) => crop(sheet, { x: 0, y: top, width: sheet.width, height: sheet.height / 2 });
  const faces = [half(0), half(sheet.height / 2)].map(decodeCode);
  expect(faces.map((face) => face?.text)).toEqual([faces[1]?.text, expect.stringMatching(/\/Q\/[2-9A-HJ-NP-Z]{4,8}$/i)]);
  const code = faces[1];
  expect(code!.widthCm).toBeGreaterThanOrEqual(6);

  // A guest at Table 4 scans it and claims the offer.
  const guest = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const phone = await guest.newPage();
  await phone.goto(code!.text);
  await phone.getByLabel("Full Name *").fill("Tess Table");
  await phone.getByLabel("Email Address *").fill("tess@example.com");
  await phone.getByRole("button", { name: "Claim My Offer" }).click();
  await expect(phone.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  await guest.close();

  // The campaign page credits Table 4 with the scan and the lead (scans are written in batches).
  await page.goto(`/campaigns/${campaignId}`);
  const table4 = page.getByTestId("placement-row").filter({ has: page.getByRole("rowheader", { name: "Table 4", exact: true }) });
  await expect(async () => {
    await page.reload();
    await expect(table4.getByRole("cell")).toHaveText(["1", "1", "1", "100%", /PNG/], { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  // A white code (the campaign's text colour, listed as "White") on the white default background cannot be scanned: the reason, and no PDF.
  await page.goto(`/campaigns/${campaignId}/print`);
  await choose(page, "Code colour", "White (#FFFFFF)", /code=%23FFFFFF/i);
  await expect(page.getByRole("alert")).toContainText("No PDF can be made with these choices.");
  await expect(page.getByRole("link", { name: "Download PDF" })).toHaveCount(0);

  // On a phone the print page fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/campaigns/${campaignId}/print?format=sticker`);
  await expect(page.getByRole("img", { name: /^Preview of the sticker sheet/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
