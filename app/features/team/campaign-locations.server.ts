// Rules: docs/features/team.md ("Campaigns limited to locations").
import { and, asc, eq, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { campaign, campaignLocation, location, placement } from "~/db/schema";
import type { Language } from "~/features/languages/languages";
import { ownerT } from "~/features/languages/owner/owner-language";
import { DomainError } from "~/utils/domain-error";
import { isUuid } from "~/utils/text";
import { ownLocationIds } from "./locations.server";
import { namesInWords } from "./team";

/** Where a campaign runs: everywhere (`limited` false), or only at `locations` (none once its last one was deleted). */
export type CampaignLocations = { limited: boolean; locations: Array<{ id: string; name: string }> };

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The campaign's limits; null when it is not the business's. */
export async function getCampaignLocations(
  db: Database | Tx,
  { businessId, campaignId }: { businessId: string; campaignId: string },
): Promise<CampaignLocations | null> {
  if (!isUuid(campaignId)) return null;
  const [row] = await db
    .select({ limited: campaign.locationsLimited })
    .from(campaign)
    .where(and(eq(campaign.id, campaignId), eq(campaign.userId, businessId)));
  if (!row) return null;
  if (!row.limited) return { limited: false, locations: [] };
  const locations = await db
    .select({ id: location.id, name: location.name })
    .from(campaignLocation)
    .innerJoin(location, eq(location.id, campaignLocation.locationId))
    .where(eq(campaignLocation.campaignId, campaignId))
    .orderBy(asc(location.name), asc(location.id));
  return { limited: true, locations };
}

/** The limits of each limited campaign among `campaignIds` (the campaigns list's cards); absent: all locations. */
export async function listCampaignLocations(db: Database, { campaignIds }: { campaignIds: string[] }): Promise<Map<string, string[]>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await db
    .select({ campaignId: campaign.id, name: location.name })
    .from(campaign)
    .leftJoin(campaignLocation, eq(campaignLocation.campaignId, campaign.id))
    .leftJoin(location, eq(location.id, campaignLocation.locationId))
    .where(and(inArray(campaign.id, campaignIds), eq(campaign.locationsLimited, true)))
    .orderBy(asc(location.name));
  const limits = new Map<string, string[]>();
  for (const row of rows) {
    const names = limits.get(row.campaignId) ?? [];
    if (row.name !== null) names.push(row.name);
    limits.set(row.campaignId, names);
  }
  return limits;
}

/**
 * Limits the campaign to `locationIds` (null: all locations). Refused when a location is not the
 * business's (404) or when a placement of the campaign is at a location left out (400): the limit
 * never strands a printed copy at a shop the campaign no longer runs at. Runs under the campaign
 * row's lock, as adding a placement does. False when the campaign is not the business's.
 */
export async function setCampaignLocations(
  db: Database,
  { businessId, campaignId, locationIds, language }: { businessId: string; campaignId: string; locationIds: string[] | null; language?: Language },
): Promise<boolean> {
  if (!isUuid(campaignId)) return false;
  const chosen = locationIds === null ? null : [...new Set(locationIds)];
  if (chosen !== null) {
    const own = await ownLocationIds(db, { businessId, ids: chosen });
    if (own.length !== chosen.length) throw new DomainError("not_found", "Location not found");
  }
  return db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: campaign.id })
      .from(campaign)
      .where(and(eq(campaign.id, campaignId), eq(campaign.userId, businessId)))
      .for("update");
    if (!owned) return false;
    if (chosen !== null) {
      const [outside] = await tx
        .select({ placement: placement.name, location: location.name })
        .from(placement)
        .innerJoin(location, eq(location.id, placement.locationId))
        .where(
          and(
            eq(placement.campaignId, campaignId),
            isNotNull(placement.locationId),
            chosen.length > 0 ? notInArray(placement.locationId, chosen) : sql`true`,
          ),
        )
        .orderBy(asc(placement.name))
        .limit(1);
      if (outside) {
        throw new DomainError(
          "campaign_locations_in_use",
          ownerT("locations", language)("refusals.inUse", { placement: outside.placement, location: outside.location }),
        );
      }
    }
    await tx
      .update(campaign)
      .set({ locationsLimited: chosen !== null })
      .where(eq(campaign.id, campaignId));
    await tx.delete(campaignLocation).where(eq(campaignLocation.campaignId, campaignId));
    if (chosen && chosen.length > 0) await tx.insert(campaignLocation).values(chosen.map((id) => ({ campaignId, locationId: id })));
    return true;
  });
}

/**
 * A placement of a limited campaign goes only to one of its locations (or to none, like the
 * campaign's own code). Call inside the transaction that holds the campaign row's lock.
 */
export async function checkPlacementLocation(
  tx: Database | Tx,
  { businessId, campaignId, locationId, language }: { businessId: string; campaignId: string; locationId: string | null; language?: Language },
) {
  if (locationId === null) return;
  const limits = await getCampaignLocations(tx, { businessId, campaignId });
  if (!limits?.limited || limits.locations.some((place) => place.id === locationId)) return;
  const t = ownerT("locations", language);
  throw new DomainError(
    "location_not_in_campaign",
    limits.locations.length === 0
      ? t("refusals.noLocationNow")
      : t("refusals.onlyAt", {
          locations: namesInWords(
            limits.locations.map((place) => place.name),
            language,
          ),
        }),
  );
}
