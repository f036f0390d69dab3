// Owner-scoped webhook endpoints, the event outbox and the delivery log.
// Rules: docs/features/visitor-languages.md ("One language per page").
import crypto from "node:crypto";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import { campaign, lead, webhookAttempt, webhookDelivery, webhookEndpoint, webhookEvent } from "~/db/schema";
import { getPlanOfUser } from "~/features/billing/plan.server";
import { refused, words, wordsIn } from "~/features/languages/owner/refusals";
import { getEnv } from "~/utils/env.server";
import { assertSafeDestination } from "./address-guard.server";
import { TEST_EVENT_TYPE, type WebhookEventType } from "./events";
import { webhookEnvelope, webhookEventData, type LeadChange } from "./payloads.server";
import type { LeadRedemption } from "./resources.server";

/** What a transaction needs to queue an event: any Drizzle database or transaction. */
type Executor = Pick<Database, "select" | "insert" | "update" | "execute">;

export const MAX_ENDPOINTS_PER_USER = 20;

export function newWebhookSecret() {
  return `whsec_${crypto.randomBytes(32).toString("base64")}`;
}

export function newEventId() {
  return `evt_${crypto.randomUUID().replaceAll("-", "")}`;
}

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * Queues one event for every endpoint of `userId` subscribed to `type`, inside the caller's
 * transaction, so the event exists exactly when the change it describes does. Endpoints of
 * owners who are not Pro receive nothing. Returns the event id, or null when nobody listens.
 */
export async function enqueueWebhookEvent(
  tx: Executor,
  event: { userId: string; type: WebhookEventType; data: Record<string, unknown> },
): Promise<string | null> {
  const endpoints = await tx
    .select({ id: webhookEndpoint.id })
    .from(webhookEndpoint)
    .where(
      and(
        eq(webhookEndpoint.userId, event.userId),
        sql`${event.type} = any(${webhookEndpoint.events})`,
        // A paused endpoint holds its events until resumed; one its receiver unsubscribed gets none.
        ne(webhookEndpoint.status, "unsubscribed"),
      ),
    );
  if (endpoints.length === 0) return null;
  const plan = await getPlanOfUser(tx as Database, { userId: event.userId });
  if (!plan.isPro) return null;
  return insertEvent(tx, { userId: event.userId, type: event.type, data: event.data, endpointIds: endpoints.map((row) => row.id) });
}

async function insertEvent(tx: Executor, event: { userId: string; type: string; data: Record<string, unknown>; endpointIds: string[] }) {
  const id = newEventId();
  const payload = webhookEnvelope({ id, type: event.type, data: event.data, at: new Date() });
  await tx.insert(webhookEvent).values({ id, userId: event.userId, type: event.type, payload });
  await tx.insert(webhookDelivery).values(event.endpointIds.map((endpointId) => ({ eventId: id, endpointId })));
  return id;
}

/** `lead.created` for a lead just inserted in this transaction (capture calls this next to the owner's email). */
export async function enqueueLeadCreated(tx: Executor, options: { leadId: string }) {
  // Whether anyone listens comes with the lead: most owners have no endpoint, so one read, not a second query per lead.
  const [row] = await tx
    .select({
      userId: campaign.userId,
      campaignTitle: campaign.title,
      ...leadColumns,
      listening: sql<boolean>`exists (select 1 from ${webhookEndpoint} where ${webhookEndpoint.userId} = ${campaign.userId}
        and 'lead.created' = any(${webhookEndpoint.events}))`,
    })
    .from(lead)
    .innerJoin(campaign, eq(campaign.id, lead.campaignId))
    .where(eq(lead.id, options.leadId));
  if (!row?.listening) return null;
  return enqueueWebhookEvent(tx, { userId: row.userId, type: "lead.created", data: webhookEventData({ type: "lead.created", row }) });
}

/**
 * The events of a change to a lead made in this transaction (a redemption is `offer.redeemed` and
 * the older `lead.redeemed`), each queued for the endpoints subscribed to it. Returns their ids.
 */
export async function enqueueLeadChanged(tx: Executor, options: { leadId: string; changes: LeadChange[] }) {
  const [row] = await tx
    .select({ userId: campaign.userId, campaignTitle: campaign.title, ...leadColumns })
    .from(lead)
    .innerJoin(campaign, eq(campaign.id, lead.campaignId))
    .where(eq(lead.id, options.leadId));
  if (!row) return [];
  const ids: Array<string | null> = [];
  for (const change of options.changes) {
    ids.push(await enqueueWebhookEvent(tx, { userId: row.userId, type: change.type, data: webhookEventData({ ...change, row }) }));
  }
  return ids;
}

/** `campaign.updated` with the campaign as it now is. */
export async function enqueueCampaignUpdated(tx: Executor, options: { userId: string; campaignId: string }) {
  const [row] = await tx
    .select(campaignColumns)
    .from(campaign)
    .where(and(eq(campaign.id, options.campaignId), eq(campaign.userId, options.userId)));
  if (!row) return null;
  return enqueueWebhookEvent(tx, {
    userId: options.userId,
    type: "campaign.updated",
    data: webhookEventData({ type: "campaign.updated", campaign: row }),
  });
}

export const leadColumns = {
  id: lead.id,
  campaignId: lead.campaignId,
  placementId: lead.placementId,
  name: lead.name,
  email: lead.email,
  phone: lead.phone,
  collectedAt: lead.collectedAt,
  // The language of the page the visitor used: its consent wording's, one per lead.
  language: sql<string | null>`(select w.language from lead_consent c join consent_wording w on w.id = c.wording_id where c.lead_id = ${lead.id})`,
  // Its code's redemption, if any: when, by whom and where (the lead's page says the same).
  redemption: sql<LeadRedemption | null>`(select json_build_object('at', o.redeemed_at, 'by', o.redeemed_by, 'location', o.redeemed_location)
    from offer_code o where o.lead_id = ${lead.id} and o.redeemed_at is not null limit 1)`,
};

export const campaignColumns = {
  id: campaign.id,
  title: campaign.title,
  businessType: campaign.businessType,
  status: campaign.status,
  discount: campaign.discount,
  minOrder: campaign.minOrder,
  aiHeadline: campaign.aiHeadline,
  aiThankyou: campaign.aiThankyou,
  createdAt: campaign.createdAt,
  updatedAt: campaign.updatedAt,
};

// ---- endpoints -------------------------------------------------------------------------------

const endpointSummary = {
  id: webhookEndpoint.id,
  url: webhookEndpoint.url,
  description: webhookEndpoint.description,
  events: webhookEndpoint.events,
  status: webhookEndpoint.status,
  source: webhookEndpoint.source,
  consecutiveFailures: webhookEndpoint.consecutiveFailures,
  pausedReason: webhookEndpoint.pausedReason,
  createdAt: webhookEndpoint.createdAt,
};

export async function listWebhookEndpoints(db: Database, options: { userId: string }) {
  return db.select(endpointSummary).from(webhookEndpoint).where(eq(webhookEndpoint.userId, options.userId)).orderBy(desc(webhookEndpoint.createdAt));
}

export async function getWebhookEndpoint(db: Database, options: { userId: string; endpointId: string }) {
  if (!isUuid(options.endpointId)) return null;
  const [row] = await db
    .select(endpointSummary)
    .from(webhookEndpoint)
    .where(and(eq(webhookEndpoint.id, options.endpointId), eq(webhookEndpoint.userId, options.userId)));
  return row ?? null;
}

/**
 * Saves an endpoint after checking that its host resolves to public addresses only. Returns the
 * secret, which is shown to the owner this once.
 */
export async function createWebhookEndpoint(
  db: Database,
  options: { userId: string; url: string; events: WebhookEventType[]; description?: string; source?: "settings" | "rest_hook" },
) {
  await assertSafeDestination(options.url, { allowPrivate: getEnv().WEBHOOKS_ALLOW_PRIVATE });
  const secret = newWebhookSecret();
  const id = await db.transaction(async (tx) => {
    const [{ total }] = (await tx
      .select({ total: sql<number>`count(*)::int` })
      .from(webhookEndpoint)
      .where(eq(webhookEndpoint.userId, options.userId))) as [{ total: number }];
    if (total >= MAX_ENDPOINTS_PER_USER) throw refused("endpoint_limit", "integrations.endpointLimit", { max: MAX_ENDPOINTS_PER_USER });
    const [row] = await tx
      .insert(webhookEndpoint)
      .values({
        userId: options.userId,
        url: options.url,
        events: [...new Set(options.events)],
        description: options.description ?? "",
        secret,
        source: options.source ?? "settings",
      })
      .returning({ id: webhookEndpoint.id });
    return row!.id;
  });
  return { id, secret };
}

export async function deleteWebhookEndpoint(db: Database, options: { userId: string; endpointId: string }) {
  if (!isUuid(options.endpointId)) return false;
  const rows = await db
    .delete(webhookEndpoint)
    .where(and(eq(webhookEndpoint.id, options.endpointId), eq(webhookEndpoint.userId, options.userId)))
    .returning({ id: webhookEndpoint.id });
  return rows.length > 0;
}

/** A new secret for the endpoint (shown once); the old one stops verifying at once. */
export async function rotateWebhookSecret(db: Database, options: { userId: string; endpointId: string }) {
  if (!isUuid(options.endpointId)) return null;
  const secret = newWebhookSecret();
  const rows = await db
    .update(webhookEndpoint)
    .set({ secret, updatedAt: new Date() })
    .where(and(eq(webhookEndpoint.id, options.endpointId), eq(webhookEndpoint.userId, options.userId)))
    .returning({ id: webhookEndpoint.id });
  return rows.length > 0 ? secret : null;
}

export async function pauseWebhookEndpoint(db: Database, options: { userId: string; endpointId: string }) {
  if (!isUuid(options.endpointId)) return false;
  const rows = await db
    .update(webhookEndpoint)
    .set({ status: "paused", pausedReason: "Paused by you", updatedAt: new Date() })
    .where(and(eq(webhookEndpoint.id, options.endpointId), eq(webhookEndpoint.userId, options.userId)))
    .returning({ id: webhookEndpoint.id });
  return rows.length > 0;
}

/** Resumes delivery: the failure count starts again and held deliveries are due now. */
export async function resumeWebhookEndpoint(db: Database, options: { userId: string; endpointId: string }) {
  if (!isUuid(options.endpointId)) return false;
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(webhookEndpoint)
      .set({ status: "active", pausedReason: null, consecutiveFailures: 0, updatedAt: new Date() })
      .where(and(eq(webhookEndpoint.id, options.endpointId), eq(webhookEndpoint.userId, options.userId)))
      .returning({ id: webhookEndpoint.id });
    if (rows.length === 0) return false;
    await tx
      .update(webhookDelivery)
      .set({ nextAttemptAt: new Date() })
      .where(and(eq(webhookDelivery.endpointId, options.endpointId), eq(webhookDelivery.status, "pending")));
    return true;
  });
}

/** Queues a `webhook.test` event for this endpoint only. */
export async function sendTestEvent(db: Database, options: { userId: string; endpointId: string }) {
  const endpoint = await getWebhookEndpoint(db, options);
  if (!endpoint) return null;
  await consumeRateLimit("webhookManualSendByUser", options.userId);
  return db.transaction((tx) =>
    insertEvent(tx, {
      userId: options.userId,
      type: TEST_EVENT_TYPE,
      data: { message: "This is a test event from LeadQR.", endpoint_id: endpoint.id },
      endpointIds: [endpoint.id],
    }),
  );
}

export const LEAD_ERASED_MESSAGE = wordsIn(words("integrations.leadErased"));

/**
 * Sends a delivery's event again to the same endpoint, as a new delivery with its own attempts.
 * An event whose lead was erased is refused: it no longer holds the lead, and must not send it.
 */
export async function resendDelivery(db: Database, options: { userId: string; deliveryId: string }) {
  if (!isUuid(options.deliveryId)) return null;
  // Spent before the transaction: the limiter writes through its own connection, which on PGlite
  // (one connection) would wait for this transaction forever.
  await consumeRateLimit("webhookManualSendByUser", options.userId);
  return db.transaction(async (tx) => {
    // The event's row is read FOR SHARE, so an erasure running now finishes first or waits.
    const [row] = await tx
      .select({ eventId: webhookDelivery.eventId, endpointId: webhookDelivery.endpointId, redactedAt: webhookEvent.redactedAt })
      .from(webhookDelivery)
      .innerJoin(webhookEndpoint, eq(webhookEndpoint.id, webhookDelivery.endpointId))
      .innerJoin(webhookEvent, eq(webhookEvent.id, webhookDelivery.eventId))
      .where(and(eq(webhookDelivery.id, options.deliveryId), eq(webhookEndpoint.userId, options.userId)))
      .for("share", { of: webhookEvent });
    if (!row) return null;
    if (row.redactedAt) throw refused("lead_erased", "integrations.leadErased");
    const [created] = await tx
      .insert(webhookDelivery)
      .values({ eventId: row.eventId, endpointId: row.endpointId })
      .returning({ id: webhookDelivery.id });
    return created!.id;
  });
}

export const DELIVERY_LOG_LIMIT = 50;

/** The endpoint's latest deliveries, each with its attempts (newest first). */
export async function listDeliveryLog(db: Database, options: { userId: string; endpointId: string }) {
  if (!isUuid(options.endpointId)) return [];
  const deliveries = await db
    .select({
      id: webhookDelivery.id,
      eventId: webhookDelivery.eventId,
      eventType: webhookEvent.type,
      leadErased: sql<boolean>`${webhookEvent.redactedAt} is not null`,
      status: webhookDelivery.status,
      attempts: webhookDelivery.attempts,
      nextAttemptAt: webhookDelivery.nextAttemptAt,
      createdAt: webhookDelivery.createdAt,
    })
    .from(webhookDelivery)
    .innerJoin(webhookEndpoint, eq(webhookEndpoint.id, webhookDelivery.endpointId))
    .innerJoin(webhookEvent, eq(webhookEvent.id, webhookDelivery.eventId))
    .where(and(eq(webhookDelivery.endpointId, options.endpointId), eq(webhookEndpoint.userId, options.userId)))
    .orderBy(desc(webhookDelivery.createdAt), desc(webhookDelivery.id))
    .limit(DELIVERY_LOG_LIMIT);
  if (deliveries.length === 0) return [];
  const attempts = await db
    .select({
      deliveryId: webhookAttempt.deliveryId,
      attempt: webhookAttempt.attempt,
      statusCode: webhookAttempt.statusCode,
      latencyMs: webhookAttempt.latencyMs,
      responseExcerpt: webhookAttempt.responseExcerpt,
      error: webhookAttempt.error,
      createdAt: webhookAttempt.createdAt,
    })
    .from(webhookAttempt)
    .where(
      inArray(
        webhookAttempt.deliveryId,
        deliveries.map((row) => row.id),
      ),
    )
    .orderBy(desc(webhookAttempt.id));
  return deliveries.map((delivery) => ({ ...delivery, log: attempts.filter((attempt) => attempt.deliveryId === delivery.id) }));
}
