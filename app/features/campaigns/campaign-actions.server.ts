import type { Database } from "~/db/client.server";
import type { FormResult } from "~/utils/form";
import type { OfferRuleInput } from "~/features/redeem/offer";
import { saveOfferRule } from "~/features/redeem/redeem.server";
import type { CampaignInput } from "./campaigns.schema";
import { createCampaign, updateCampaign } from "./campaigns.server";

export type CampaignActionData =
  | { ok: true; intent: "toggle"; status: string }
  | { ok: true; intent: "delete" }
  | { ok?: false; fieldErrors?: Record<string, string>; formError?: string; result?: FormResult };

const ECHOED = new Set([
  "title",
  "businessType",
  "discount",
  "minOrder",
  "aiHeadline",
  "aiThankyou",
  "colorPreset",
  "primaryColor",
  "secondaryColor",
  "textColor",
  "buttonStyle",
  "fontStyle",
  "layout",
  "qrLogoUrl",
  "consentMode",
  "offerRequiresConsent",
  "language",
  "offerExpiry",
  "offerValidUntil",
  "offerValidDays",
  "businessName",
]);

/** The wizard's fields a failed post sends back, so a form posted without JavaScript keeps them. */
export function echoCampaignFields(fields: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([key]) => ECHOED.has(key))
      .map(([key, value]) => [key, value.slice(0, 1000)]),
  );
}

export const CAMPAIGN_GONE = "This campaign no longer exists.";

export type SaveCampaignOptions = {
  userId: string;
  isPro: boolean;
  /** Absent: a new campaign. */
  campaignId?: string;
  input: CampaignInput;
  rule: OfferRuleInput;
};

/**
 * Creates or updates the owner's campaign and its offer rule. Null when the campaign to update is
 * not the owner's; DomainError `campaign_limit` or `logo_not_found` when it is refused.
 */
export async function saveCampaign(
  db: Database,
  { userId, isPro, campaignId, input, rule }: SaveCampaignOptions,
): Promise<{ campaignId: string } | null> {
  let id = campaignId;
  if (id === undefined) {
    id = (await createCampaign(db, { userId, isPro, input })).id;
  } else if (!(await updateCampaign(db, { userId, campaignId: id, input }))) {
    return null;
  }
  await saveOfferRule(db, { userId, campaignId: id, rule });
  return { campaignId: id };
}
