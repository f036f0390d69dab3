// The public JSON shapes of leads and campaigns: one for the REST API and webhook payloads alike.

export type LeadRow = {
  id: string;
  campaignId: string;
  placementId: string | null;
  name: string;
  email: string;
  phone: string | null;
  collectedAt: Date;
  language: string | null;
};

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
