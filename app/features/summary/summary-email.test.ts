// The summary email in a real browser engine (Chromium): nothing wider than a 390 px phone or an
// 800 px window. SUMMARY_SCREENSHOT=dir keeps a screenshot of each, to look at.
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { summaryEmail } from "./summary-email";
import type { Figures, OwnerSummary } from "./summary.server";

const APP = "https://leadqr.example";
const figures = (scans: number, unique: number, leads: number, redemptions: number, conversion: number | null): Figures => ({
  scans,
  unique,
  leads,
  redemptions,
  conversion,
});

const WEEK: OwnerSummary = {
  period: { frequency: "weekly", from: "2026-11-16", to: "2026-11-22", previousFrom: "2026-11-09", previousTo: "2026-11-15" },
  timeZone: "Europe/Madrid",
  totals: { current: figures(1240, 980, 112, 61, 11.4), previous: figures(1100, 870, 96, 0, 11) },
  campaigns: [
    {
      id: "c1",
      title: "Spring Offer: two croissants for the price of one, every morning before ten",
      current: figures(1200, 950, 110, 61, 11.6),
      previous: figures(1100, 870, 96, 0, 11),
      breakdowns: {
        location: [{ id: "l1", name: "Calle Mayor", current: figures(1200, 950, 110, 61, 11.6), previous: figures(1100, 870, 96, 0, 11) }],
        placement: [
          {
            id: "p1",
            name: "Window poster on the Calle Mayor side",
            current: figures(800, 640, 80, 50, 12.5),
            previous: figures(600, 480, 60, 0, 12.5),
          },
          { id: "p2", name: "Table tent", current: figures(400, 310, 30, 11, 9.7), previous: figures(500, 390, 36, 0, 9.2) },
        ],
      },
    },
    {
      id: "c2",
      title: "Autumn Tasting",
      current: figures(40, 30, 2, 0, 6.7),
      previous: figures(0, 0, 0, 0, null),
      breakdowns: { location: [], placement: [] },
    },
  ],
  bestPlacement: {
    campaignTitle: "Spring Offer: two croissants for the price of one, every morning before ten",
    id: "p1",
    name: "Window poster on the Calle Mayor side",
    current: figures(800, 640, 80, 50, 12.5),
    previous: figures(600, 480, 60, 0, 12.5),
  },
  expiringCodes: [{ campaignTitle: "Spring Offer", codes: 14, firstExpiresAt: "2026-11-25T17:00:00.000Z" }],
  broken: [
    { kind: "domain", name: "offers.cafesol.example", reason: "The CNAME record is gone", path: "/settings/domains" },
    { kind: "webhook", name: "hooks.zapier.com", reason: "Failed 20 times in a row", path: "/settings/integrations/webhooks/w1" },
  ],
};

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe("the summary email", () => {
  const email = summaryEmail(WEEK, APP);

  it("says the week's figures with their changes, and escapes what the owner typed", () => {
    expect(email.subject).toBe("Last week on LeadQR: 112 leads from 1,240 scans");
    expect(email.html).toContain(">1,240<");
    expect(email.html).toContain(">+13 %<");
    expect(email.html).toContain(">new<");
    expect(email.html).toContain(`href="${APP}/settings/domains"`);
    expect(email.html).toContain(">Calle Mayor (location)<");
    const hostile = summaryEmail({ ...WEEK, campaigns: [{ ...WEEK.campaigns[1]!, title: "<script>x</script>" }] }, APP);
    expect(hostile.html).toContain("&lt;script&gt;x&lt;/script&gt;");
    expect(hostile.html).not.toContain("<script>");
  });

  it.each([390, 800])("fits a %i px window", async (width) => {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    try {
      await page.setContent(email.html);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (process.env.SUMMARY_SCREENSHOT) {
        await page.screenshot({ path: path.join(process.env.SUMMARY_SCREENSHOT, `summary-${width}.png`), fullPage: true });
      }
    } finally {
      await page.close();
    }
  });
});
