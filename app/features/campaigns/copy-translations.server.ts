// Reading and saving the owner's translations of their copy, scoped to the owner.
// Rules: docs/features/visitor-languages.md ("The owner's translations").
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { campaign } from "~/db/schema";
import { enqueueCampaignUpdated } from "~/features/integrations/webhooks.server";
import { isUuid } from "./campaigns";
import { cleanTranslations, type CampaignCopy, type CopyTranslations } from "./copy-translations";

/** A campaign's language, original copy and translations; null when it is not the owner's. */
export async function getCopyTranslations(db: Database, options: { userId: string; campaignId: string }) {
  if (!isUuid(options.campaignId)) return null;
  const [row] = await db
    .select({
      id: campaign.id,
      title: campaign.title,
      businessType: campaign.businessType,
      language: campaign.language,
      headline: campaign.aiHeadline,
      offer: campaign.discount,
      condition: campaign.minOrder,
      thankYou: campaign.aiThankyou,
      translations: campaign.copyTranslations,
    })
    .from(campaign)
    .where(and(eq(campaign.id, options.campaignId), eq(campaign.userId, options.userId)));
  if (!row) return null;
  const { translations, ...rest } = row;
  const original: CampaignCopy = { headline: rest.headline, offer: rest.offer, condition: rest.condition, thankYou: rest.thankYou };
  return { ...rest, original, translations: cleanTranslations(translations) };
}

/**
 * Writes the owner's translations over the campaign's, every language at once, inside the caller's
 * transaction: the one place translations are stored (the Languages page, the wizard, the API).
 * `translations` must have passed `checkTranslations`. False when the campaign is not the owner's.
 */
export async function writeCopyTranslations(
  tx: Pick<Database, "update">,
  options: { userId: string; campaignId: string; translations: CopyTranslations },
) {
  if (!isUuid(options.campaignId)) return false;
  const rows = await tx
    .update(campaign)
    .set({ copyTranslations: cleanTranslations(options.translations), updatedAt: new Date() })
    .where(and(eq(campaign.id, options.campaignId), eq(campaign.userId, options.userId)))
    .returning({ id: campaign.id });
  return rows.length > 0;
}

/** Replaces the campaign's translations and tells the owner's webhooks; false when it is not the owner's. */
export async function saveCopyTranslations(db: Database, options: { userId: string; campaignId: string; translations: CopyTranslations }) {
  if (!isUuid(options.campaignId)) return false;
  return db.transaction(async (tx) => {
    if (!(await writeCopyTranslations(tx, options))) return false;
    await enqueueCampaignUpdated(tx, { userId: options.userId, campaignId: options.campaignId });
    return true;
  });
}
