// "This phone or browser" at 390 px (docs/features/alerts.md): Chromium is offered the button and
// may register the service worker from the site root under the app's CSP; an iPhone's Safari not
// opened from the Home Screen is told to add LeadQR there first; the owner ticks "code redeemed"
// and limits Slack to one campaign. Headless Chromium has no push service, so the subscription
// itself is proved by the integration tests against the push service stand-in.
import { expect, test } from "@playwright/test";
import { startSlackStandIn } from "../support/slack-stand-in.mjs";
import { startCaptureServer, type CaptureServer } from "./support/capture-server";
import { uniqueEmail } from "../support/row-factories";
import { signUp } from "./support/helpers";

let slack: Awaited<ReturnType<typeof startSlackStandIn>>;
let app: CaptureServer;

test.beforeAll(async () => {
  slack = await startSlackStandIn();
  app = await startCaptureServer({ WEBHOOKS_ALLOW_PRIVATE: "true" });
});
test.afterAll(async () => {
  await app?.stop();
  await slack?.close();
});

const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

test("an owner at 390 px finds this phone's alerts, the Home Screen advice on iPhone, the extra alerts and routing", async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: app.baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const email = await signUp(page, uniqueEmail("push"));
  const [owner] = await app.query(`update "user" set email_verified = true where email = $1 returning id`, [email]);
  await app.createCampaignRow(owner.id, { title: "Spring Offer" });
  await app.createCampaignRow(owner.id, { title: "Autumn Sale" });

  await page.goto("/settings/notifications");
  await expect(page.getByRole("heading", { name: "This phone or browser" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Turn on alerts in this browser" })).toBeEnabled();
  await expect(page.getByText("On iPhone and iPad, alerts need LeadQR on the Home Screen")).toBeVisible();

  // The manifest and the service worker are served from the root, and the worker may register there.
  expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/manifest.webmanifest");
  const manifest = await (await page.request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({ display: "standalone", start_url: "/dashboard" });
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.register("/sw.js", { scope: "/" })).scope);
  expect(scope).toBe(`${app.baseURL}/`);

  // Code redeemed: ticked and kept.
  await page.getByLabel("When a code is redeemed").check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(page.getByLabel("When a code is redeemed")).toBeChecked();

  // Slack proven, then limited to Spring Offer.
  const hook = slack.add();
  await page.getByLabel("Slack webhook URL").fill(hook);
  await page.getByRole("button", { name: "Send a code" }).click();
  // The code is in the channel once the page says it was sent.
  await expect(page.getByRole("status").filter({ hasText: "Code sent: look in your Slack channel." })).toBeVisible();
  await page.getByLabel("Code from Slack").fill(/code is (\d{6})/.exec(slack.messages(hook)[0]!.text)![1]!);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Slack is proven" })).toBeVisible();
  await page.getByText("Campaigns: all").click();
  await page.getByRole("radio", { name: "Only these" }).check();
  await page.getByRole("checkbox", { name: "Spring Offer" }).check();
  await page.getByRole("button", { name: "Save choice (Slack)" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved: this channel alerts the campaigns and locations you chose." })).toBeVisible();
  await expect(page.getByText("Campaigns: 1 of 2")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(violations).toEqual([]);
  await page.screenshot({ path: "test-results/alerts-push-390.png", fullPage: true });
  await context.close();

  // An iPhone's Safari, not from the Home Screen: the advice instead of the button.
  const iphone = await browser.newContext({ baseURL: app.baseURL, viewport: { width: 390, height: 844 }, userAgent: IPHONE_SAFARI });
  const onIphone = await iphone.newPage();
  await signUp(onIphone, uniqueEmail("iphone"));
  await onIphone.goto("/settings/notifications");
  await expect(onIphone.getByText("Add LeadQR to your Home Screen first")).toBeVisible();
  await expect(onIphone.getByRole("button", { name: "Turn on alerts in this browser" })).toHaveCount(0);
  await iphone.close();
});
