// Lead alerts end to end against local stand-ins of Slack's incoming webhooks and Telegram's Bot
// API: each destination proven before use, an alert within seconds of a lead and never its email,
// a crowd folded, quiet hours kept, a gone destination switched off with one email to the owner.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/db/rows.server";
import { eraseLead } from "~/features/leads/lead-rights.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { manualClock } from "../support/manual-clock";
import { alertWorker, codeIn, deliveriesOf, notificationsPage, passesUntil, postNotifications } from "../support/alerts-support";
import { startSlackStandIn } from "../support/slack-stand-in.mjs";
import { startTelegramStandIn } from "../support/telegram-stand-in.mjs";
import { visitorSubmits } from "../support/webhook-support";

let slack: Awaited<ReturnType<typeof startSlackStandIn>>;
let telegram: Awaited<ReturnType<typeof startTelegramStandIn>>;

beforeAll(async () => {
  slack = await startSlackStandIn();
  telegram = await startTelegramStandIn();
  Object.assign(process.env, { WEBHOOKS_ALLOW_PRIVATE: "true", TELEGRAM_BOT_TOKEN: telegram.token, TELEGRAM_API_BASE: telegram.origin });
});
afterAll(async () => {
  await slack.close();
  await telegram.close();
});

type Owner = Awaited<ReturnType<typeof createUser>>;

async function proveSlack(owner: Owner) {
  const hook = slack.add();
  expect((await postNotifications(owner, { intent: "slack-code", url: hook })).data).toEqual({ message: "Code sent: look in your Slack channel." });
  const code = codeIn(slack.messages(hook).at(-1)!.text);
  expect((await postNotifications(owner, { intent: "slack-confirm", code })).data.message).toContain("Slack is proven");
  return hook;
}

let chats = 1000;
async function linkTelegram(owner: Owner) {
  const chatId = ++chats;
  const { link } = (await postNotifications(owner, { intent: "telegram-link" })).data;
  const token = new URL(link).searchParams.get("start")!;
  telegram.pressStart(chatId, `/start ${token}`);
  await (await alertWorker()).runOnce();
  return chatId;
}

const lead = (n: number) => ({ name: `Maria${n} López`, email: `maria${n}@example.com`, phone: "+34 600 000 000" });

describe("proving a destination", () => {
  it("sends nothing to a Slack webhook but its code until the owner types the code back", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id, { title: "Spring Offer" });
    const worker = await alertWorker();

    expect((await postNotifications(owner, { intent: "slack-code", url: `${slack.origin}/hooks/other` })).data.error).toContain(
      "Paste the webhook URL Slack gave you",
    );
    const hook = slack.add();
    await postNotifications(owner, { intent: "slack-code", url: hook });
    expect(slack.messages(hook)).toHaveLength(1);
    const code = codeIn(slack.messages(hook)[0]!.text);
    expect(code).toMatch(/^\d{6}$/);

    const { db } = await getServices();
    const [stored] = rowsOf<{ destination: string }>(await db.execute(sql`select destination from alert_channel where user_id = ${owner.id}`));
    expect(stored!.destination).not.toContain(new URL(hook).pathname);
    expect(JSON.stringify(await notificationsPage(owner))).not.toContain(new URL(hook).pathname.split("/").at(-1));

    await visitorSubmits(campaign.id, lead(1));
    await worker.runOnce();
    expect(slack.messages(hook)).toHaveLength(1);

    const wrong = code === "000000" ? "111111" : "000000";
    expect((await postNotifications(owner, { intent: "slack-confirm", code: wrong })).data.error).toBe(
      "That code does not match. Check the message in Slack.",
    );
    await postNotifications(owner, { intent: "slack-confirm", code });
    expect((await notificationsPage(owner)).channels).toEqual([expect.objectContaining({ kind: "slack", status: "proven", enabled: true })]);

    await visitorSubmits(campaign.id, lead(2));
    await worker.runOnce();
    const alert = slack.messages(hook).at(-1)!.text;
    expect(alert).toMatch(/^New lead: Maria2, Spring Offer, \d\d:\d\d\nhttp:\/\/localhost:3000\/leads\/[0-9a-f-]{36}$/);
    expect(slack.messages(hook)).toHaveLength(2);
    expect((await notificationsPage(owner)).deliveries.map((d: { kind: string; outcome: string }) => `${d.kind}: ${d.outcome}`)).toEqual([
      "lead: 200 ok",
      "proof: 200 ok",
    ]);
  });

  it("links only the Telegram chat that sends the one-time /start token, and writes to no other", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id, { title: "Spring Offer" });
    const { link } = (await postNotifications(owner, { intent: "telegram-link" })).data;
    expect(link).toMatch(/^https:\/\/t\.me\/leadqr_test_bot\?start=[A-Za-z0-9_-]{32}$/);
    const token = new URL(link).searchParams.get("start")!;

    telegram.pressStart(77, "/start not-the-token");
    telegram.pressStart(78, "hello");
    await (await alertWorker()).runOnce();
    expect((await notificationsPage(owner)).channels[0]).toMatchObject({ kind: "telegram", status: "proving" });

    telegram.pressStart(79, `/start ${token}`, { first_name: "Ana", username: "ana_cafe" });
    const worker = await alertWorker();
    await worker.runOnce();
    expect((await notificationsPage(owner)).channels[0]).toMatchObject({ kind: "telegram", status: "proven", label: "@ana_cafe" });
    expect(telegram.messagesTo(79).map((m) => m.text)).toEqual(["LeadQR is linked to this chat: new leads will be announced here."]);

    // The token works once: another chat sending it later links nothing.
    telegram.pressStart(80, `/start ${token}`);
    await visitorSubmits(campaign.id, lead(3));
    await worker.runOnce();
    expect(telegram.messagesTo(79).at(-1)!.text).toContain("New lead: Maria3, Spring Offer");
    expect(telegram.messagesTo(79).at(-1)!.text).not.toContain("maria3@example.com");
    for (const other of [77, 78, 80]) expect(telegram.messagesTo(other)).toEqual([]);
  });
});

describe("an alert", () => {
  it("reaches Slack and Telegram within seconds of the lead's commit (p95 ≤ 10 s), with the first name and campaign and without the email or phone", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id, { title: "Spring Offer" });
    const hook = await proveSlack(owner);
    const chatId = await linkTelegram(owner);
    const worker = await alertWorker();
    worker.start();
    const latencies: number[] = [];
    try {
      for (let n = 1; n <= 5; n++) {
        await visitorSubmits(campaign.id, lead(n));
        const committed = Date.now();
        const text = `New lead: Maria${n}, Spring Offer`;
        for (const arrived of [() => slack.messages(hook), () => telegram.messagesTo(chatId)]) {
          await expect.poll(() => arrived().some((m) => m.text.startsWith(text)), { timeout: 10_000, interval: 50 }).toBe(true);
          latencies.push(arrived().find((m) => m.text.startsWith(text))!.at - committed);
        }
      }
    } finally {
      await worker.stop();
    }
    latencies.sort((a, b) => a - b);
    const p95 = latencies[Math.ceil(latencies.length * 0.95) - 1]!;
    console.log(`commit → delivery over ${latencies.length} alerts: p50 ${latencies[Math.floor(latencies.length / 2)]} ms, p95 ${p95} ms`);
    expect(p95).toBeLessThanOrEqual(10_000);
    const everything = [...slack.messages(hook), ...telegram.messagesTo(chatId)].map((m) => m.text).join("\n");
    expect(everything).not.toMatch(/maria\d@example\.com|600 000 000|López/);
  });

  it("folds a crowd: five alerts, then one message a minute saying how many leads on which campaign", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id, { title: "Spring Offer" });
    const hook = await proveSlack(owner);
    const clock = manualClock();
    const worker = await alertWorker(clock);
    for (let n = 1; n <= 23; n++) await visitorSubmits(campaign.id, lead(n));
    // Slack takes about one message a second per webhook, bursts allowed: the code's second is over
    // first, then two go at once and the rest follow the 429s' Retry-After, a second apart.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await worker.runOnce();
    expect(slack.messages(hook).length).toBeLessThan(6);
    await passesUntil(worker, () => slack.messages(hook).length >= 6, clock);
    expect(
      slack
        .messages(hook)
        .slice(1)
        .map((m) => m.text.split(",")[0]),
    ).toEqual(["New lead: Maria1", "New lead: Maria2", "New lead: Maria3", "New lead: Maria4", "New lead: Maria5"]);
    clock.advance(30_000);
    await worker.runOnce();
    expect(slack.messages(hook)).toHaveLength(6);

    // The stand-in's second passes for real too.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    clock.advance(61_000);
    await worker.runOnce();
    expect(slack.messages(hook)).toHaveLength(7);
    expect(slack.messages(hook).at(-1)!.text).toBe("18 new leads in the last 2 minutes on Spring Offer\nhttp://localhost:3000/leads");

    // Still a crowd: the next leads wait for the next fold, a minute after the last.
    for (let n = 24; n <= 26; n++) await visitorSubmits(campaign.id, lead(n));
    await worker.runOnce();
    expect(slack.messages(hook)).toHaveLength(7);
    clock.advance(61_000);
    await worker.runOnce();
    await passesUntil(worker, () => slack.messages(hook).length >= 8, clock);
    expect(slack.messages(hook).at(-1)!.text).toMatch(/^3 new leads in the last \d minutes on Spring Offer/);
    const deliveries = await deliveriesOf(owner.id);
    expect(deliveries.filter((d) => d.kind === "fold").map((d) => d.lead_count)).toEqual([18, 3]);
  });

  it("waits through quiet hours in the owner's zone and arrives as one message when they end", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id, { title: "Spring Offer" });
    const hook = await proveSlack(owner);
    const now = new Date();
    const hhmm = (date: Date) => `${String(date.getUTCHours()).padStart(2, "0")}:${String(date.getUTCMinutes()).padStart(2, "0")}`;
    const from = hhmm(new Date(now.getTime() - 30 * 60_000));
    const until = hhmm(new Date(now.getTime() + 60 * 60_000));
    expect((await postNotifications(owner, { intent: "quiet", from, until })).data).toEqual({ message: "Quiet hours saved." });
    expect((await notificationsPage(owner)).quiet).toEqual({ from, until });

    const clock = manualClock();
    const worker = await alertWorker(clock);
    for (let n = 1; n <= 3; n++) await visitorSubmits(campaign.id, lead(n));
    await worker.runOnce();
    clock.advance(30 * 60_000);
    await worker.runOnce();
    expect(slack.messages(hook)).toHaveLength(1);

    clock.advance(31 * 60_000);
    await worker.runOnce();
    expect(
      slack
        .messages(hook)
        .slice(1)
        .map((m) => m.text),
    ).toEqual(["3 new leads in the last 61 minutes on Spring Offer\nhttp://localhost:3000/leads"]);
  });
});

describe("switching a channel", () => {
  it("off holds nothing back: switched on again, it alerts only the leads that come after", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id, { title: "Spring Offer" });
    const hook = await proveSlack(owner);
    const worker = await alertWorker();
    await visitorSubmits(campaign.id, lead(1));
    expect((await postNotifications(owner, { intent: "toggle", kind: "slack", enabled: "false" })).data).toEqual({
      message: "Slack alerts are off.",
    });
    await worker.runOnce();
    await visitorSubmits(campaign.id, lead(2));
    await worker.runOnce();
    expect(slack.messages(hook)).toHaveLength(1);
    expect((await postNotifications(owner, { intent: "test", kind: "slack" })).data).toEqual({
      error: "Prove this channel and turn it on first: only those receive messages.",
    });

    await postNotifications(owner, { intent: "toggle", kind: "slack", enabled: "true" });
    await visitorSubmits(campaign.id, lead(3));
    await worker.runOnce();
    expect(
      slack
        .messages(hook)
        .slice(1)
        .map((m) => m.text.split(",")[0]),
    ).toEqual(["New lead: Maria3"]);
    // One message a second per webhook (the stand-in, as Slack, takes a burst of two).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await postNotifications(owner, { intent: "test", kind: "slack" })).data.message).toBe("Test sent to Slack (200 ok).");
    expect(slack.messages(hook).at(-1)!.text).toBe("LeadQR test alert: this channel will receive your lead alerts.");
  });
});

describe("the buttons that reach out", () => {
  it("are bounded per owner: 20 in 10 minutes, then 429 with Retry-After", async () => {
    const owner = await createUser({ isPro: true });
    for (let n = 0; n < 20; n++) expect((await postNotifications(owner, { intent: "test", kind: "telegram" })).status).toBe(400);
    const refused = await postNotifications(owner, { intent: "test", kind: "slack" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("a failing channel", () => {
  it("is switched off when Slack answers 404 no_service, and the owner is emailed once", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id, { title: "Spring Offer" });
    const hook = await proveSlack(owner);
    slack.setState(hook, "removed");
    const worker = await alertWorker();
    await visitorSubmits(campaign.id, lead(1));
    await worker.runOnce();
    await visitorSubmits(campaign.id, lead(2));
    await worker.runOnce();
    const page = await notificationsPage(owner);
    expect(page.channels[0]).toMatchObject({ kind: "slack", status: "disabled" });
    expect(page.channels[0].disabledReason).toContain("404 no_service");
    expect(page.deliveries[0]).toMatchObject({ kind: "lead", status: "failed", outcome: "404 no_service" });
    const { db } = await getServices();
    const mails = rowsOf<{ subject: string }>(
      await db.execute(sql`select subject from email_outbox where kind = 'alert_channel_disabled' and "to" = ${owner.email}`),
    );
    expect(mails).toEqual([{ subject: "Lead alerts on Slack have stopped" }]);
    expect((await postNotifications(owner, { intent: "test", kind: "slack" })).data.error).toContain("Prove this channel and turn it on first");
  });

  it("is switched off when Telegram says the bot was blocked, with one email", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id, { title: "Spring Offer" });
    const chatId = await linkTelegram(owner);
    telegram.block(chatId);
    expect((await postNotifications(owner, { intent: "test", kind: "telegram" })).data.error).toBe(
      "Telegram did not accept the test (403 Forbidden: bot was blocked by the user).",
    );
    await visitorSubmits(campaign.id, lead(1));
    await (await alertWorker()).runOnce();
    expect((await notificationsPage(owner)).channels[0]).toMatchObject({ status: "disabled" });
    const { db } = await getServices();
    const mails = rowsOf(await db.execute(sql`select 1 from email_outbox where kind = 'alert_channel_disabled' and "to" = ${owner.email}`));
    expect(mails).toHaveLength(1);
  });

  it("waits as told when Slack answers 429, then sends; and erasing a lead removes the alert that named it", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id, { title: "Spring Offer" });
    const hook = await proveSlack(owner);
    slack.setState(hook, "throttled");
    const clock = manualClock();
    const worker = await alertWorker(clock);
    await visitorSubmits(campaign.id, lead(1));
    await worker.runOnce();
    expect((await deliveriesOf(owner.id)).at(-1)).toMatchObject({ kind: "lead", status: "pending", outcome: "429 rate_limited" });
    slack.setState(hook, "ok");
    await worker.runOnce();
    expect(slack.messages(hook)).toHaveLength(1);
    clock.advance(1_500);
    await worker.runOnce();
    expect(slack.messages(hook).at(-1)!.text).toContain("Maria1");

    const { db } = await getServices();
    const [row] = rowsOf<{ id: string }>(await db.execute(sql`select id from lead where campaign_id = ${campaign.id}`));
    expect(await eraseLead(db, { userId: owner.id, leadId: row!.id })).toBe(true);
    expect((await deliveriesOf(owner.id)).map((d) => d.text).join()).not.toContain("Maria1");
  });
});
