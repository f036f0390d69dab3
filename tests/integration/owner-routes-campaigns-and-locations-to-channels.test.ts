// Routing (docs/features/alerts.md, "Routing"): each channel alerts all campaigns and locations
// until the owner chooses; then only the chosen campaigns' leads (and redeems), and with locations
// chosen only what came through a placement there. The server keeps only the owner's own ids.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { rowsOf } from "~/db/rows.server";
import { redeemOfferCode } from "~/features/redeem/counter.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createShopsAndPlacements, createUser } from "../support/factories";
import { alertWorker, codeIn, notificationsPage, passesUntil, postNotifications } from "../support/alerts-support";
import { startPushStandIn } from "../support/push-stand-in.mjs";
import { createClaim } from "../support/redeem-support";
import { startSlackStandIn } from "../support/slack-stand-in.mjs";
import { callRoute, makeRequest } from "../support/http";
import * as route from "~/routes/settings.notifications";

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

/** The routing form as the browser posts it: repeated `campaign` / `location` fields. */
async function postRoute(owner: Owner, fields: Array<[string, string]>) {
  const body = new FormData();
  body.append("intent", "route");
  for (const [name, value] of fields) body.append(name, value);
  return (await callRoute(route.action, makeRequest("/settings/notifications", { cookie: owner.cookie, body }))).data;
}

async function setUp() {
  const owner = await createUser({ isPro: true });
  const { db } = await getServices();
  const spring = await createCampaignRow(owner.id, { title: "Spring Offer" });
  const autumn = await createCampaignRow(owner.id, { title: "Autumn Sale" });
  const shops = await createShopsAndPlacements(owner.id, [
    { campaignId: spring.id, name: "Window", at: "Harbour" },
    { campaignId: spring.id, name: "Terrace", at: "Old Town" },
    { campaignId: autumn.id, name: "Door", at: null },
  ]);
  const [window, terrace, door] = shops.placementIds;
  const hook = slack.add();
  await postNotifications(owner, { intent: "slack-code", url: hook });
  await postNotifications(owner, { intent: "slack-confirm", code: codeIn(slack.messages(hook).at(-1)!.text) });
  const subscription = push.subscribe();
  await postNotifications(owner, { intent: "push-subscribe", subscription: JSON.stringify(subscription) });
  const channels = (await notificationsPage(owner)).channels as Array<{ id: string; kind: string }>;
  const claim = async (campaignId: string, name: string, placementId: string | null) => {
    const made = await createClaim(campaignId, { name, email: `${name.toLowerCase()}@example.com` });
    await db.update(schema.lead).set({ placementId }).where(eq(schema.lead.id, made.leadId));
    return made;
  };
  return {
    owner,
    hook,
    endpoint: subscription.endpoint,
    slackId: channels.find((c) => c.kind === "slack")!.id,
    browserId: channels.find((c) => c.kind === "push")!.id,
    ids: { spring: spring.id, autumn: autumn.id, harbour: shops.harbour, oldTown: shops.oldTown },
    places: { window: window!, terrace: terrace!, door: door! },
    claim,
  };
}

const slackNames = (hook: string) =>
  slack.messages(hook).flatMap((m) => /^(New lead|Code redeemed): (\w+)/.exec(m.text)?.slice(1, 3).join(" ") ?? []);
const pushNames = (endpoint: string) =>
  push.messages(endpoint).flatMap(
    (m) =>
      /^(New lead|Code redeemed): (\w+)/
        .exec(m.json?.body ?? "")
        ?.slice(1, 3)
        .join(" ") ?? [],
  );

describe("routing", () => {
  it("alerts every campaign and location by default, then only what the owner chose, leads and redeems alike", async () => {
    const setup = await setUp();
    const { owner, hook, endpoint, ids, places, claim } = setup;
    const worker = await alertWorker();
    expect((await notificationsPage(owner)).routing).toEqual({
      campaigns: [
        { id: ids.spring, name: "Spring Offer" },
        { id: ids.autumn, name: "Autumn Sale" },
      ],
      locations: [
        { id: ids.harbour, name: "Harbour" },
        { id: ids.oldTown, name: "Old Town" },
      ],
    });

    await claim(ids.autumn, "Ada", places.door);
    await worker.runOnce();
    expect(slackNames(hook)).toEqual(["New lead Ada"]);
    expect(pushNames(endpoint)).toEqual(["New lead Ada"]);

    // Slack: Spring Offer only. This browser: Harbour only.
    expect(
      await postRoute(owner, [
        ["kind", "slack"],
        ["campaignScope", "some"],
        ["campaign", ids.spring],
        ["locationScope", "all"],
      ]),
    ).toEqual({ message: "Saved: this channel alerts the campaigns and locations you chose." });
    await postRoute(owner, [
      ["kind", "push"],
      ["channel", setup.browserId],
      ["campaignScope", "all"],
      ["locationScope", "some"],
      ["location", ids.harbour],
    ]);
    expect((await notificationsPage(owner)).channels).toEqual([
      expect.objectContaining({ kind: "slack", campaignIds: [ids.spring], locationIds: null }),
      expect.objectContaining({ kind: "push", campaignIds: null, locationIds: [ids.harbour] }),
    ]);

    const ana = await claim(ids.spring, "Ana", places.window);
    const rui = await claim(ids.spring, "Rui", places.terrace);
    await claim(ids.autumn, "Bea", places.door);
    await claim(ids.autumn, "Cy", null);
    await worker.runOnce();
    // Slack takes about one message a second: the rest follow its 429s' Retry-After.
    await passesUntil(worker, () => slackNames(hook).length >= 3);
    expect(slackNames(hook)).toEqual(["New lead Ada", "New lead Ana", "New lead Rui"]);
    expect(pushNames(endpoint)).toEqual(["New lead Ada", "New lead Ana"]);

    await postNotifications(owner, { intent: "events", redeemed: "true" });
    const { db } = await getServices();
    const actor = { userId: owner.id, campaignId: null, staffAccessId: null, label: "Owner" };
    await redeemOfferCode(db, { actor, code: rui.code });
    await redeemOfferCode(db, { actor, code: ana.code });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await worker.runOnce();
    await passesUntil(worker, () => slackNames(hook).length >= 5);
    expect(slackNames(hook).slice(3)).toEqual(["Code redeemed Rui", "Code redeemed Ana"]);
    expect(pushNames(endpoint).slice(2)).toEqual(["Code redeemed Ana"]);

    // Back to all: the next Autumn Sale lead reaches Slack again.
    await postRoute(owner, [
      ["kind", "slack"],
      ["campaignScope", "all"],
      ["locationScope", "all"],
    ]);
    await claim(ids.autumn, "Eve", null);
    await worker.runOnce();
    await passesUntil(worker, () => slackNames(hook).length >= 6);
    expect(slackNames(hook).at(-1)).toBe("New lead Eve");
    expect(pushNames(endpoint).at(-1)).toBe("Code redeemed Ana");
  });

  it("keeps only the owner's own campaigns and locations, and touches no one else's channel", async () => {
    const { owner, ids, slackId } = await setUp();
    const stranger = await setUp();
    expect(
      await postRoute(owner, [
        ["kind", "slack"],
        ["campaignScope", "some"],
        ["campaign", stranger.ids.spring],
        ["locationScope", "all"],
      ]),
    ).toEqual({ error: "Choose at least one campaign, or all of them." });
    await postRoute(owner, [
      ["kind", "slack"],
      ["campaignScope", "some"],
      ["campaign", stranger.ids.spring],
      ["campaign", ids.autumn],
      ["campaign", "not-a-uuid"],
      ["locationScope", "some"],
      ["location", stranger.ids.harbour],
      ["location", ids.oldTown],
    ]);
    const { db } = await getServices();
    const [row] = rowsOf<{ campaign_ids: string[]; location_ids: string[] }>(
      await db.execute(
        sql`select campaign_ids::text[] as campaign_ids, location_ids::text[] as location_ids from alert_channel where id = ${slackId}`,
      ),
    );
    expect(row).toEqual({ campaign_ids: [ids.autumn], location_ids: [ids.oldTown] });

    // A stranger naming this owner's browser routes nothing of it.
    const browser = (await notificationsPage(owner)).channels.find((c: { kind: string }) => c.kind === "push");
    expect(
      await postRoute(stranger.owner, [
        ["kind", "push"],
        ["channel", browser.id],
        ["campaignScope", "some"],
        ["campaign", stranger.ids.spring],
      ]),
    ).toEqual({ error: "Prove this channel first." });
    expect((await notificationsPage(owner)).channels.find((c: { kind: string }) => c.kind === "push")).toMatchObject({
      campaignIds: null,
      locationIds: null,
    });
  });
});
