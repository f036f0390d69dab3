// "Code redeemed" and "campaign reached its scan limit" alerts (docs/features/alerts.md): off
// until the owner ticks them on Settings → Notifications, then sent through the same proven
// channels (a Slack webhook and a browser's push subscription here), once per event, never the
// visitor's email, and not during quiet hours.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redeemOfferCode } from "~/features/redeem/counter.server";
import { getServices } from "~/utils/services.server";
import * as capture from "~/routes/capture";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { alertWorker, codeIn, notificationsPage, postNotifications } from "../support/alerts-support";
import { startPushStandIn } from "../support/push-stand-in.mjs";
import { createClaim } from "../support/redeem-support";
import { startSlackStandIn } from "../support/slack-stand-in.mjs";
import { phoneUserAgent } from "../support/row-factories";

let slack: Awaited<ReturnType<typeof startSlackStandIn>>;
let push: Awaited<ReturnType<typeof startPushStandIn>>;

beforeAll(async () => {
  slack = await startSlackStandIn();
  push = await startPushStandIn();
  process.env.WEBHOOKS_ALLOW_PRIVATE = "true";
});
afterAll(async () => {
  await slack.close();
  await push.close();
});

type Owner = Awaited<ReturnType<typeof createUser>>;

async function proveSlack(owner: Owner) {
  const hook = slack.add();
  await postNotifications(owner, { intent: "slack-code", url: hook });
  await postNotifications(owner, { intent: "slack-confirm", code: codeIn(slack.messages(hook).at(-1)!.text) });
  return hook;
}

async function subscribeBrowser(owner: Owner) {
  const subscription = push.subscribe();
  await postNotifications(owner, { intent: "push-subscribe", subscription: JSON.stringify(subscription) });
  return subscription.endpoint;
}

const ownerAtCounter = (owner: Owner) => ({ userId: owner.id, campaignId: null, staffAccessId: null, label: "Owner" });

async function redeem(owner: Owner, code: string) {
  const { db } = await getServices();
  expect((await redeemOfferCode(db, { actor: ownerAtCounter(owner), code })).outcome).toBe("redeemed");
}

async function scan(campaignId: string, address: string) {
  const headers = { "user-agent": phoneUserAgent(), "x-leadqr-client-ip": address };
  await callRoute(capture.loader, makeRequest(`/capture/${campaignId}`, { headers }), { campaignId });
}

const slackSaying = (hook: string, start: string) => slack.messages(hook).filter((m) => m.text.startsWith(start));
const pushesSaying = (endpoint: string, start: string) => push.messages(endpoint).filter((m) => m.json?.body.startsWith(start));

describe("code redeemed", () => {
  it("is off until ticked; then each redeem reaches Slack and the browser with the first name and campaign, never the email", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id, { title: "Spring Offer" });
    const hook = await proveSlack(owner);
    const browser = await subscribeBrowser(owner);
    const worker = await alertWorker();
    expect((await notificationsPage(owner)).events).toEqual({ redeemed: false, scanLimit: false });

    const first = await createClaim(campaign.id, { name: "Ana Pérez", email: "ana@example.com" });
    await redeem(owner, first.code);
    await worker.runOnce();
    expect(slackSaying(hook, "Code redeemed")).toEqual([]);

    expect((await postNotifications(owner, { intent: "events", redeemed: "true" })).data).toEqual({ message: "Saved." });
    expect((await notificationsPage(owner)).events).toEqual({ redeemed: true, scanLimit: false });
    const second = await createClaim(campaign.id, { name: "Maria López", email: "maria@example.com" });
    await redeem(owner, second.code);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await worker.runOnce();
    const [said] = slackSaying(hook, "Code redeemed").map((m) => m.text);
    expect(said).toMatch(/^Code redeemed: Maria, Spring Offer, \d\d:\d\d\nhttp:\/\/localhost:3000\/leads\/[0-9a-f-]{36}$/);
    expect(said).toContain(second.leadId);
    expect(pushesSaying(browser, "Code redeemed: Maria, Spring Offer")).toHaveLength(1);
    expect([...slack.messages(hook).map((m) => m.text), ...push.messages(browser).map((m) => m.text)].join("\n")).not.toMatch(
      /example\.com|López|Pérez/,
    );
    expect((await notificationsPage(owner)).deliveries.filter((d: { kind: string }) => d.kind === "redeemed")).toHaveLength(2);

    // Unticked again: nothing more.
    await postNotifications(owner, { intent: "events" });
    const third = await createClaim(campaign.id, { name: "Lu", email: "lu@example.com" });
    await redeem(owner, third.code);
    await worker.runOnce();
    expect(slackSaying(hook, "Code redeemed")).toHaveLength(1);
  });

  it("is not sent during quiet hours", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id, { title: "Spring Offer" });
    const hook = await proveSlack(owner);
    await postNotifications(owner, { intent: "events", redeemed: "true" });
    // The owner's zone is UTC (no business profile): quiet from an hour ago to an hour from now.
    const clock = (offsetHours: number) => new Date(Date.now() + offsetHours * 3_600_000).toISOString().slice(11, 16);
    await postNotifications(owner, { intent: "quiet", from: clock(-1), until: clock(1) });
    const claim = await createClaim(campaign.id, { name: "Ana", email: "ana@example.com" });
    await redeem(owner, claim.code);
    await (await alertWorker()).runOnce();
    expect(slackSaying(hook, "Code redeemed")).toEqual([]);
    expect((await notificationsPage(owner)).deliveries.filter((d: { kind: string }) => d.kind === "redeemed")).toEqual([]);
  });
});

describe("scan limit reached", () => {
  it("reaches the channels once, when the free campaign's last scan is counted, if ticked", async () => {
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id, { title: "Corner Bakery" });
    const hook = await proveSlack(owner);
    const other = await createUser();
    const otherCampaign = await createCampaignRow(other.id, { title: "Unticked Bakery" });
    const otherHook = await proveSlack(other);
    expect((await postNotifications(owner, { intent: "events", scanLimit: "true" })).data).toEqual({ message: "Saved." });

    for (let i = 1; i <= 4; i++) await scan(campaign.id, `198.51.100.${i}`);
    const worker = await alertWorker();
    await worker.runOnce();
    expect(slackSaying(hook, "Corner Bakery")).toEqual([]);
    for (let i = 5; i <= 9; i++) await scan(campaign.id, `198.51.100.${i}`);
    for (let i = 1; i <= 6; i++) await scan(otherCampaign.id, `198.51.101.${i}`);
    await worker.runOnce();
    expect(slackSaying(hook, "Corner Bakery").map((m) => m.text)).toEqual([
      "Corner Bakery has reached its 5 free scans: visitors now see an upgrade message instead of your offer.\nhttp://localhost:3000/pricing",
    ]);
    expect(slackSaying(otherHook, "Unticked Bakery")).toEqual([]);
  });
});
