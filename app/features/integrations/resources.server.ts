// The public JSON shapes of leads and campaigns: one for the REST API and webhook payloads alike.
import { redeemerOf } from "~/db/redeemed-by";

export type LeadRow = {
  id: string;
  campaignId: string;
  placementId: string | null;
  name: string;
  email: string;
  phone: string | null;
  collectedAt: Date;
  language: string | null;
  redemption?: LeadRedemption | null;
};

/** A lead's code redeemed: `by` as `offer_code.redeemed_by` keeps it, `at` as JSON gives a timestamp. */
export type LeadRedemption = { at: string; by: string | null; location: string | null };

export function leadResource(row: LeadRow) {
  return {
    id: row.id,
    object: "lead" as const,
    campaign_id: row.campaignId,
    placement_id: row.placementId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    collected_at: new Date(row.collectedAt).toISOString(),
    language: row.language,
    redemption: row.redemption ? redemptionResource(row.redemption) : null,
  };
}

function redemptionResource(redemption: LeadRedemption) {
  const redeemer = redemption.by ? redeemerOf(redemption.by) : null;
  return {
    redeemed_at: new Date(redemption.at).toISOString(),
    redeemed_by: redeemer?.name ?? null,
    shared_device: redeemer?.sharedDevice ?? false,
    location: redemption.location,
  };
}

export type CampaignRow = {
  id: string;
  title: string;
  businessType: string;
  status: "active" | "paused" | "draft";
  discount: string;
  minOrder: string;
  aiHeadline: string;
  aiThankyou: string;
  createdAt: Date;
  updatedAt: Date;
};

export function campaignResource(row: CampaignRow) {
  return {
    id: row.id,
    object: "campaign" as const,
    title: row.title,
    business_type: row.businessType,
    status: row.status,
    offer: row.discount,
    condition: row.minOrder,
    headline: row.aiHeadline,
    thank_you: row.aiThankyou,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
  };
}
