// Webhooks end to end on the server: a lead queues an event in its own transaction, the worker
// signs and POSTs it to a real receiver that verifies it with the standardwebhooks library, and
// failures (500s, timeouts, oversized answers) are retried with backoff and shown in the log.
process.env.WEBHOOKS_ALLOW_PRIVATE = "true";

import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "~/db/schema";
import { toggleCampaignStatus } from "~/features/campaigns/campaigns.server";
import { WEBHOOK_MAX_ATTEMPTS, webhookBackoffMs } from "~/features/integrations/events";
import { createWebhookWorker, type WebhookWorkerOptions } from "~/features/integrations/webhook-worker.server";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listDeliveryLog,
  resendDelivery,
  resumeWebhookEndpoint,
  sendTestEvent,
} from "~/features/integrations/webhooks.server";
import { RATE_LIMITS } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { answer, startReceiver, visitorSubmits } from "../support/webhook-support";

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

async function worker(options: Partial<WebhookWorkerOptions> = {}) {
  const { db } = await getServices();
  return createWebhookWorker({ db, allowPrivate: true, ...options });
}

async function proOwnerWithEndpoint(path: string, events: Array<"lead.created" | "campaign.updated"> = ["lead.created"]) {
  const owner = await createUser({ isPro: true });
  const campaign = await createCampaignRow(owner.id, { title: `Webhook ${path}` });
  const { db } = await getServices();
  const endpoint = await createWebhookEndpoint(db, { userId: owner.id, url: receiver.url(path), events });
  return { owner, campaign, endpoint };
}

const hooksAt = (path: string) => receiver.received.filter((hook) => hook.path === path);

async function deliveriesOf(endpointId: string) {
  const { db } = await getServices();
  return db.select().from(schema.webhookDelivery).where(eq(schema.webhookDelivery.endpointId, endpointId));
}

async function makeDue(endpointId: string) {
  const { db } = await getServices();
  await db
    .update(schema.webhookDelivery)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(schema.webhookDelivery.endpointId, endpointId));
}

describe("webhook delivery", () => {
  it("sends lead.created, signed, to a receiver that verifies it with the library's verifier", async () => {
    receiver.behave(answer(200, "thanks"));
    const { owner, campaign, endpoint } = await proOwnerWithEndpoint("/signed");
    expect(await visitorSubmits(campaign.id, { name: "Ada Hook", email: "ada.hook@example.com", phone: "+1 555 0100" })).toMatchObject({ ok: true });

    // Queued with the lead, before any worker ran.
    const [queued] = await deliveriesOf(endpoint.id);
    expect(queued).toMatchObject({ status: "pending", attempts: 0 });

    await (await worker()).runOnce();
    const [hook] = hooksAt("/signed");
    expect(hook).toBeDefined();
    const verified = new Webhook(endpoint.secret).verify(hook!.body, hook!.headers as Record<string, string>) as Record<string, any>;
    const { db } = await getServices();
    const [lead] = await db.select().from(schema.lead).where(eq(schema.lead.campaignId, campaign.id));
    expect(verified).toMatchObject({
      type: "lead.created",
      version: 1,
      data: {
        lead: { id: lead!.id, object: "lead", campaign_id: campaign.id, name: "Ada Hook", email: "ada.hook@example.com", phone: "+1 555 0100" },
        campaign: { id: campaign.id, title: "Webhook /signed" },
      },
    });
    expect(verified.id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(hook!.headers["webhook-id"]).toBe(verified.id);
    expect(hook!.headers["content-type"]).toBe("application/json");
    // A wrong secret does not verify.
    expect(() =>
      new Webhook(`whsec_${Buffer.from("x".repeat(32)).toString("base64")}`).verify(hook!.body, hook!.headers as Record<string, string>),
    ).toThrow();

    const [log] = await listDeliveryLog(db, { userId: owner.id, endpointId: endpoint.id });
    expect(log).toMatchObject({ eventType: "lead.created", status: "succeeded" });
    expect(log!.log).toHaveLength(1);
    expect(log!.log[0]).toMatchObject({ attempt: 1, statusCode: 200, responseExcerpt: "thanks", error: null });
    expect(log!.log[0]!.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("retries after a 500 with backoff and logs every attempt until the receiver recovers", async () => {
    receiver.behave(answer(500, "database down"));
    const { owner, campaign, endpoint } = await proOwnerWithEndpoint("/flaky");
    await visitorSubmits(campaign.id, { name: "Retry Rita", email: "rita@example.com" });
    const run = await worker();
    const before = Date.now();
    await run.runOnce();
    const [afterFailure] = await deliveriesOf(endpoint.id);
    expect(afterFailure).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500 });
    // The first retry waits a minute.
    expect(afterFailure!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 55_000);
    // Not due yet: nothing is sent again.
    expect(await run.runOnce()).toBe(0);

    receiver.behave(answer(204));
    await makeDue(endpoint.id);
    await run.runOnce();
    const [delivered] = await deliveriesOf(endpoint.id);
    expect(delivered).toMatchObject({ status: "succeeded", attempts: 2, lastStatusCode: 204 });
    const bodies = hooksAt("/flaky").map((hook) => JSON.parse(hook.body).id);
    expect(bodies).toHaveLength(2);
    expect(new Set(bodies).size).toBe(1); // the same event id on every retry
    const { db } = await getServices();
    const [log] = await listDeliveryLog(db, { userId: owner.id, endpointId: endpoint.id });
    expect(log!.log.map((attempt) => [attempt.attempt, attempt.statusCode, attempt.responseExcerpt])).toEqual([
      [2, 204, ""],
      [1, 500, "database down"],
    ]);
  });

  it("gives up on a receiver that does not answer in time, logs the timeout and retries later", async () => {
    receiver.behave(() => undefined); // never answers
    const { owner, campaign, endpoint } = await proOwnerWithEndpoint("/slow");
    await visitorSubmits(campaign.id, { name: "Slow Sam", email: "sam@example.com" });
    const started = Date.now();
    await (await worker({ timeoutMs: 300 })).runOnce();
    expect(Date.now() - started).toBeLessThan(5_000);
    const { db } = await getServices();
    const [log] = await listDeliveryLog(db, { userId: owner.id, endpointId: endpoint.id });
    expect(log).toMatchObject({ status: "pending", attempts: 1 });
    expect(log!.log[0]).toMatchObject({ attempt: 1, statusCode: null, error: "Timed out after 0.3 s" });
    expect(log!.log[0]!.latencyMs).toBeGreaterThanOrEqual(250);
  });

  it("reads at most the response cap and keeps a short excerpt", async () => {
    receiver.behave((_request, response) => {
      response.writeHead(200, { "content-type": "text/plain" });
      response.end("x".repeat(2_000_000));
    });
    const { owner, campaign, endpoint } = await proOwnerWithEndpoint("/huge");
    await visitorSubmits(campaign.id, { name: "Big Bo", email: "bo@example.com" });
    await (await worker({ maxResponseBytes: 10_000 })).runOnce();
    const { db } = await getServices();
    const [log] = await listDeliveryLog(db, { userId: owner.id, endpointId: endpoint.id });
    expect(log).toMatchObject({ status: "succeeded" });
    expect(log!.log[0]!.responseExcerpt).toBe("x".repeat(500));
  });

  it("pauses an endpoint after repeated failures, emails the owner once, and delivers the held events on resume", async () => {
    receiver.behave(answer(503, "maintenance"));
    const { owner, campaign, endpoint } = await proOwnerWithEndpoint("/down");
    for (const name of ["One", "Two", "Three", "Four"]) await visitorSubmits(campaign.id, { name, email: `${name.toLowerCase()}@example.com` });
    const run = await worker({ pauseAfterFailures: 3, batchSize: 1 });
    for (let i = 0; i < 6; i++) await run.runOnce();

    const { db } = await getServices();
    const [paused] = await db.select().from(schema.webhookEndpoint).where(eq(schema.webhookEndpoint.id, endpoint.id));
    expect(paused).toMatchObject({ status: "paused", consecutiveFailures: 3 });
    expect(paused!.pausedReason).toContain("3 failed attempts");
    expect(hooksAt("/down")).toHaveLength(3);
    const mails = await db
      .select()
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.to, owner.email), eq(schema.emailOutbox.kind, "webhook_paused")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(receiver.url("/down"));

    receiver.behave(answer(200));
    expect(await resumeWebhookEndpoint(db, { userId: owner.id, endpointId: endpoint.id })).toBe(true);
    await makeDue(endpoint.id);
    const resumed = await worker();
    while ((await resumed.runOnce()) > 0);
    expect((await deliveriesOf(endpoint.id)).map((row) => row.status)).toEqual(["succeeded", "succeeded", "succeeded", "succeeded"]);
  });

  it("sends test events and resends a delivery as a new one", async () => {
    receiver.behave(answer(200));
    const { owner, endpoint } = await proOwnerWithEndpoint("/manual");
    const { db } = await getServices();
    expect(await sendTestEvent(db, { userId: owner.id, endpointId: endpoint.id })).toMatch(/^evt_/);
    const run = await worker();
    await run.runOnce();
    const [test] = hooksAt("/manual");
    expect(JSON.parse(test!.body)).toMatchObject({ type: "webhook.test", data: { endpoint_id: endpoint.id } });
    const [first] = await deliveriesOf(endpoint.id);
    // Another owner cannot resend it.
    const stranger = await createUser({ isPro: true });
    expect(await resendDelivery(db, { userId: stranger.id, deliveryId: first!.id })).toBeNull();
    expect(await resendDelivery(db, { userId: owner.id, deliveryId: first!.id })).toBeTruthy();
    await run.runOnce();
    const manual = hooksAt("/manual");
    expect(manual).toHaveLength(2);
    expect(JSON.parse(manual[1]!.body).id).toBe(JSON.parse(manual[0]!.body).id);
    expect(await listDeliveryLog(db, { userId: owner.id, endpointId: endpoint.id })).toHaveLength(2);
  });

  it("sends campaign.updated when the owner pauses a campaign, only to subscribed endpoints", async () => {
    receiver.behave(answer(200));
    const { owner, campaign, endpoint } = await proOwnerWithEndpoint("/campaigns", ["campaign.updated"]);
    const { db } = await getServices();
    const leadsOnly = await createWebhookEndpoint(db, { userId: owner.id, url: receiver.url("/leads-only"), events: ["lead.created"] });
    expect(await toggleCampaignStatus(db, { userId: owner.id, campaignId: campaign.id })).toBe("paused");
    await (await worker()).runOnce();
    const [hook] = hooksAt("/campaigns");
    expect(JSON.parse(hook!.body)).toMatchObject({
      type: "campaign.updated",
      data: { campaign: { id: campaign.id, status: "paused", object: "campaign" } },
    });
    expect(await deliveriesOf(leadsOnly.id)).toEqual([]);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
  });

  it("queues nothing for an owner who is not Pro", async () => {
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    const { db } = await getServices();
    const [endpoint] = await db
      .insert(schema.webhookEndpoint)
      .values({ userId: owner.id, url: receiver.url("/free"), events: ["lead.created"], secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" })
      .returning();
    expect(await visitorSubmits(campaign.id, { name: "Free Fay", email: "fay@example.com" })).toMatchObject({ ok: true });
    expect(await deliveriesOf(endpoint!.id)).toEqual([]);
  });

  it("a tenant's hanging endpoint never delays another tenant's lead.created (decision 303)", async () => {
    // "/hang" never answers; everything else answers at once.
    receiver.behave((request, response) => {
      if (request.url !== "/hang") response.writeHead(200).end("ok");
    });
    const slow = await proOwnerWithEndpoint("/hang");
    for (let i = 0; i < 5; i++) await visitorSubmits(slow.campaign.id, { name: `Slow ${i}`, email: `slow${i}@example.com` });
    const fast = await proOwnerWithEndpoint("/quick");
    await visitorSubmits(fast.campaign.id, { name: "Quick Quinn", email: "quinn@example.com" });
    const running = await worker({ timeoutMs: 5_000, pollMs: 50 });
    const started = Date.now();
    running.start();
    try {
      await vi.waitFor(() => expect(hooksAt("/quick")).toHaveLength(1), { timeout: 4_000, interval: 50 });
      expect(Date.now() - started).toBeLessThan(4_000);
      // The hanging endpoint holds one delivery at a time, never its whole backlog.
      const sending = (await deliveriesOf(slow.endpoint.id)).filter((row) => row.status === "sending");
      expect(sending).toHaveLength(1);
    } finally {
      await running.stop();
    }
  });

  it("limits an owner's test events and resends", async () => {
    const { owner, endpoint } = await proOwnerWithEndpoint("/limited");
    const { db } = await getServices();
    const scope = { userId: owner.id, endpointId: endpoint.id };
    for (let i = 0; i < RATE_LIMITS.webhookManualSendByUser.points; i++) await sendTestEvent(db, scope);
    await expect(sendTestEvent(db, scope)).rejects.toMatchObject({ code: "rate_limited" });
    const [delivery] = await deliveriesOf(endpoint.id);
    await expect(resendDelivery(db, { userId: owner.id, deliveryId: delivery!.id })).rejects.toMatchObject({ code: "rate_limited" });
    expect(await deliveriesOf(endpoint.id)).toHaveLength(RATE_LIMITS.webhookManualSendByUser.points);
  });

  it("an endpoint deleted while its delivery is in flight is the owner's doing: logged at info, not as an error", async () => {
    const { owner, campaign, endpoint } = await proOwnerWithEndpoint("/deleted-mid-flight");
    const { db } = await getServices();
    // The receiver answers only once the owner has deleted the endpoint (and its deliveries with it).
    receiver.behave((request, response) => {
      if (request.url !== "/deleted-mid-flight") return void response.writeHead(200).end("ok");
      void deleteWebhookEndpoint(db, { userId: owner.id, endpointId: endpoint.id }).then(() => response.writeHead(200).end("ok"));
    });
    const logged: Array<{ level: string; message: string }> = [];
    const logger = Object.fromEntries(
      (["info", "warn", "error"] as const).map((level) => [level, (_fields: unknown, message: string) => void logged.push({ level, message })]),
    ) as unknown as WebhookWorkerOptions["logger"];

    await visitorSubmits(campaign.id, { name: "Gone Gus", email: "gus@example.com" });
    const running = await worker({ logger, pollMs: 20 });
    running.start();
    try {
      await vi.waitFor(() => expect(logged.map((entry) => entry.message)).toContain("webhook endpoint deleted while its delivery was in flight"), {
        timeout: 5_000,
        interval: 20,
      });
    } finally {
      await running.stop();
    }
    expect(logged.filter((entry) => entry.level === "error")).toEqual([]);
    expect(logged.find((entry) => entry.message.startsWith("webhook endpoint deleted"))?.level).toBe("info");
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
    expect(await db.select().from(schema.webhookAttempt).where(eq(schema.webhookAttempt.endpointId, endpoint.id))).toEqual([]);

    // The same through one pass: the worker's outcome for that delivery is "gone" (others' deliveries may be due too).
    const again = await proOwnerWithEndpoint("/deleted-mid-flight");
    await visitorSubmits(again.campaign.id, { name: "Gone Gia", email: "gia@example.com" });
    receiver.behave((request, response) => {
      if (request.url !== "/deleted-mid-flight") return void response.writeHead(200).end("ok");
      void deleteWebhookEndpoint(db, { userId: again.owner.id, endpointId: again.endpoint.id }).then(() => response.writeHead(200).end("ok"));
    });
    expect(await (await worker({ logger })).runOnceWithOutcomes()).toContain("gone");
    expect(await deliveriesOf(again.endpoint.id)).toEqual([]);
    receiver.behave(answer(200));
  });

  it("two workers never send the same delivery twice", async () => {
    receiver.behave(answer(200));
    const { campaign, endpoint } = await proOwnerWithEndpoint("/parallel");
    for (let i = 0; i < 6; i++) await visitorSubmits(campaign.id, { name: `P${i}`, email: `p${i}@example.com` });
    const [a, b] = [await worker({ batchSize: 2 }), await worker({ batchSize: 2 })];
    // One delivery of an endpoint in flight at a time (decision 303): a round sends one, or two when both claim at once.
    for (let i = 0; i < 12; i++) await Promise.all([a.runOnce(), b.runOnce()]);
    const ids = hooksAt("/parallel").map((hook) => JSON.parse(hook.body).id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect((await deliveriesOf(endpoint.id)).every((row) => row.status === "succeeded" && row.attempts === 1)).toBe(true);
  });
});

describe("the retry schedule", () => {
  it("backs off exponentially and keeps retrying for more than 24 hours", () => {
    expect(webhookBackoffMs(1)).toBe(60_000);
    expect(webhookBackoffMs(2)).toBe(120_000);
    expect(webhookBackoffMs(3)).toBe(240_000);
    let total = 0;
    for (let attempt = 1; attempt < WEBHOOK_MAX_ATTEMPTS; attempt++) total += webhookBackoffMs(attempt);
    expect(total).toBeGreaterThanOrEqual(24 * 60 * 60_000);
  });
});
