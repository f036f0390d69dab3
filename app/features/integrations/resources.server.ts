// The public JSON shapes of leads and campaigns: one for the REST API and webhook payloads alike.
import { cleanTranslations, COPY_FIELDS, type CopyField } from "~/features/campaigns/copy-translations";

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
  copyTranslations: unknown;
  createdAt: Date;
  updatedAt: Date;
};

/** The copy's fields by the names the API gives the campaign's own (`thank_you`). */
export const API_COPY_FIELDS: Record<CopyField, "headline" | "offer" | "condition" | "thank_you"> = {
  headline: "headline",
  offer: "offer",
  condition: "condition",
  thankYou: "thank_you",
};

/** The owner's translations as the API shows them: per language, only the fields translated (decision 454). */
function translationsResource(stored: unknown) {
  const out: Record<string, Partial<Record<(typeof API_COPY_FIELDS)[CopyField], string>>> = {};
  for (const [language, translation] of Object.entries(cleanTranslations(stored))) {
    out[language] = {};
    for (const field of COPY_FIELDS) if (translation[field]) out[language][API_COPY_FIELDS[field]] = translation[field];
  }
  return out;
}

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
    translations: translationsResource(row.copyTranslations),
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
  };
}
