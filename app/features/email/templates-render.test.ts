// Every template, rendered by a real browser engine (Chromium) in a narrow (phone, 320 px) and a wide
// (desktop, 800 px) window: nothing may be wider than the window. The HTML is kept as a snapshot.
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consentConfirmationEmail } from "~/features/consent/consent-emails";
import { offerCodeEmail } from "~/features/redeem/offer-code-email";
import { passwordChangedEmail, resetPasswordEmail, signInLinkEmail, verifyEmailEmail } from "./account-emails";
import { scanLimitEmail } from "./scan-limit-email";
import { newLeadEmail } from "./lead-emails";

const APP = "https://leadqr.example";
const LONG = "averyveryverylongaddresswithoutanybreaks.that.mail.clients.must.wrap@example-business-domain.com";
const TEMPLATES = {
  "verify-email": verifyEmailEmail(`${APP}/verify-email?token=${"t".repeat(120)}`, APP),
  "reset-password": resetPasswordEmail(`${APP}/reset-password?token=${"t".repeat(120)}`, APP),
  "password-changed": passwordChangedEmail(APP),
  "sign-in-link": signInLinkEmail(`${APP}/signin/link?token=${"t".repeat(120)}`, APP),
  "new-lead": newLeadEmail(
    {
      name: "Ada Visitor",
      email: LONG,
      phone: "+33 6 12 34 56 78",
      campaignTitle: "Morning Croissant Deal",
      businessType: "Bakery",
      leadId: "7f0c6c2e-4b7a-4a8e-9d51-0c1b2a3d4e5f",
      offerCode: "7KM-XQ4-2P",
      placement: "Front window",
      receivedAt: new Date("2026-11-25T12:34:00Z"),
      ownerTimeZone: "Europe/Paris",
    },
    APP,
  ),
  "scan-limit-reached": scanLimitEmail({ campaignTitle: "Morning Croissant Deal", scans: 5, limit: 5, reached: true }, APP),
  "consent-confirmation": consentConfirmationEmail({
    businessName: "Sunny Side Café",
    postalAddress: "12 Rue de la Paix\n75002 Paris",
    wording: "I agree to receive marketing emails from Sunny Side Café.",
    confirmUrl: `${APP}/consent/confirm/${"c".repeat(64)}`,
    withdrawUrl: `${APP}/consent/withdraw/${"w".repeat(64)}`,
    offerCode: { code: "7KM-XQ4-2P", validity: "Valid until Dec 31, 2026" },
  }),
  "offer-code": offerCodeEmail({ businessName: "Sunny Side Café", postalAddress: "12 Rue de la Paix", code: "7KM-XQ4-2P", validity: "No expiry" }),
};

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe.each(Object.entries(TEMPLATES))("the %s email", (name, email) => {
  it("has a viewport and matches its snapshot", async () => {
    expect(email.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    await expect(email.html).toMatchFileSnapshot(`./__snapshots__/${name}.html`);
  });

  it.each([320, 800])("fits a %i px window", async (width) => {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    try {
      await page.setContent(email.html);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);
      // The content column uses the room it has: the whole phone, or 560 px on a desktop.
      const column = await page.evaluate(() => document.body.firstElementChild!.getBoundingClientRect().width);
      expect(column).toBe(Math.min(width, 560));
    } finally {
      await page.close();
    }
  });
});
