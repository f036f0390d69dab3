// Rules: docs/features/visitor-languages.md ("The owner's translations").
import type { Database } from "~/db/client.server";
import type { FormResult } from "~/utils/form";
import type { OfferRuleInput } from "~/features/redeem/offer";
import { saveOfferRule } from "~/features/redeem/offer-codes.server";
import type { CampaignInput } from "./campaigns.schema";
import { createCampaign, updateCampaign } from "./campaigns.server";
import { setCampaignLocations } from "~/features/team/campaign-locations.server";
import { ownLocationIds } from "~/features/team/locations.server";
import { refused } from "~/features/languages/owner/refusals";
import {
  checkTranslations,
  translationFieldErrors,
  translationsFromFields,
  type CheckedTranslations,
  type CopyTranslations,
} from "./copy-translations";
import type { Language } from "~/features/languages/languages";
import { ownerT } from "~/features/languages/owner/owner-language";

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

/**
 * The wizard's Locations choice (docs/features/team.md, "Campaigns limited to locations"):
 * undefined when the form did not post it (left as it is), null for all locations, else the ids
 * ticked; an error, in `language`, when "some" comes with none ticked.
 */
export function postedLocations(
  form: FormData,
  language?: Language,
): { ok: true; value: string[] | null | undefined } | { ok: false; error: string } {
  const limit = form.get("locationsLimit");
  if (limit !== "all" && limit !== "some") return { ok: true, value: undefined };
  if (limit === "all") return { ok: true, value: null };
  const ids = form.getAll("locationIds").filter((value): value is string => typeof value === "string" && value !== "");
  return ids.length === 0 ? { ok: false, error: ownerT("refusals", language)("campaigns.pickLocation") } : { ok: true, value: ids.slice(0, 200) };
}

export type SaveCampaignOptions = {
  userId: string;
  isPro: boolean;
  /** Absent: a new campaign. */
  campaignId?: string;
  input: CampaignInput;
  rule: OfferRuleInput;
  /** Checked translations; absent: left as they are. */
  translations?: CopyTranslations;
  /** Where it runs: null for all locations, the ids it is limited to, absent: left as it is. */
  locationIds?: string[] | null;
};

/**
 * Creates or updates the owner's campaign, its offer rule and its locations. Null when the
 * campaign to update is not the owner's; DomainError `campaign_limit`, `logo_not_found`,
 * `campaign_locations_in_use` or `not_found` (a location) when it is refused. An update's
 * locations are set first, so a refused limit changes nothing else.
 */
export async function saveCampaign(
  db: Database,
  { userId, isPro, campaignId, input, rule, translations, locationIds }: SaveCampaignOptions,
): Promise<{ campaignId: string } | null> {
  let id = campaignId;
  if (id === undefined) {
    if (locationIds && (await ownLocationIds(db, { businessId: userId, ids: locationIds })).length !== new Set(locationIds).size)
      throw refused("not_found", "campaigns.locationNotFound");
    id = (await createCampaign(db, { userId, isPro, input, translations })).id;
    if (locationIds !== undefined) await setCampaignLocations(db, { businessId: userId, campaignId: id, locationIds });
  } else {
    if (locationIds !== undefined && !(await setCampaignLocations(db, { businessId: userId, campaignId: id, locationIds }))) return null;
    if (!(await updateCampaign(db, { userId, campaignId: id, input, translations }))) return null;
  }
  await saveOfferRule(db, { userId, campaignId: id, rule });
  return { campaignId: id };
}
