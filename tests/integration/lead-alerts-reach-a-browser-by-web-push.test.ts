// Lead alerts by Web Push against a local push service that checks the VAPID JWT, TTL and
// encoding as real ones do and decrypts the RFC 8291 payload with the subscription's own keys: a
// browser subscribes, a lead commits, the decrypted alert names the visitor's first name and the
// campaign and never their email; a 410 removes the subscription; a 429 waits as asked.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/db/rows.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import * as route from "~/routes/settings.notifications";
import { alertWorker, deliveriesOf, notificationsPage, postNotifications } from "../support/alerts-support";
import { startPushStandIn } from "../support/push-stand-in.mjs";
import { visitorSubmits } from "../support/webhook-support";

let push: Awaited<ReturnType<typeof startPushStandIn>>;

beforeAll(async () => {
  push = await startPushStandIn();
  process.env.WEBHOOKS_ALLOW_PRIVATE = "true";
});
afterAll(async () => {
  await push.close();
});

type Owner = Awaited<ReturnType<typeof createUser>>;

const ANDROID_CHROME = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** What the page's script posts after `pushManager.subscribe`, from a browser with this user agent. */
async function subscribeBrowser(owner: Owner, userAgent = ANDROID_CHROME) {
  const subscription = push.subscribe();
  const answer = await callRoute(
    route.action,
    makeRequest("/settings/notifications", {
      cookie: owner.cookie,
      headers: { "user-agent": userAgent },
      form: { intent: "push-subscribe", subscription: JSON.stringify(subscription) },
    }),
  );
  expect(answer.data).toEqual({ message: "This browser will show lead alerts." });
  return subscription;
}

const pushChannels = async (owner: Owner) =>
  (await notificationsPage(owner)).channels.filter((channel: { kind: string }) => channel.kind === "push") as Array<{ id: string; label: string }>;

const lead = (n: number) => ({ name: `Maria${n} López`, email: `maria${n}@example.com`, phone: "+34 600 000 000" });

describe("subscribing", () => {
  it("names each subscribed browser by its family and refuses a subscription that is not one", async () => {
    const owner = await createUser({ isPro: true });
    await subscribeBrowser(owner, ANDROID_CHROME);
    await subscribeBrowser(owner, IPHONE_SAFARI);
    expect((await pushChannels(owner)).map((channel) => channel.label)).toEqual(["Chrome on Android", "Safari on iPhone"]);
    const page = await notificationsPage(owner);
    expect(page.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(JSON.stringify(page)).not.toContain(push.origin);

    const keys = push.subscribe().keys;
    const refused = async (subscription: unknown) =>
      (await postNotifications(owner, { intent: "push-subscribe", subscription: JSON.stringify(subscription) })).data;
    expect((await refused({ endpoint: "ftp://push.example.com/x", keys })).error).toBe("The URL must start with https://");
    expect((await refused({ endpoint: "https://push.example.com/x", keys: { ...keys, auth: "short" } })).error).toContain(
      "did not give a usable push subscription",
    );
    // Without the private-targets switch: push-subscriptions-are-checked-as-webhooks-are.test.ts.
    expect(await pushChannels(owner)).toHaveLength(2);
  });

  it("stores the subscription sealed, and the same browser subscribing again keeps one row", async () => {
    const owner = await createUser({ isPro: true });
    const subscription = await subscribeBrowser(owner);
    await postNotifications(owner, { intent: "push-subscribe", subscription: JSON.stringify(subscription) });
    const { db } = await getServices();
    const rows = rowsOf<{ destination: string }>(await db.execute(sql`select destination from alert_channel where user_id = ${owner.id}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.destination).not.toContain(subscription.keys.auth);
    expect(rows[0]!.destination).not.toContain(new URL(subscription.endpoint).pathname);
    await postNotifications(owner, { intent: "push-unsubscribe", endpoint: subscription.endpoint });
    expect(await pushChannels(owner)).toEqual([]);
  });
});

describe("a push", () => {
  it("arrives decrypted within 10 s of the lead's commit, with the first name and campaign and without the email or phone", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id, { title: "Spring Offer" });
    const phone = await subscribeBrowser(owner);
    const laptop = await subscribeBrowser(owner, IPHONE_SAFARI);
    const worker = await alertWorker();
    worker.start();
    const latencies: number[] = [];
    try {
      for (let n = 1; n <= 3; n++) {
        await visitorSubmits(campaign.id, lead(n));
        const committed = Date.now();
        for (const endpoint of [phone.endpoint, laptop.endpoint]) {
          const arrived = () => push.messages(endpoint).find((m) => m.json?.body.startsWith(`New lead: Maria${n}, Spring Offer`));
          await expect.poll(arrived, { timeout: 10_000, interval: 50 }).toBeTruthy();
          latencies.push(arrived()!.at - committed);
        }
      }
    } finally {
      await worker.stop();
    }
    console.log(`commit → push over ${latencies.length} alerts: max ${Math.max(...latencies)} ms`);
    expect(Math.max(...latencies)).toBeLessThanOrEqual(10_000);
    const first = push.messages(phone.endpoint)[0]!;
    expect(first.json).toEqual({
      title: "LeadQR",
      body: expect.stringMatching(/^New lead: Maria1, Spring Offer, \d\d:\d\d$/),
      url: expect.stringMatching(/^http:\/\/localhost:3000\/leads\/[0-9a-f-]{36}$/),
    });
    expect(first.ttl).toBeGreaterThan(0);
    const everything = [...push.messages(phone.endpoint), ...push.messages(laptop.endpoint)].map((m) => m.text).join("\n");
    expect(everything).not.toMatch(/maria\d@example\.com|600 000 000|López/);
    // Both browsers' pushes are signed with the one server key the page hands out.
    expect(push.vapidKeys(phone.endpoint)).toEqual([(await notificationsPage(owner)).vapidPublicKey]);
    expect(push.vapidKeys(laptop.endpoint)).toEqual(push.vapidKeys(phone.endpoint));
    expect((await notificationsPage(owner)).deliveries.slice(0, 2).map((d: { outcome: string }) => d.outcome)).toEqual([
      "201 Created",
      "201 Created",
    ]);
  });

  it("sends a test at once and logs it under the browser's name", async () => {
    const owner = await createUser({ isPro: true });
    const subscription = await subscribeBrowser(owner);
    const [channel] = await pushChannels(owner);
    expect((await postNotifications(owner, { intent: "test", kind: "push", channel: channel!.id })).data).toEqual({
      message: "Test sent to the browser (201 Created).",
    });
    expect(push.messages(subscription.endpoint).map((m) => m.json?.body)).toEqual(["LeadQR test alert: this channel will receive your lead alerts."]);
    expect((await notificationsPage(owner)).deliveries).toEqual([
      expect.objectContaining({ channel: "push", label: "Chrome on Android", kind: "test", outcome: "201 Created", status: "sent" }),
    ]);
    // Another owner's browser is not this owner's to test.
    const stranger = await createUser({ isPro: true });
    expect((await postNotifications(stranger, { intent: "test", kind: "push", channel: channel!.id })).data.error).toContain("Prove this channel");
  });

  it("removes a subscription its push service answers 410 Gone for, without an email, and keeps the log", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id, { title: "Spring Offer" });
    const gone = await subscribeBrowser(owner);
    const kept = await subscribeBrowser(owner, IPHONE_SAFARI);
    push.answerWith(gone.endpoint, 410);
    await visitorSubmits(campaign.id, lead(1));
    const worker = await alertWorker();
    await worker.runOnce();
    expect((await pushChannels(owner)).map((channel) => channel.label)).toEqual(["Safari on iPhone"]);
    expect(push.messages(kept.endpoint)).toHaveLength(1);
    const outcomes = (await deliveriesOf(owner.id)).map((d) => `${d.status}: ${d.outcome}`);
    expect(outcomes).toEqual(expect.arrayContaining(["failed: 410 push subscription has unsubscribed or expired", "sent: 201 Created"]));
    const { db } = await getServices();
    const emails = rowsOf(await db.execute(sql`select 1 from email_outbox where kind = 'alert_channel_disabled' and "to" = ${owner.email}`));
    expect(emails).toEqual([]);
    // A later lead goes to the browser that is still subscribed only.
    await visitorSubmits(campaign.id, lead(2));
    await worker.runOnce();
    expect(push.messages(kept.endpoint)).toHaveLength(2);
  });

  it("waits as long as a 429's Retry-After asks, then delivers", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id, { title: "Spring Offer" });
    const subscription = await subscribeBrowser(owner);
    push.answerWith(subscription.endpoint, 429, 1);
    await visitorSubmits(campaign.id, lead(1));
    const worker = await alertWorker();
    await worker.runOnce();
    expect((await deliveriesOf(owner.id)).map((d) => `${d.status}: ${d.outcome}`)).toEqual(["pending: 429 too many requests"]);
    push.answerWith(subscription.endpoint, 201);
    await worker.runOnce();
    expect(push.messages(subscription.endpoint)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await worker.runOnce();
    expect(push.messages(subscription.endpoint)).toHaveLength(1);
    expect((await deliveriesOf(owner.id)).map((d) => `${d.status}: ${d.outcome}`)).toEqual(["sent: 201 Created"]);
  });
});

describe("the push service stand-in", () => {
  it("refuses what push services refuse: a JWT for another origin or beyond 24 hours, no TTL, another encoding, over 4096 bytes", async () => {
    const subscription = push.subscribe();
    const keys = webpush.generateVAPIDKeys();
    const details = (options: Record<string, unknown> = {}) =>
      webpush.generateRequestDetails(subscription, "hello", {
        vapidDetails: { subject: "mailto:ops@example.com", ...keys },
        TTL: 60,
        contentEncoding: "aes128gcm",
        ...options,
      });
    // fetch sets Content-Length from the body.
    const post = async ({ "Content-Length": _length, ...headers }: Record<string, unknown>, body: Buffer) =>
      (await fetch(subscription.endpoint, { method: "POST", headers: headers as Record<string, string>, body: new Uint8Array(body) })).status;
    const good = details();
    // A VAPID JWT signed by hand, so it can say what web-push would refuse to write.
    const vapid = (audience: string, exp: number) => {
      const raw = Buffer.from(keys.publicKey, "base64url");
      const key = crypto.createPrivateKey({
        key: { kty: "EC", crv: "P-256", d: keys.privateKey, x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33).toString("base64url") },
        format: "jwk",
      });
      const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
      const unsigned = `${part({ typ: "JWT", alg: "ES256" })}.${part({ aud: audience, exp, sub: "mailto:ops@example.com" })}`;
      const signature = crypto.sign("sha256", Buffer.from(unsigned), { key, dsaEncoding: "ieee-p1363" }).toString("base64url");
      return `vapid t=${unsigned}.${signature}, k=${keys.publicKey}`;
    };
    const now = Math.floor(Date.now() / 1000);
    expect(await post({ ...good.headers, Authorization: vapid(push.origin, now + 60) }, good.body as Buffer)).toBe(201);

    expect(await post({ ...good.headers, Authorization: vapid("https://push.example.com", now + 60) }, good.body as Buffer)).toBe(403);
    expect(await post({ ...good.headers, Authorization: vapid(push.origin, now + 25 * 60 * 60) }, good.body as Buffer)).toBe(403);
    expect(await post({ ...good.headers, Authorization: `vapid t=${"x".repeat(20)}, k=${keys.publicKey}` }, good.body as Buffer)).toBe(401);
    const { TTL: _ttl, ...withoutTtl } = good.headers as Record<string, unknown>;
    expect(await post(withoutTtl, good.body as Buffer)).toBe(400);
    const aesgcm = details({ contentEncoding: "aesgcm" });
    expect(await post({ ...aesgcm.headers, Authorization: good.headers.Authorization }, aesgcm.body as Buffer)).toBe(415);
    expect(await post(good.headers, Buffer.alloc(4097))).toBe(413);
    expect(push.messages(subscription.endpoint)).toHaveLength(1);
    expect(await post(good.headers, good.body as Buffer)).toBe(201);
    expect(push.messages(subscription.endpoint).map((m) => m.text)).toEqual(["hello", "hello"]);
  });
});
