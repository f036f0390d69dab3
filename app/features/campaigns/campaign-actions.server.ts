import { data, redirect } from "react-router";
import type { SessionUser } from "~/features/auth/session.server";
import { formFields, notFound, parseFields } from "~/utils/http.server";
import { logger } from "~/utils/logger.server";
import { getServices } from "~/utils/services.server";
import { OfferRuleSchema } from "~/features/redeem/offer";
import { saveOfferRule } from "~/features/redeem/redeem.server";
import { getTimeZone } from "~/utils/time-zone.server";
import { CampaignInputSchema } from "./campaigns.schema";
import { createCampaign, deleteCampaign, toggleCampaignStatus, updateCampaign } from "./campaigns.server";
import { isDomainError } from "~/utils/domain-error";

export type CampaignActionData =
  | { ok: true; intent: "toggle"; status: string }
  | { ok: true; intent: "delete" }
  | { ok?: false; fieldErrors?: Record<string, string>; formError?: string };

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
  "offerExpiry",
  "offerValidUntil",
  "offerValidDays",
]);

const LOGO_AGAIN = { fieldErrors: { qrLogoUrl: "Please upload the logo again" } };

/** The /campaigns action: create, update, toggle, delete — each scoped to the signed-in owner. */
export async function handleCampaignAction(request: Request, sessionUser: SessionUser) {
  const { db, env } = await getServices();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ formError: "The form could not be read. Please try again." }, { status: 400 });
  }
  const fields = formFields(form);
  const userId = sessionUser.id;

  switch (fields.intent) {
    case "create":
    case "update": {
      // QR codes encode APP_URL: a production server without it would print codes pointing at localhost.
      if (env.isProduction && !env.APP_URL) {
        return data(
          { formError: "Failed to create campaign: APP_URL is not configured. Set it to your public address (not a placeholder)." },
          { status: 503 },
        );
      }
      const parsed = parseFields(CampaignInputSchema, fields);
      const rule = parseFields(OfferRuleSchema, { ...fields, offerTimeZone: await getTimeZone(request) });
      if (!parsed.ok || !rule.ok) {
        // The typed values go back too, so a form posted without JavaScript keeps them.
        const values = Object.fromEntries(
          Object.entries(fields)
            .filter(([key]) => ECHOED.has(key))
            .map(([key, value]) => [key, value.slice(0, 1000)]),
        );
        const fieldErrors = { ...(parsed.ok ? {} : parsed.response.data.fieldErrors), ...(rule.ok ? {} : rule.response.data.fieldErrors) };
        return data({ fieldErrors, values }, { status: 400 });
      }
      let saved = true;
      try {
        let campaignId = fields.campaignId ?? "";
        if (fields.intent === "create") {
          campaignId = (await createCampaign(db, { userId, isPro: sessionUser.plan.isPro, input: parsed.value })).id;
        } else {
          saved = await updateCampaign(db, { userId, campaignId, input: parsed.value });
        }
        if (saved) await saveOfferRule(db, { userId, campaignId, rule: rule.value });
      } catch (error) {
        if (isDomainError(error, "campaign_limit")) return data({ formError: `Failed to create campaign: ${error.message}` }, { status: 403 });
        if (isDomainError(error, "logo_not_found")) return data(LOGO_AGAIN, { status: 400 });
        logger.error({ err: error }, "campaign save failed");
        return data({ formError: "Failed to create campaign. Please try again." }, { status: 500 });
      }
      if (!saved) notFound();
      throw redirect("/campaigns");
    }
    // The card posts these from any page: a stale card (double click, another tab) gets a message
    // on the card, not an error page. Another owner's campaign looks the same: it does not exist.
    case "toggle": {
      const status = await toggleCampaignStatus(db, { userId, campaignId: fields.campaignId ?? "" });
      if (!status) return data({ formError: CAMPAIGN_GONE }, { status: 404 });
      return { ok: true as const, intent: "toggle" as const, status };
    }
    case "delete": {
      if (!(await deleteCampaign(db, { userId, campaignId: fields.campaignId ?? "" }))) return data({ formError: CAMPAIGN_GONE }, { status: 404 });
      return { ok: true as const, intent: "delete" as const };
    }
    default:
      return data({ formError: "Unknown action." }, { status: 400 });
  }
}

const CAMPAIGN_GONE = "This campaign no longer exists.";
