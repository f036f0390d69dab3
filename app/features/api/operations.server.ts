// The REST API's operations: each declares its schemas (for validation and the OpenAPI document)
// and an owner-scoped handler.
// Rules: docs/features/domains.md ("The address of new codes"); docs/features/counting.md ("Conversion").
import { and, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import { campaignLeads, campaignScans } from "~/features/scans/scan-count.server";
import { countConversion } from "~/features/analytics/analytics.server";
import type { z } from "zod";
import type { Database } from "~/db/client.server";
import { campaign, lead, user, webhookEndpoint } from "~/db/schema";
import { getBusinessName } from "~/features/account/account.server";
import { getPlanOfUser } from "~/features/billing/plan.server";
import { WEBHOOK_EVENT_TYPES } from "~/features/integrations/events";
import { sampleWebhookPayload } from "~/features/integrations/payloads.server";
import { captureUrl } from "~/features/campaigns/campaigns";
import { CampaignInputSchema } from "~/features/campaigns/campaigns.schema";
import { codeOriginChooser } from "~/features/domains/domains.server";
import { getEnv } from "~/utils/env.server";
import { createCampaign } from "~/features/campaigns/campaigns.server";
import { writeCopyTranslations } from "~/features/campaigns/copy-translations.server";
import { campaignResource, leadResource } from "~/features/integrations/resources.server";
import { campaignColumns, createWebhookEndpoint, enqueueCampaignUpdated, leadColumns } from "~/features/integrations/webhooks.server";
import {
  AccountSchema,
  CampaignListSchema,
  CampaignSchema,
  CampaignStatsSchema,
  CreateCampaignSchema,
  HookSampleParamsSchema,
  HookSchema,
  HookSubscribeSchema,
  IdParamsSchema,
  LeadListQuerySchema,
  LeadListSchema,
  LeadSchema,
  UpdateCampaignSchema,
  WebhookPayloadSchema,
} from "./api.schema";
import { decodeCursor, encodeCursor } from "./cursor.server";
import { ApiProblem } from "./problem.server";
import { checkedApiTranslations, translationsResource } from "./translations.server";

export type ApiContext = {
  db: Database;
  userId: string;
  params: Record<string, string>;
  query: unknown;
  body: unknown;
};

export type ApiResult = { status: number; body?: unknown; headers?: Record<string, string> };

export type Operation = {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** OpenAPI path template below /api/v1. */
  path: string;
  operationId: string;
  summary: string;
  tag: "Account" | "Campaigns" | "Leads" | "REST hooks";
  params?: z.ZodObject;
  /** The 404's detail when a path parameter is not one this operation knows (default: no resource with this id). */
  unknownParams?: (params: Record<string, string>) => string;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Success status and its schema (null: no body). */
  success: { status: number; description: string; schema: z.ZodType | null };
  /** Error statuses this operation may answer besides 400 (an unknown query parameter), 401, 403, 429. */
  errors: number[];
  handler: (context: ApiContext) => Promise<ApiResult>;
};

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** An operation whose handler receives its params, query and body as its own schemas parse them. */
function defineOperation<
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  operation: Omit<Operation, "params" | "query" | "body" | "handler"> & {
    params?: P;
    query?: Q;
    body?: B;
    handler: (context: { db: Database; userId: string; params: Parsed<P>; query: Parsed<Q>; body: Parsed<B> }) => Promise<ApiResult>;
  },
): Operation {
  // api.server.ts parses each part with the schema declared here before calling the handler.
  return operation as unknown as Operation;
}

const ok = (body: unknown): ApiResult => ({ status: 200, body });
const created = (body: unknown, location: string): ApiResult => ({ status: 201, body, headers: { Location: location } });
const notFound = (what: string) => new ApiProblem(404, "Not found", `No ${what} with this id.`);

/** 204 when the owner's row was deleted, else 404. */
function deleted(rows: unknown[], what: string): ApiResult {
  if (rows.length === 0) throw notFound(what);
  return { status: 204 };
}

const ownCampaign = (userId: string, id: string) => and(eq(campaign.id, id), eq(campaign.userId, userId));

const apiCampaignColumns = {
  ...campaignColumns,
  codeAddress: campaign.codeAddress,
  language: campaign.language,
  copyTranslations: campaign.copyTranslations,
};
type ApiCampaignRow = Parameters<typeof campaignResource>[0] & { codeAddress: "domain" | "main"; copyTranslations: unknown };

async function findCampaign(db: Database, userId: string, id: string) {
  const [row] = await db.select(apiCampaignColumns).from(campaign).where(ownCampaign(userId, id));
  if (!row) throw notFound("campaign");
  return row;
}

/** Campaigns as the API shows them: with the capture page on the address their codes use. */
async function apiCampaigns(db: Database, userId: string, rows: ApiCampaignRow[]) {
  const originOf = await codeOriginChooser(db, getEnv(), { userId });
  return rows.map((row) => ({
    ...campaignResource(row),
    translations: translationsResource(row.copyTranslations),
    capture_url: captureUrl(originOf(row.codeAddress), row.id),
  }));
}

const apiCampaign = async (db: Database, userId: string, id: string) => (await apiCampaigns(db, userId, [await findCampaign(db, userId, id)]))[0]!;

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
  defineOperation({
    method: "GET",
    path: "/campaigns",
    operationId: "listCampaigns",
    summary: "List campaigns",
    tag: "Campaigns",
    success: { status: 200, description: "Your campaigns, newest first.", schema: CampaignListSchema },
    errors: [],
    async handler({ db, userId }) {
      const rows = await db
        .select(apiCampaignColumns)
        .from(campaign)
        .where(eq(campaign.userId, userId))
        .orderBy(desc(campaign.createdAt), desc(campaign.id));
      return ok({ object: "list", data: await apiCampaigns(db, userId, rows) });
    },
  }),
  defineOperation({
    method: "POST",
    path: "/campaigns",
    operationId: "createCampaign",
    summary: "Create a campaign",
    tag: "Campaigns",
    body: CreateCampaignSchema,
    success: { status: 201, description: "The new campaign.", schema: CampaignSchema },
    errors: [400, 409, 415, 422],
    async handler({ db, userId, body: input }) {
      const parsed = CampaignInputSchema.safeParse({
        title: input.title,
        businessType: input.business_type,
        discount: input.offer,
        minOrder: input.condition,
        aiHeadline: input.headline,
        aiThankyou: input.thank_you,
        colorPreset: "ocean-blue",
      });
      if (!parsed.success) throw ApiProblem.validation(parsed.error);
      const translations = input.translations ? checkedApiTranslations(input.translations, parsed.data.language) : undefined;
      const { id } = await createCampaign(db, { userId, isPro: true, input: parsed.data, translations });
      return created(await apiCampaign(db, userId, id), `/api/v1/campaigns/${id}`);
    },
  }),
  defineOperation({
    method: "GET",
    path: "/campaigns/{id}",
    operationId: "getCampaign",
    summary: "Get a campaign",
    tag: "Campaigns",
    params: IdParamsSchema,
    success: { status: 200, description: "The campaign.", schema: CampaignSchema },
    errors: [400, 404],
    async handler({ db, userId, params }) {
      return ok(await apiCampaign(db, userId, params.id));
    },
  }),
  defineOperation({
    method: "PATCH",
    path: "/campaigns/{id}",
    operationId: "updateCampaignStatus",
    summary: "Change a campaign's status or translations",
    tag: "Campaigns",
    params: IdParamsSchema,
    body: UpdateCampaignSchema,
    success: { status: 200, description: "The updated campaign.", schema: CampaignSchema },
    errors: [400, 404, 415, 422],
    async handler({ db, userId, params, body }) {
      const { language } = await findCampaign(db, userId, params.id);
      const translations = body.translations ? checkedApiTranslations(body.translations, language) : undefined;
      const updated = await db.transaction(async (tx) => {
        const rows = await tx
          .update(campaign)
          .set({ ...(body.status ? { status: body.status } : {}), updatedAt: new Date() })
          .where(ownCampaign(userId, params.id))
          .returning({ id: campaign.id });
        if (rows.length === 0) return false;
        if (translations) await writeCopyTranslations(tx, { userId, campaignId: params.id, translations });
        await enqueueCampaignUpdated(tx, { userId, campaignId: params.id });
        return true;
      });
      if (!updated) throw notFound("campaign");
      return ok(await apiCampaign(db, userId, params.id));
    },
  }),
  defineOperation({
    method: "GET",
    path: "/campaigns/{id}/stats",
    operationId: "getCampaignStats",
    summary: "Campaign statistics",
    tag: "Campaigns",
    params: IdParamsSchema,
    success: { status: 200, description: "Counted scans, unique visitors and leads.", schema: CampaignStatsSchema },
    errors: [400, 404],
    async handler({ db, userId, params }) {
      const found = await findCampaign(db, userId, params.id);
      // No count over the raw rows: the kept counts (the cards' figures), the rollups plus the
      // raw hours they do not cover yet for unique visitors (docs/features/counting.md, "Rollups").
      const [[counts], [kept], visitors] = await Promise.all([
        db
          .select({ lastLeadAt: sql<string | null>`max(${lead.collectedAt})::text` })
          .from(lead)
          .where(eq(lead.campaignId, found.id)),
        db.select({ scans: campaignScans, leads: campaignLeads }).from(campaign).where(eq(campaign.id, found.id)),
        countConversion(db, found.id),
      ]);
      const scans = kept?.scans ?? 0;
      const leads = kept?.leads ?? 0;
      return ok({
        campaign_id: found.id,
        scans,
        unique_visitors: visitors.unique,
        leads,
        // The one conversion: unique visitors who became leads ÷ unique visitors, as a fraction.
        conversion_rate: Math.round(visitors.conversion * 10) / 1000,
        last_lead_at: counts?.lastLeadAt ? new Date(counts.lastLeadAt).toISOString() : null,
      });
    },
  }),
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
