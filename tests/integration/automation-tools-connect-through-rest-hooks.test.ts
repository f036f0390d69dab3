// What Zapier and Make need of the API (issue 51, "A door for every other tool"): every trigger
// subscribable and fired by the real flow, sample payloads of exactly the delivered shape, 410
// Gone unsubscribing a hook, a connection test (/me) and the polling order of the lead list.
process.env.WEBHOOKS_ALLOW_PRIVATE = "true";

import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_GONE_REASON } from "~/features/integrations/events";
import { createApiKey } from "~/features/integrations/api-keys.server";
import { createWebhookWorker } from "~/features/integrations/webhook-worker.server";
import * as capture from "~/routes/capture";
import * as consentConfirm from "~/routes/consent.confirm";
import * as redeem from "~/routes/redeem";
import * as integrationsPage from "~/routes/settings.integrations";
import * as webhookPage from "~/routes/settings.integrations.webhook";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createLeadRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { api } from "../support/api-support";
import { answer, startReceiver, type Behaviour } from "../support/webhook-support";
import { phoneUserAgent } from "../support/row-factories";

let address = 0;

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const hooksAt = (path: string) => receiver.received.filter((hook) => hook.path === path);

async function proOwnerWithKey(businessName?: string) {
  const owner = await createUser({ isPro: true });
  const { db } = await getServices();
  const { key } = await createApiKey(db, { userId: owner.id, name: "Zapier" });
  if (businessName) await db.insert(schema.businessProfile).values({ userId: owner.id, name: businessName });
  return { owner, key };
}

async function subscribe(key: string, event: string, path: string) {
  const answered = await api("POST", "/hooks", { key, body: { target_url: receiver.url(path), event } });
  expect(answered.status, event).toBe(201);
  return answered.body as { id: string; secret: string };
}

/** Sends every due delivery, as the server's worker would, until none is left. */
async function deliverAll() {
  const { db } = await getServices();
  const worker = createWebhookWorker({ db, allowPrivate: true });
  while ((await worker.runOnce()) > 0);
}

/** A visitor loads the page and claims, ticking marketing consent; returns the claimed code. */
async function visitorClaims(campaignId: string, visitor: { name: string; email: string }) {
  const clientIp = `198.18.7.${++address}`;
  const headers = { "user-agent": phoneUserAgent(), "x-leadqr-client-ip": clientIp };
  const load = await callRoute(capture.loader, makeRequest(`/capture/${campaignId}`, { headers }), { campaignId });
  const request = makeRequest(`/capture/${campaignId}`, { form: { ...visitor, marketingConsent: "yes", scanToken: load.data.scanToken }, headers });
  const result = await callRoute(capture.action, request, { campaignId });
  expect(result.data).toMatchObject({ ok: true });
  return (result.data as { claim?: { code: string } }).claim?.code;
}

/** The visitor opens the confirmation email's link and presses Confirm. */
async function visitorConfirms(email: string) {
  const { db } = await getServices();
  const [mail] = await db
    .select({ text: schema.emailOutbox.text })
    .from(schema.emailOutbox)
    .where(sql`${schema.emailOutbox.kind} = 'consent_confirmation' and ${schema.emailOutbox.to} = ${email}`);
  const token = /\/consent\/confirm\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
  const pressed = await callRoute(consentConfirm.action, makeRequest(`/consent/confirm/${token}`, { form: {} }), { token });
  expect(pressed.data).toEqual({ confirmed: true });
}

/** Staff press Redeem at the counter, signed in as the owner. */
async function redeemAtCounter(code: string, cookie: string) {
  const pressed = await callRoute(redeem.action, makeRequest(`/redeem?code=${code}`, { cookie, form: { intent: "redeem", code } }));
  expect(pressed.status).toBe(200);
}

/** The JSON shape of a value: object keys and value types, where null stands for any value. */
function expectSameShape(actual: unknown, expected: unknown, path = "payload") {
  if (actual === null || expected === null) return;
  if (Array.isArray(expected)) {
    expect(Array.isArray(actual), path).toBe(true);
    return;
  }
  if (typeof expected === "object") {
    expect(typeof actual, path).toBe("object");
    const actualObject = actual as Record<string, unknown>;
    const expectedObject = expected as Record<string, unknown>;
    expect(Object.keys(actualObject).sort(), path).toEqual(Object.keys(expectedObject).sort());
    for (const key of Object.keys(expectedObject)) expectSameShape(actualObject[key], expectedObject[key], `${path}.${key}`);
    return;
  }
  expect(typeof actual, path).toBe(typeof expected);
}

describe("triggers", () => {
  it("every event can be subscribed, fires from the real flow, arrives signed, and has its sample's exact shape", async () => {
    const { owner, key } = await proOwnerWithKey("Bean There Café");
    const campaign = await createCampaignRow(owner.id, { title: "Pastry Week" });
    const { db } = await getServices();
    await db.update(schema.campaign).set({ consentMode: "double_opt_in" }).where(eq(schema.campaign.id, campaign.id));
    const hooks = new Map<string, { id: string; secret: string }>();
    for (const event of WEBHOOK_EVENT_TYPES) hooks.set(event, await subscribe(key, event, `/drift/${event}`));

    const code = await visitorClaims(campaign.id, { name: "Maria Rossi", email: "maria@example.com" });
    await visitorConfirms("maria@example.com");
    await redeemAtCounter(code!, owner.cookie);
    expect((await api("PATCH", `/campaigns/${campaign.id}`, { key, body: { status: "paused" } })).status).toBe(200);
    await deliverAll();

    const [lead] = await db.select({ id: schema.lead.id }).from(schema.lead).where(eq(schema.lead.campaignId, campaign.id));
    for (const event of WEBHOOK_EVENT_TYPES) {
      const delivered = hooksAt(`/drift/${event}`);
      expect(
        delivered.map((hook) => JSON.parse(hook.body).type),
        event,
      ).toEqual([event]);
      const payload = new Webhook(hooks.get(event)!.secret).verify(delivered[0]!.body, delivered[0]!.headers as Record<string, string>);
      const sample = await api("GET", `/hooks/sample/${event}`, { key });
      expect(sample.status).toBe(200);
      expect(sample.body.type).toBe(event);
      expectSameShape(payload, sample.body, event);
      if (event !== "campaign.updated") expect((payload as { data: { lead: { id: string } } }).data.lead.id).toBe(lead!.id);
    }
    const confirmed = JSON.parse(hooksAt("/drift/lead.confirmed")[0]!.body);
    expect(confirmed.data).toMatchObject({ lead: { email: "maria@example.com", name: "Maria Rossi" }, consent: { status: "confirmed" } });
    expect(Date.parse(confirmed.data.consent.confirmed_at)).not.toBeNaN();
    const redeemed = JSON.parse(hooksAt("/drift/offer.redeemed")[0]!.body);
    expect(redeemed.data).toMatchObject({ offer: { code }, campaign: { id: campaign.id, title: "Pastry Week" } });
  });

  it("a sample is refused for an event that does not exist, naming the ones that do", async () => {
    const { key } = await proOwnerWithKey();
    const unknown = await api("GET", "/hooks/sample/lead.exploded", { key });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toBe("application/problem+json");
    expect(unknown.body.detail).toBe(`There is no event \`lead.exploded\`. Events: ${WEBHOOK_EVENT_TYPES.join(", ")}.`);
    const refused = await api("POST", "/hooks", { key, body: { target_url: receiver.url("/never"), event: "lead.exploded" } });
    expect(refused.status).toBe(422);
  });
});

describe("410 Gone", () => {
  it("unsubscribes the hook: what it still waited for ends, nothing more is queued or sent, and the owner reads why", async () => {
    const gone: Behaviour = (request, response) => answer(request.url === "/gone" ? 410 : 200, "gone")(request, response);
    receiver.behave(gone);
    const { owner, key } = await proOwnerWithKey();
    const campaign = await createCampaignRow(owner.id, { title: "Gone Week" });
    const hook = await subscribe(key, "lead.created", "/gone");
    const kept = await subscribe(key, "lead.created", "/kept");
    await visitorClaims(campaign.id, { name: "First Lead", email: "first@example.com" });
    await visitorClaims(campaign.id, { name: "Second Lead", email: "second@example.com" });
    await deliverAll();

    // The first delivery was answered 410; the second was never sent.
    expect(hooksAt("/gone")).toHaveLength(1);
    expect(hooksAt("/kept")).toHaveLength(2);
    const { db } = await getServices();
    const [endpoint] = await db.select().from(schema.webhookEndpoint).where(eq(schema.webhookEndpoint.id, hook.id));
    expect(endpoint).toMatchObject({ status: "unsubscribed", pausedReason: WEBHOOK_GONE_REASON });
    const deliveries = await db.select().from(schema.webhookDelivery).where(eq(schema.webhookDelivery.endpointId, hook.id));
    expect(deliveries.map((delivery) => delivery.status).sort()).toEqual(["failed", "failed"]);

    await visitorClaims(campaign.id, { name: "Third Lead", email: "third@example.com" });
    await deliverAll();
    expect(hooksAt("/gone")).toHaveLength(1);
    expect(hooksAt("/kept")).toHaveLength(3);
    expect(await db.select().from(schema.webhookDelivery).where(eq(schema.webhookDelivery.endpointId, hook.id))).toHaveLength(2);

    // The owner's screens say what happened and why.
    const list = await callRoute(integrationsPage.loader, makeRequest("/settings/integrations", { cookie: owner.cookie }));
    expect(list.data.endpoints.find((row: { id: string }) => row.id === hook.id)).toMatchObject({
      status: "unsubscribed",
      pausedReason: WEBHOOK_GONE_REASON,
    });
    const log = await callRoute(webhookPage.loader, makeRequest(`/settings/integrations/webhooks/${hook.id}`, { cookie: owner.cookie }), {
      endpointId: hook.id,
    });
    expect(log.data.endpoint).toMatchObject({ status: "unsubscribed", pausedReason: WEBHOOK_GONE_REASON });
    const answered = log.data.deliveries.flatMap((delivery: { attempts: Array<{ statusCode: number; error: string }> }) => delivery.attempts);
    expect(answered).toEqual([expect.objectContaining({ statusCode: 410, error: "Receiver answered 410 Gone: unsubscribed" })]);

    // The tool may still DELETE it; the other hook goes on.
    expect((await api("DELETE", `/hooks/${hook.id}`, { key })).status).toBe(204);
    expect((await api("DELETE", `/hooks/${kept.id}`, { key })).status).toBe(204);
    receiver.behave(answer(200, "ok"));
  });
});

describe("connection test", () => {
  it("GET /me names the key's account, business and plan; a bad key is refused as everywhere", async () => {
    const { owner, key } = await proOwnerWithKey("Bean There Café");
    const me = await api("GET", "/me", { key });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      object: "account",
      id: owner.id,
      email: owner.email,
      business_name: "Bean There Café",
      plan: { name: "Pro", is_pro: true },
    });

    const unnamed = await proOwnerWithKey();
    expect((await api("GET", "/me", { key: unnamed.key })).body).toMatchObject({ business_name: null });

    for (const bad of [undefined, "lqr_not-a-real-key"]) {
      const refused = await api("GET", "/me", { key: bad });
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toContain("Bearer");
    }
    const free = await createUser();
    const { db } = await getServices();
    const freeKey = await createApiKey(db, { userId: free.id, name: "Free" });
    expect((await api("GET", "/me", { key: freeKey.key })).body).toMatchObject({ status: 403, title: "Pro plan required" });
  });
});

describe("polling fallback", () => {
  it("lists leads newest first with sort=-created_at and a limit, and refuses any other order", async () => {
    const { owner, key } = await proOwnerWithKey();
    const campaign = await createCampaignRow(owner.id, { title: "Polling" });
    const base = Date.parse("2026-04-01T09:00:00Z");
    const ids: string[] = [];
    for (let i = 0; i < 4; i++)
      ids.push((await createLeadRow(campaign.id, { name: `Poll ${i}`, email: `poll${i}@example.com`, collectedAt: new Date(base + i * 60_000) })).id);

    for (const sort of ["-created_at", "-collected_at"]) {
      const page = await api("GET", `/leads?sort=${sort}&limit=3`, { key });
      expect(page.status).toBe(200);
      expect(page.body.data.map((row: { id: string }) => row.id)).toEqual([ids[3], ids[2], ids[1]]);
    }
    for (const sort of ["created_at", "name", ""]) {
      const refused = await api("GET", `/leads?sort=${sort}`, { key });
      expect(refused.status, sort).toBe(400);
      expect(refused.body.errors).toEqual([{ path: "sort", message: "Leads are listed newest first: use sort=-created_at" }]);
    }
  });
});
