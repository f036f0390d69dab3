// An owner on a phone turns lead alerts on (docs/features/alerts.md): proves a Slack channel by
// typing back the code posted to it, links a Telegram chat through the bot's deep link, and a
// visitor's claim reaches both within seconds with the first name and campaign, never the email.
// Slack's incoming webhooks and Telegram's Bot API are local stand-ins run by this journey.
import { expect, test } from "@playwright/test";
import { startSlackStandIn } from "../support/slack-stand-in.mjs";
import { startTelegramStandIn } from "../support/telegram-stand-in.mjs";
import { startCaptureServer, type CaptureServer } from "./support/capture-server";
import { signUp } from "./support/helpers";
import { phoneUserAgent, uniqueEmail } from "../support/row-factories";

let slack: Awaited<ReturnType<typeof startSlackStandIn>>;
let telegram: Awaited<ReturnType<typeof startTelegramStandIn>>;
let app: CaptureServer;

test.beforeAll(async () => {
  slack = await startSlackStandIn();
  telegram = await startTelegramStandIn();
  app = await startCaptureServer({ WEBHOOKS_ALLOW_PRIVATE: "true", TELEGRAM_BOT_TOKEN: telegram.token, TELEGRAM_API_BASE: telegram.origin });
});
test.afterAll(async () => {
  await app?.stop();
  await slack?.close();
  await telegram?.close();
});

const CHAT = 4242;

test("an owner on a phone proves Slack and links Telegram, and a visitor's claim reaches both without the email", async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: app.baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const email = await signUp(page, uniqueEmail("alerts"));
  const [owner] = await app.query(`update "user" set email_verified = true where email = $1 returning id`, [email]);
  const { id: campaignId } = await app.createCampaignRow(owner.id, { title: "Spring Offer" });

  await page.goto("/settings");
  await page.getByRole("link", { name: "Manage notifications" }).click();
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();

  // Slack: paste the webhook, read the code in the channel, type it back.
  const hook = slack.add();
  await page.getByLabel("Slack webhook URL").fill(hook);
  await page.getByRole("button", { name: "Send a code" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Code sent: look in your Slack channel." })).toBeVisible();
  const code = /code is (\d{6})/.exec(slack.messages(hook)[0]!.text)![1]!;
  await page.getByLabel("Code from Slack").fill(code);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Slack is proven: lead alerts go there from now on." })).toBeVisible();

  // Telegram: the deep link carries a one-time token; pressing Start in that chat links it.
  await page.getByRole("button", { name: "Link Telegram" }).click();
  const link = await page.getByRole("link", { name: "Open Telegram" }).getAttribute("href");
  expect(link).toMatch(/^https:\/\/t\.me\/leadqr_test_bot\?start=[\w-]+$/);
  telegram.pressStart(CHAT, `/start ${new URL(link!).searchParams.get("start")}`, { first_name: "Ana", username: "ana_cafe" });
  await expect
    .poll(
      async () => {
        await page.goto("/settings/notifications");
        return page.getByText("Alerts go to @ana_cafe.").isVisible();
      },
      { timeout: 20_000, intervals: [1_000] },
    )
    .toBe(true);
  await expect.poll(() => telegram.messagesTo(CHAT).length, { timeout: 10_000 }).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: "test-results/alerts-notifications-390.png", fullPage: true });

  // A visitor claims on their phone: both alerts arrive within seconds, with no email in them.
  const phone = await browser.newContext({ userAgent: phoneUserAgent(1), viewport: { width: 390, height: 844 } });
  const visitor = await phone.newPage();
  await visitor.goto(`${app.baseURL}/capture/${campaignId}`);
  await visitor.getByLabel("Full Name *").fill("Maria López");
  await visitor.getByLabel("Email Address *").fill("maria.lopez@example.com");
  await visitor.getByRole("button", { name: "Claim My Offer" }).click();
  await expect(visitor.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  const claimed = Date.now();
  await phone.close();
  const alertIn = (texts: () => string[]) => texts().find((text) => text.startsWith("New lead: Maria, Spring Offer"));
  await expect.poll(() => alertIn(() => slack.messages(hook).map((m) => m.text)), { timeout: 10_000, intervals: [200] }).toBeTruthy();
  await expect.poll(() => alertIn(() => telegram.messagesTo(CHAT).map((m) => m.text)), { timeout: 10_000, intervals: [200] }).toBeTruthy();
  console.log(`claim → both alerts: ${Date.now() - claimed} ms`);
  for (const text of [alertIn(() => slack.messages(hook).map((m) => m.text))!, alertIn(() => telegram.messagesTo(CHAT).map((m) => m.text))!]) {
    expect(text).not.toContain("maria.lopez@example.com");
    expect(text).not.toContain("López");
    expect(text).toMatch(new RegExp(`/leads/[0-9a-f-]{36}$`));
  }

  // The log shows each delivery with what the channel answered.
  await page.goto("/settings/notifications");
  const log = page.getByRole("list", { name: "Last deliveries" });
  await expect(log.getByRole("listitem").filter({ hasText: "Lead alert" }).filter({ hasText: "Slack" })).toContainText("200 ok");
  await expect(log.getByRole("listitem").filter({ hasText: "Lead alert" }).filter({ hasText: "Telegram" })).toContainText("200 ok");
  await page.screenshot({ path: "test-results/alerts-log-390.png", fullPage: true });
  await context.close();
});
