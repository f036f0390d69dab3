// The REST API's operations, in the order the OpenAPI document lists them: the account, campaigns
// (campaign-operations.server.ts), leads and REST hooks.
import { and, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import { campaign, lead, user, webhookEndpoint } from "~/db/schema";
import { getBusinessName } from "~/features/account/account.server";
import { getPlanOfUser } from "~/features/billing/plan.server";
import { WEBHOOK_EVENT_TYPES } from "~/features/integrations/events";
import { sampleWebhookPayload } from "~/features/integrations/payloads.server";
import { leadResource } from "~/features/integrations/resources.server";
import { createWebhookEndpoint, leadColumns } from "~/features/integrations/webhooks.server";
import {
  AccountSchema,
  HookSampleParamsSchema,
  HookSchema,
  HookSubscribeSchema,
  IdParamsSchema,
  LeadListQuerySchema,
  LeadListSchema,
  LeadSchema,
  WebhookPayloadSchema,
} from "./api.schema";
import { CAMPAIGN_OPERATIONS } from "./campaign-operations.server";
import { decodeCursor, encodeCursor } from "./cursor.server";
import { created, defineOperation, deleted, notFound, ok, type Operation } from "./define-operation.server";

const LEAD_CAMPAIGN = eq(campaign.id, lead.campaignId);
/** Leads of the owner's campaigns (with `lead` joined to `campaign` on LEAD_CAMPAIGN), and `conditions`. */
const ownLeads = (userId: string, ...conditions: SQL[]) => and(eq(campaign.userId, userId), ...conditions);

export const OPERATIONS: Operation[] = [
  defineOperation({
    method: "GET",
    path: "/me",
    operationId: "getAccount",
    summary: "The key's account",
    tag: "Account",
    success: {
      status: 200,
      description: "The account this API key belongs to, its business name and plan: an automation tool's connection test.",
      schema: AccountSchema,
    },
    errors: [],
    async handler({ db, userId }) {
      const [owner, businessName, plan] = await Promise.all([
        db.select({ email: user.email }).from(user).where(eq(user.id, userId)),
        getBusinessName(db, { userId }),
        getPlanOfUser(db, { userId }),
      ]);
      return ok({
        object: "account",
        id: userId,
        email: owner[0]?.email ?? "",
        business_name: businessName || null,
        plan: { name: plan.name, is_pro: plan.isPro },
      });
    },
  }),
  ...CAMPAIGN_OPERATIONS,
  defineOperation({
    method: "GET",
    path: "/leads",
    operationId: "listLeads",
    summary: "List leads",
    tag: "Leads",
    query: LeadListQuerySchema,
    success: { status: 200, description: "Leads, newest first, one page at a time.", schema: LeadListSchema },
    errors: [400],
    // `sort` is validated by its schema; newest first is the one order it may name.
    async handler({ db, userId, query }) {
      const { limit, cursor, since, campaign: campaignId, placement } = query;
      const conditions: SQL[] = [];
      if (since) conditions.push(gte(lead.collectedAt, new Date(since)));
      if (campaignId) conditions.push(eq(lead.campaignId, campaignId));
      if (placement) conditions.push(eq(lead.placementId, placement));
      if (cursor) {
        const position = decodeCursor(cursor);
        conditions.push(sql`(${lead.collectedAt}, ${lead.id}) < (${position.at}::timestamptz, ${position.id}::uuid)`);
      }
      const rows = await db
        .select({ ...leadColumns, position: sql<string>`${lead.collectedAt}::text` })
        .from(lead)
        .innerJoin(campaign, LEAD_CAMPAIGN)
        .where(ownLeads(userId, ...conditions))
        .orderBy(desc(lead.collectedAt), desc(lead.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const nextCursor = rows.length > limit && last ? encodeCursor(last.position, last.id) : null;
      return ok({ object: "list", data: page.map(leadResource), next_cursor: nextCursor });
    },
  }),
  defineOperation({
    method: "GET",
    path: "/leads/{id}",
    operationId: "getLead",
    summary: "Get a lead",
    tag: "Leads",
    params: IdParamsSchema,
    success: { status: 200, description: "The lead.", schema: LeadSchema },
    errors: [400, 404],
    async handler({ db, userId, params }) {
      const [row] = await db
        .select(leadColumns)
        .from(lead)
        .innerJoin(campaign, LEAD_CAMPAIGN)
        .where(ownLeads(userId, eq(lead.id, params.id)));
      if (!row) throw notFound("lead");
      return ok(leadResource(row));
    },
  }),
  defineOperation({
    method: "DELETE",
    path: "/leads/{id}",
    operationId: "deleteLead",
    summary: "Delete a lead",
    tag: "Leads",
    params: IdParamsSchema,
    success: { status: 204, description: "Deleted.", schema: null },
    errors: [400, 404],
    async handler({ db, userId, params }) {
      const rows = await db
        .delete(lead)
        .where(and(eq(lead.id, params.id), sql`${lead.campaignId} in (select id from campaign where user_id = ${userId})`))
        .returning({ id: lead.id });
      return deleted(rows, "lead");
    },
  }),
  defineOperation({
    method: "POST",
    path: "/hooks",
    operationId: "subscribeHook",
    summary: "Subscribe a REST hook",
    tag: "REST hooks",
    body: HookSubscribeSchema,
    success: { status: 201, description: "The subscription; events are POSTed to target_url, signed.", schema: HookSchema },
    errors: [400, 409, 415, 422],
    async handler({ db, userId, body: input }) {
      const { id, secret } = await createWebhookEndpoint(db, {
        userId,
        url: input.target_url,
        events: [input.event],
        source: "rest_hook",
        description: "REST hook",
      });
      return created({ id, object: "hook", target_url: input.target_url, event: input.event, secret }, `/api/v1/hooks/${id}`);
    },
  }),
  defineOperation({
    method: "GET",
    path: "/hooks/sample/{event}",
    operationId: "getHookSample",
    summary: "A sample payload of an event",
    tag: "REST hooks",
    params: HookSampleParamsSchema,
    unknownParams: ({ event }) => `There is no event \`${event}\`. Events: ${WEBHOOK_EVENT_TYPES.join(", ")}.`,
    success: {
      status: 200,
      description:
        "A realistic payload of this event, built exactly as deliveries are (same envelope, same fields): what an automation tool shows while its user maps fields.",
      schema: WebhookPayloadSchema,
    },
    errors: [404],
    async handler({ params }) {
      return ok(sampleWebhookPayload(params.event));
    },
  }),
  defineOperation({
    method: "DELETE",
    path: "/hooks/{id}",
    operationId: "unsubscribeHook",
    summary: "Unsubscribe a REST hook",
    tag: "REST hooks",
    params: IdParamsSchema,
    success: { status: 204, description: "Unsubscribed.", schema: null },
    errors: [400, 404],
    async handler({ db, userId, params }) {
      const rows = await db
        .delete(webhookEndpoint)
        .where(and(eq(webhookEndpoint.id, params.id), eq(webhookEndpoint.userId, userId)))
        .returning({ id: webhookEndpoint.id });
      return deleted(rows, "hook");
    },
  }),
];
