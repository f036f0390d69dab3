// Issue 25 finding 2: erasing a lead removes every copy of the person, not only the lead row —
// webhook event payloads, receivers' echoed answers, emails without a lead column — whichever path
// deletes the lead; an erased lead's event is never sent again. The check reads every column of
// every table in the database as text, so a table added later that keeps a copy fails it too.
process.env.WEBHOOKS_ALLOW_PRIVATE = "true";

import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { deleteCampaign } from "~/features/campaigns/campaigns.server";
import { withdrawConsent } from "~/features/consent/consent.server";
import { runRetentionJob } from "~/features/consent/retention.server";
import { createApiKey } from "~/features/integrations/api-keys.server";
import { createWebhookWorker } from "~/features/integrations/webhook-worker.server";
import { createWebhookEndpoint, LEAD_ERASED_MESSAGE, pauseWebhookEndpoint, resumeWebhookEndpoint } from "~/features/integrations/webhooks.server";
import { redeemOfferCode } from "~/features/redeem/counter.server";
import * as capture from "~/routes/capture";
import * as leadDetail from "~/routes/lead-detail";
import * as webhookPage from "~/routes/settings.integrations.webhook";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { api } from "../support/api-support";
import { startReceiver } from "../support/webhook-support";
import { phoneUserAgent } from "../support/row-factories";

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
  // A receiver that echoes the body it got, as many request bins do: its answer holds the lead.
  receiver.behave((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end(receiver.received.at(-1)!.body));
});
afterAll(() => receiver.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
let people = 0;

/** A person distinct enough that any cell holding their name, email or phone is a copy of them. */
function person() {
  people += 1;
  return { name: `Quirina Erasewell${people}`, email: `quirina.erasewell${people}@example.net`, phone: `+44 20 7946 09${10 + people}` };
}

let addresses = 0;

/** A scan and a submit from a phone of its own (its own address, so its own scan). */
async function visitorSubmits(campaignId: string, fields: Record<string, string>) {
  const headers = { "user-agent": phoneUserAgent(), "x-leadqr-client-ip": `198.18.7.${++addresses}` };
  const page = await callRoute(capture.loader, makeRequest(`/capture/${campaignId}`, { method: "GET", headers }), { campaignId });
  const form = { ...fields, scanToken: page.data.scanToken as string };
  return (await callRoute(capture.action, makeRequest(`/capture/${campaignId}`, { form, headers }), { campaignId })).data;
}

/** Every table (any schema but the catalogs) with a row whose text holds one of the needles, with the columns that do. */
async function cellsHolding(needles: string[]) {
  const { db } = await getServices();
  const tables = rowsOf<{ schema: string; name: string }>(
    await db.execute(sql`
      select table_schema as schema, table_name as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`),
  );
  const patterns = sql.join(
    needles.map((needle) => sql`${`%${needle.toLowerCase()}%`}`),
    sql`, `,
  );
  const found: string[] = [];
  for (const table of tables) {
    const name = sql.raw(`"${table.schema}"."${table.name}"`);
    // A whole row cast to text holds every column, jsonb and arrays included.
    const [hit] = rowsOf(await db.execute(sql`select 1 from ${name} r where lower(r::text) like any (array[${patterns}]) limit 1`));
    if (!hit) continue;
    const columns = rowsOf<{ column: string }>(
      await db.execute(sql`
        select column_name as column from information_schema.columns
         where table_schema = ${table.schema} and table_name = ${table.name} order by ordinal_position`),
    );
    for (const { column } of columns) {
      const [cell] = rowsOf(
        await db.execute(sql`select 1 from ${name} where lower(${sql.raw(`"${column}"`)}::text) like any (array[${patterns}]) limit 1`),
      );
      if (cell) found.push(`${table.name}.${column}`);
    }
  }
  return found.sort();
}

/**
 * A Pro owner's double opt-in campaign with two webhook endpoints (one paused, so its deliveries
 * wait), and one visitor who claims, is redeemed, withdraws, and whose address is typed again on
 * another scan (the code is mailed, decision 224): two leads, every kind of copy.
 */
async function personWithEveryCopy() {
  const { db } = await getServices();
  const owner = await createUser({ isPro: true });
  const campaign = await createCampaignRow(owner.id, { title: "Erasure Espresso" });
  await db.update(schema.campaign).set({ consentMode: "double_opt_in" }).where(eq(schema.campaign.id, campaign.id));
  await db.insert(schema.businessProfile).values({ userId: owner.id, name: "Bean There Café" });
  await db.insert(schema.businessIdentity).values({ userId: owner.id, postalAddress: "1 Main Street\nSpringfield" });
  const events = ["lead.created", "lead.redeemed", "lead.consent_changed"] as const;
  const delivered = await createWebhookEndpoint(db, { userId: owner.id, url: receiver.url(`/crm-${owner.id}`), events: [...events] });
  const held = await createWebhookEndpoint(db, { userId: owner.id, url: receiver.url(`/held-${owner.id}`), events: [...events] });
  await pauseWebhookEndpoint(db, { userId: owner.id, endpointId: held.id });

  const visitor = person();
  expect(await visitorSubmits(campaign.id, { ...visitor, marketingConsent: "yes" })).toMatchObject({ ok: true });
  const [first] = await db.select().from(schema.lead).where(eq(schema.lead.campaignId, campaign.id));
  const [confirmation] = await db
    .select()
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.leadId, first!.id), eq(schema.emailOutbox.kind, "consent_confirmation")));
  const withdrawToken = /\/consent\/withdraw\/([A-Za-z0-9_-]{43})/.exec(confirmation!.text)![1]!;
  expect(await withdrawConsent(db, { token: withdrawToken })).toBe(true);
  const [code] = await db.select().from(schema.offerCode).where(eq(schema.offerCode.leadId, first!.id));
  const actor = { userId: owner.id, campaignId: null, staffAccessId: null, label: "Owner" };
  expect((await redeemOfferCode(db, { actor, code: code!.code })).outcome).toBe("redeemed");
  // A day later the address is typed on another scan: no second lead (decision 344), the code by email.
  await db
    .update(schema.emailOutbox)
    .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
    .where(eq(schema.emailOutbox.leadId, first!.id));
  expect(await visitorSubmits(campaign.id, visitor)).toMatchObject({
    ok: true,
    alreadyClaimed: true,
    codeByEmail: "sent",
  });
  expect(
    await db
      .select()
      .from(schema.emailOutbox)
      .where(sql`${schema.emailOutbox.kind} = 'offer_code' and ${schema.emailOutbox.to} = ${visitor.email}`),
  ).toHaveLength(1);

  await createWebhookWorker({ db, allowPrivate: true }).runOnce();
  const leads = await db.select({ id: schema.lead.id }).from(schema.lead).where(eq(schema.lead.campaignId, campaign.id));
  return { owner, campaign, visitor, leadIds: leads.map((row) => row.id), delivered, held };
}

type Scenario = Awaited<ReturnType<typeof personWithEveryCopy>>;

const erasurePaths: Array<[string, (scenario: Scenario) => Promise<void>]> = [
  [
    "the owner's erase on the lead's page",
    async ({ owner, leadIds }) => {
      for (const leadId of leadIds) {
        const form = { intent: "erase", confirm: "erase" };
        const answer = (await callRoute(leadDetail.action, makeRequest(`/leads/${leadId}`, { cookie: owner.cookie, form }), { leadId })).response!;
        expect(answer.headers.get("location")).toBe("/leads?erased=1");
      }
    },
  ],
  [
    "DELETE /api/v1/leads/{id}",
    async ({ owner, leadIds }) => {
      const { key } = await createApiKey((await getServices()).db, { userId: owner.id, name: "CRM" });
      for (const leadId of leadIds) expect((await api("DELETE", `/leads/${leadId}`, { key })).status).toBe(204);
    },
  ],
  [
    "the retention job",
    async ({ owner, campaign }) => {
      const { db } = await getServices();
      await db.update(schema.businessIdentity).set({ leadRetentionMonths: 1 }).where(eq(schema.businessIdentity.userId, owner.id));
      await db
        .update(schema.lead)
        .set({ collectedAt: new Date(Date.now() - 62 * 86_400_000) })
        .where(eq(schema.lead.campaignId, campaign.id));
      expect(await runRetentionJob(db, { force: true })).toMatchObject({ leads: expect.any(Number) });
    },
  ],
  [
    "deleting the campaign",
    async ({ owner, campaign }) => {
      expect(await deleteCampaign((await getServices()).db, { userId: owner.id, campaignId: campaign.id })).toBe(true);
    },
  ],
];

describe("erasing a lead removes every copy of the person", () => {
  it("finds the copies before erasure: the check can see every place they were", async () => {
    const { visitor } = await personWithEveryCopy();
    const before = await cellsHolding([visitor.email, visitor.name, visitor.phone]);
    // The owner's new-lead email holds no copy in its body until it is sent (decision 422).
    expect(before).toEqual(
      expect.arrayContaining([
        "email_outbox.to",
        "lead.email",
        "lead.name",
        "lead.search_text",
        "webhook_attempt.response_excerpt",
        "webhook_event.payload",
      ]),
    );
  });

  it.each(erasurePaths)("after %s no table holds the name, email or phone", async (_path, erase) => {
    const scenario = await personWithEveryCopy();
    await erase(scenario);
    expect(await cellsHolding([scenario.visitor.email, scenario.visitor.name, scenario.visitor.phone])).toEqual([]);

    const { db } = await getServices();
    const events = await db.select().from(schema.webhookEvent).where(eq(schema.webhookEvent.userId, scenario.owner.id));
    // Events keep that they happened (the delivery log), with the lead's id alone.
    expect(events.map((event) => event.type).sort()).toEqual(["lead.consent_changed", "lead.created", "lead.redeemed"]);
    for (const event of events) {
      expect(event.redactedAt).toBeInstanceOf(Date);
      expect((event.payload as { data: unknown }).data).toEqual({ lead: { id: expect.any(String), object: "lead", erased: true } });
    }
  });

  it("refuses to resend an erased lead's event, says why, and never sends its waiting deliveries", async () => {
    const scenario = await personWithEveryCopy();
    const { db } = await getServices();
    await erasurePaths[0]![1](scenario);
    const { owner, delivered, held } = scenario;
    const path = `/settings/integrations/webhooks/${delivered.id}`;

    const page = (await callRoute(webhookPage.loader, makeRequest(path, { cookie: owner.cookie }), { endpointId: delivered.id })).data;
    expect(page.deliveries).toHaveLength(3);
    expect(page.deliveries.every((delivery: { leadErased: boolean }) => delivery.leadErased)).toBe(true);

    const form = { intent: "resend", deliveryId: page.deliveries[0].id };
    const refused = await callRoute(webhookPage.action, makeRequest(path, { cookie: owner.cookie, form }), { endpointId: delivered.id });
    expect(refused.status).toBe(409);
    expect(refused.data).toEqual({ error: LEAD_ERASED_MESSAGE });
    expect(await db.select().from(schema.webhookDelivery).where(eq(schema.webhookDelivery.endpointId, delivered.id))).toHaveLength(3);

    // The paused endpoint's deliveries were waiting: they stopped, and resuming sends nothing.
    const waiting = await db.select().from(schema.webhookDelivery).where(eq(schema.webhookDelivery.endpointId, held.id));
    expect(waiting.map((delivery) => delivery.status)).toEqual(["failed", "failed", "failed"]);
    await resumeWebhookEndpoint(db, { userId: owner.id, endpointId: held.id });
    const sentBefore = receiver.received.length;
    await createWebhookWorker({ db, allowPrivate: true }).runOnce();
    expect(receiver.received.filter((hook) => hook.path === `/held-${owner.id}`)).toHaveLength(0);
    expect(receiver.received.length).toBe(sentBefore);
  });

  it("a delivery in flight when its lead is erased keeps no echoed answer and is not retried", async () => {
    const { db } = await getServices();
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id, { title: "In flight" });
    const endpoint = await createWebhookEndpoint(db, { userId: owner.id, url: receiver.url(`/flight-${owner.id}`), events: ["lead.created"] });
    const visitor = person();
    await visitorSubmits(campaign.id, visitor);
    const [lead] = await db.select().from(schema.lead).where(eq(schema.lead.campaignId, campaign.id));
    // The receiver answers with the body and a 500 after the owner erased the lead mid-request.
    receiver.behave((_request, response) => {
      const echoed = receiver.received.at(-1)!.body;
      void callRoute(leadDetail.action, makeRequest(`/leads/${lead!.id}`, { cookie: owner.cookie, form: { intent: "erase", confirm: "erase" } }), {
        leadId: lead!.id,
      }).then(() => response.writeHead(500).end(echoed));
    });
    try {
      await createWebhookWorker({ db, allowPrivate: true }).runOnce();
    } finally {
      receiver.behave((_request, response) => response.writeHead(200).end(receiver.received.at(-1)!.body));
    }
    const [delivery] = await db.select().from(schema.webhookDelivery).where(eq(schema.webhookDelivery.endpointId, endpoint.id));
    expect(delivery).toMatchObject({ status: "failed", lastStatusCode: 500 });
    expect(await cellsHolding([visitor.email, visitor.name])).toEqual([]);
  });
});
