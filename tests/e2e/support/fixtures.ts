// Playwright fixtures for journeys that run on a server of their own (docs/features/tests.md,
// "Journeys"): `app`, a fresh production server on fresh PostgreSQL for the test, stopped after it;
// `phone()`, a page in a new browser context on that server, as a phone held upright (390 px, touch,
// a user agent of its own, so each is its own visitor), closed after the test.
import { test as base, type BrowserContext, type Page } from "@playwright/test";
import { phoneUserAgent } from "../../support/row-factories";
import { startCaptureServer, type CaptureServer } from "./capture-server";

/** A phone held upright: 390 CSS px wide, with touch. */
export const PHONE_SCREEN = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Apart from the numbers journeys give their visitors by hand (1–4300). */
let phones = 7000;

export const test = base.extend<{ app: CaptureServer; phone: () => Promise<Page> }>({
  app: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern.
    async ({}, use) => {
      const app = await startCaptureServer();
      await use(app);
      await app.stop();
    },
    // Migrating a fresh database and starting the build takes its own time on a loaded machine.
    { timeout: 120_000 },
  ],
  phone: async ({ browser, app }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext({ ...PHONE_SCREEN, baseURL: app.baseURL, userAgent: phoneUserAgent(++phones) });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});

export { expect } from "@playwright/test";
