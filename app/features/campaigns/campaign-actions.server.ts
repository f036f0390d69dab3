// Rules: docs/features/visitor-languages.md ("The owner's translations").
import type { Database } from "~/db/client.server";
import type { FormResult } from "~/utils/form";
import type { OfferRuleInput } from "~/features/redeem/offer";
import { saveOfferRule } from "~/features/redeem/offer-codes.server";
import type { CampaignInput } from "./campaigns.schema";
import { createCampaign, updateCampaign } from "./campaigns.server";
import {
  checkTranslations,
  translationFieldErrors,
  translationsFromFields,
  type CheckedTranslations,
  type CopyTranslations,
} from "./copy-translations";

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

/**
 * The wizard's translations, checked by the Languages page's rule against the page
 * language posted with them; null from a form without them (they are then left as they are).
 */
export function wizardTranslations(fields: Record<string, string>): CheckedTranslations | null {
  const pageLanguage = fields.language ?? "en";
  const typed = translationsFromFields(fields, pageLanguage);
  if (!Object.keys(fields).some((key) => key.startsWith("translation."))) return null;
  return checkTranslations(typed, pageLanguage);
}

/** A refused post's field errors by form field, or none. */
export const translationErrorsOf = (checked: CheckedTranslations | null) => (checked && !checked.ok ? translationFieldErrors(checked.problems) : {});

/** The wizard's fields a failed post sends back, so a form posted without JavaScript keeps them. */
export function echoCampaignFields(fields: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([key]) => ECHOED.has(key) || key.startsWith("translation."))
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
  /** Checked translations; absent: left as they are. */
  translations?: CopyTranslations;
};

/**
 * Creates or updates the owner's campaign and its offer rule. Null when the campaign to update is
 * not the owner's; DomainError `campaign_limit` or `logo_not_found` when it is refused.
 */
export async function saveCampaign(
  db: Database,
  { userId, isPro, campaignId, input, rule, translations }: SaveCampaignOptions,
): Promise<{ campaignId: string } | null> {
  let id = campaignId;
  if (id === undefined) {
    id = (await createCampaign(db, { userId, isPro, input, translations })).id;
  } else if (!(await updateCampaign(db, { userId, campaignId: id, input, translations }))) {
    return null;
  }
  await saveOfferRule(db, { userId, campaignId: id, rule });
  return { campaignId: id };
}
