// A server as a newcomer starts it: no APP_URL, no Stripe, no mail or AI keys, a fresh data folder.
// The journeys of the owner's second hour run against it at a phone's and a laptop's width.
import { test, type Browser } from "@playwright/test";
import { startServer, tmpDir, waitHealthy } from "./processes";

export const VIEWPORTS = [
  { name: "390 px", viewport: { width: 390, height: 844 }, isMobile: true },
  { name: "1280 px", viewport: { width: 1280, height: 900 }, isMobile: false },
] as const;

/** Starts one fresh server for the file's tests (beforeAll) and stops it after (afterAll). */
export function useFreshStart() {
  let server: ReturnType<typeof startServer> | undefined;
  test.beforeAll(async () => {
    server = startServer({ DATA_DIR: tmpDir(), APP_URL: "", STRIPE_SECRET_KEY: "", STRIPE_PRICE_ID: "", ADMIN_EMAILS: "admin@fresh.test" });
    await waitHealthy(server.port);
  });
  test.afterAll(() => {
    server?.child.kill("SIGTERM");
  });
  return {
    /** A new browser context on the fresh server at one of the VIEWPORTS. */
    async open(browser: Browser, size: (typeof VIEWPORTS)[number]) {
      const context = await browser.newContext({ baseURL: server!.url, viewport: size.viewport, isMobile: size.isMobile });
      return { context, page: await context.newPage() };
    },
  };
}
