// The REST API's campaign operations: list, create, read, change and count an owner's campaigns.
// Rules: docs/features/domains.md ("The address of new codes"); docs/features/counting.md ("Conversion").
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { campaign, lead } from "~/db/schema";
import { countConversion } from "~/features/analytics/analytics.server";
import { captureUrl } from "~/features/campaigns/campaigns";
import { CampaignInputSchema } from "~/features/campaigns/campaigns.schema";
import { createCampaign } from "~/features/campaigns/campaigns.server";
import { writeCopyTranslations } from "~/features/campaigns/copy-translations.server";
import { codeOriginChooser } from "~/features/domains/domains.server";
import { campaignResource } from "~/features/integrations/resources.server";
import { campaignColumns, enqueueCampaignUpdated } from "~/features/integrations/webhooks.server";
import { campaignLeads, campaignScans } from "~/features/scans/scan-count.server";
import { getEnv } from "~/utils/env.server";
import { CampaignListSchema, CampaignSchema, CampaignStatsSchema, CreateCampaignSchema, IdParamsSchema, UpdateCampaignSchema } from "./api.schema";
import { created, defineOperation, notFound, ok, type Operation } from "./define-operation.server";
import { ApiProblem } from "./problem.server";
import { checkedApiTranslations, translationsResource } from "./translations.server";

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

export const CAMPAIGN_OPERATIONS: Operation[] = [
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
];
