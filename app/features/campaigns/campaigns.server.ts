// Rules: docs/features/accounts-and-billing.md ("The free campaign limit").
import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { campaign, upload, user } from "~/db/schema";
import { canCreateCampaign, FREE_CAMPAIGN_LIMIT } from "~/features/billing/plan";
import { enqueueCampaignUpdated } from "~/features/integrations/webhooks.server";
import { readUpload, uploadPublicUrl } from "~/features/uploads/storage.server";
import { backgroundGradient, containsPattern, isUuid, type CampaignStatus } from "./campaigns";
import { LOGO_KEY_PATTERN, type CampaignFilters, type CampaignInput } from "./campaigns.schema";
import { writeCopyTranslations } from "./copy-translations.server";
import type { CopyTranslations } from "./copy-translations";
import { campaignConvertedVisitors, campaignLeads, campaignScans, campaignVisitors } from "~/features/scans/scan-count.server";
import { campaignInScope, type PlacementScope } from "~/features/team/scope.server";
import { refused } from "~/features/languages/owner/refusals";

// Codes redeemed at the counter (the funnel's last step). Written out in full: inside a one-table
// select Drizzle would render ${campaign.id} unqualified.
const redeemedCount = sql<number>`(select count(*) from "offer_code" where "offer_code"."campaign_id" = "campaign"."id" and "offer_code"."redeemed_at" is not null)::int`;

const summaryColumns = {
  id: campaign.id,
  title: campaign.title,
  businessType: campaign.businessType,
  status: campaign.status,
  aiHeadline: campaign.aiHeadline,
  scans: campaignScans,
  leads: campaignLeads,
  visitors: campaignVisitors,
  converted: campaignConvertedVisitors,
  redeemed: redeemedCount,
};

/** The owner's campaigns, newest first, with scan and lead counts read in the same query. */
export async function listCampaigns(
  db: Database,
  options: {
    userId: string;
    filters?: CampaignFilters;
    limit?: number;
    /** A member's: campaigns with a placement among them. */ placementIds?: PlacementScope;
  },
) {
  const { userId, filters } = options;
  const conditions = [eq(campaign.userId, userId), campaignInScope(sql`${campaign.id}`, options.placementIds)];
  if (filters?.status && filters.status !== "all") conditions.push(eq(campaign.status, filters.status));
  if (filters?.q) {
    const pattern = containsPattern(filters.q);
    conditions.push(or(ilike(campaign.title, pattern), ilike(campaign.businessType, pattern))!);
  }
  const query = db
    .select(summaryColumns)
    .from(campaign)
    .where(and(...conditions))
    .orderBy(desc(campaign.createdAt), desc(campaign.id));
  return options.limit ? query.limit(options.limit) : query;
}

/** Totals over all of the owner's campaigns (the summary strip). */
export async function summarizeCampaigns(db: Database, options: { userId: string }) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`count(*) filter (where ${campaign.status} = 'active')::int`,
      scans: sql<number>`coalesce(sum(${campaignScans}), 0)::int`,
      leads: sql<number>`coalesce(sum(${campaignLeads}), 0)::int`,
    })
    .from(campaign)
    .where(eq(campaign.userId, options.userId));
  return row ?? { total: 0, active: 0, scans: 0, leads: 0 };
}

export async function countCampaignsOfUser(db: Database, options: { userId: string }) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(campaign)
    .where(eq(campaign.userId, options.userId));
  return row?.count ?? 0;
}

/** One of the owner's campaigns with everything the wizard and the detail view show; null otherwise. */
export async function getCampaign(db: Database, options: { userId: string; campaignId: string }) {
  if (!isUuid(options.campaignId)) return null;
  const [row] = await db
    .select({
      ...summaryColumns,
      discount: campaign.discount,
      minOrder: campaign.minOrder,
      aiThankyou: campaign.aiThankyou,
      qrLogoUrl: campaign.qrLogoUrl,
      design: campaign.design,
      consentMode: campaign.consentMode,
      offerRequiresConsent: campaign.offerRequiresConsent,
      language: campaign.language,
      copyTranslations: campaign.copyTranslations,
      createdAt: campaign.createdAt,
    })
    .from(campaign)
    .where(and(eq(campaign.id, options.campaignId), eq(campaign.userId, options.userId)));
  return row ?? null;
}

export type CampaignDetails = NonNullable<Awaited<ReturnType<typeof getCampaign>>>;

function designOf(input: CampaignInput) {
  return {
    primary_color: input.primaryColor,
    secondary_color: input.secondaryColor,
    background_gradient: backgroundGradient(input.primaryColor, input.secondaryColor),
    text_color: input.textColor,
    button_style: input.buttonStyle,
    font_style: input.fontStyle,
    layout: input.layout,
  };
}

/** The stored address of a logo the user uploaded; DomainError `logo_not_found` for anyone else's or an unknown one. */
async function ownedLogoUrl(db: Database, userId: string, url: string | null) {
  if (!url) return null;
  const key = LOGO_KEY_PATTERN.exec(url)?.[1];
  if (!key) throw refused("logo_not_found", "campaigns.uploadLogoAgain");
  const [row] = await db
    .select({ key: upload.key })
    .from(upload)
    .where(and(eq(upload.key, key), eq(upload.userId, userId)));
  if (!row) throw refused("logo_not_found", "campaigns.uploadLogoAgain");
  return uploadPublicUrl(key);
}

/**
 * Creates an active campaign. For free owners the count and the insert happen under a lock on
 * the owner's row, so concurrent requests cannot exceed FREE_CAMPAIGN_LIMIT.
 */
export async function createCampaign(
  db: Database,
  options: { userId: string; isPro: boolean; input: CampaignInput; /** Checked by `checkTranslations`. */ translations?: CopyTranslations },
) {
  const { userId, isPro, input } = options;
  const qrLogoUrl = await ownedLogoUrl(db, userId, input.qrLogoUrl);
  const id = crypto.randomUUID();
  await db.transaction(async (tx) => {
    if (!isPro) {
      await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
      if (!canCreateCampaign({ isPro }, await countCampaignsOfUser(tx, { userId })))
        throw refused("campaign_limit", "campaigns.limit", { limit: FREE_CAMPAIGN_LIMIT });
    }
    await tx.insert(campaign).values({ id, userId, ...savedFields(input, qrLogoUrl) });
    if (options.translations) await writeCopyTranslations(tx, { userId, campaignId: id, translations: options.translations });
  });
  return { id };
}

/** What the wizard writes, on create and on update: launching or updating always makes it active. */
function savedFields(input: CampaignInput, qrLogoUrl: string | null) {
  return {
    title: input.title,
    businessType: input.businessType,
    discount: input.discount,
    minOrder: input.minOrder,
    aiHeadline: input.aiHeadline,
    aiThankyou: input.aiThankyou,
    status: "active" as const,
    qrLogoUrl,
    design: designOf(input),
    consentMode: input.consentMode,
    // Without a box there is nothing to require.
    offerRequiresConsent: input.consentMode !== "notice" && input.offerRequiresConsent,
    language: input.language,
  };
}

/**
 * Saves the wizard over one of the owner's campaigns and makes it active, with its translations
 * when given (else they stay as they are); false when not theirs.
 */
export async function updateCampaign(
  db: Database,
  options: { userId: string; campaignId: string; input: CampaignInput; /** Checked by `checkTranslations`. */ translations?: CopyTranslations },
) {
  const { userId, campaignId, input } = options;
  if (!isUuid(campaignId)) return false;
  const qrLogoUrl = await ownedLogoUrl(db, userId, input.qrLogoUrl);
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(campaign)
      .set({ ...savedFields(input, qrLogoUrl), updatedAt: new Date() })
      .where(and(eq(campaign.id, campaignId), eq(campaign.userId, userId)))
      .returning({ id: campaign.id });
    if (rows.length === 0) return false;
    if (options.translations) await writeCopyTranslations(tx, { userId, campaignId, translations: options.translations });
    await enqueueCampaignUpdated(tx, { userId, campaignId });
    return true;
  });
}

/** Active becomes paused, anything else active; null when not the owner's. */
export async function toggleCampaignStatus(db: Database, options: { userId: string; campaignId: string }) {
  if (!isUuid(options.campaignId)) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(campaign)
      .set({
        status: sql`case when ${campaign.status} = 'active' then 'paused' else 'active' end`,
        updatedAt: new Date(),
      })
      .where(and(eq(campaign.id, options.campaignId), eq(campaign.userId, options.userId)))
      .returning({ status: campaign.status });
    if (row) await enqueueCampaignUpdated(tx, options);
    return (row?.status as CampaignStatus | undefined) ?? null;
  });
}

export async function deleteCampaign(db: Database, options: { userId: string; campaignId: string }) {
  if (!isUuid(options.campaignId)) return false;
  const rows = await db
    .delete(campaign)
    .where(and(eq(campaign.id, options.campaignId), eq(campaign.userId, options.userId)))
    .returning({ id: campaign.id });
  return rows.length > 0;
}

/** The logo's bytes for drawing into the QR code; null without a logo or when it cannot be read. */
export async function loadCampaignLogo(qrLogoUrl: string | null) {
  const key = qrLogoUrl ? LOGO_KEY_PATTERN.exec(qrLogoUrl)?.[1] : undefined;
  if (!key) return null;
  return readUpload(key);
}
