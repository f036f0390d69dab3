import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { campaign, placement } from "~/db/schema";
import type { Language } from "~/features/languages/languages";
import { checkPlacementLocation } from "~/features/team/campaign-locations.server";
import { ownLocationIds } from "~/features/team/locations.server";
import { DomainError } from "~/utils/domain-error";
import { isUuid } from "~/utils/text";
import { PLACEMENTS_PER_CAMPAIGN } from "./placements.schema";

/** A placement with its scans, unique scans and leads in a range (the analytics page counts them); id null for "no placement". */
export type PlacementFigures = { id: string | null; name: string; scans: number; unique: number; leads: number; conversion: number };

const nameTaken = () => new DomainError("placement_name_taken", "This campaign already has a placement with that name");

function isUniqueViolation(error: unknown) {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The location a form posted, checked to be the owner's: undefined leaves it unchanged, "" (or
 * none) detaches; another business's id is refused like a missing one.
 */
async function locationOf(db: Database, userId: string, locationId: string | undefined) {
  if (locationId === undefined) return undefined;
  if (locationId === "") return null;
  const [own] = await ownLocationIds(db, { businessId: userId, ids: [locationId] });
  if (!own) throw new DomainError("not_found", "Location not found");
  return own;
}

const ownedCampaign = (userId: string, campaignId: string) => and(eq(campaign.id, campaignId), eq(campaign.userId, userId));

/** The campaign's placements, in the order they were added; [] for a campaign that is not the owner's. */
export async function listPlacements(db: Database, options: { userId: string; campaignId: string }) {
  if (!isUuid(options.campaignId)) return [];
  return db
    .select({ id: placement.id, name: placement.name, locationId: placement.locationId })
    .from(placement)
    .innerJoin(campaign, eq(campaign.id, placement.campaignId))
    .where(ownedCampaign(options.userId, options.campaignId))
    .orderBy(asc(placement.createdAt), asc(placement.id));
}

/** One placement of one of the owner's campaigns; null otherwise. */
export async function getPlacement(db: Database, options: { userId: string; campaignId: string; placementId: string }) {
  if (!isUuid(options.campaignId) || !isUuid(options.placementId)) return null;
  const [row] = await db
    .select({ id: placement.id, name: placement.name })
    .from(placement)
    .innerJoin(campaign, eq(campaign.id, placement.campaignId))
    .where(and(eq(placement.id, options.placementId), ownedCampaign(options.userId, options.campaignId)));
  return row ?? null;
}

/**
 * Adds a placement; null when the campaign is not the owner's. The count and the insert run under
 * the campaign row's lock, so concurrent adds cannot pass the limit.
 */
export async function createPlacement(
  db: Database,
  options: { userId: string; campaignId: string; name: string; locationId?: string; language?: Language },
) {
  if (!isUuid(options.campaignId)) return null;
  const locationId = await locationOf(db, options.userId, options.locationId);
  try {
    return await db.transaction(async (tx) => {
      const [owned] = await tx.select({ id: campaign.id }).from(campaign).where(ownedCampaign(options.userId, options.campaignId)).for("update");
      if (!owned) return null;
      await checkPlacementLocation(tx, {
        businessId: options.userId,
        campaignId: owned.id,
        locationId: locationId ?? null,
        language: options.language,
      });
      const [{ count }] = (await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(placement)
        .where(eq(placement.campaignId, owned.id))) as [{ count: number }];
      if (count >= PLACEMENTS_PER_CAMPAIGN)
        throw new DomainError("placement_limit", `A campaign can have at most ${PLACEMENTS_PER_CAMPAIGN} placements`);
      const [row] = await tx
        .insert(placement)
        .values({ campaignId: owned.id, name: options.name, locationId })
        .returning({ id: placement.id, name: placement.name });
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Renames a placement (and moves it to another location, or none); false when it is not one of the owner's campaign's. */
export async function renamePlacement(
  db: Database,
  options: { userId: string; campaignId: string; placementId: string; name: string; locationId?: string; language?: Language },
) {
  if (!(await getPlacement(db, options))) return false;
  const locationId = await locationOf(db, options.userId, options.locationId);
  try {
    return await db.transaction(async (tx) => {
      // Under the campaign row's lock, as a change of the campaign's locations takes it.
      await tx.select({ id: campaign.id }).from(campaign).where(ownedCampaign(options.userId, options.campaignId)).for("update");
      if (locationId !== undefined)
        await checkPlacementLocation(tx, { businessId: options.userId, campaignId: options.campaignId, locationId, language: options.language });
      const rows = await tx
        .update(placement)
        .set({ name: options.name, ...(locationId === undefined ? {} : { locationId }) })
        .where(and(eq(placement.id, options.placementId), eq(placement.campaignId, options.campaignId)))
        .returning({ id: placement.id });
      return rows.length > 0;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/**
 * Deletes a placement; false when it is not the owner's. Its scans and leads stay (counted in the
 * campaign's totals) and lose their placement (`on delete set null`).
 */
export async function deletePlacement(db: Database, options: { userId: string; campaignId: string; placementId: string }) {
  if (!(await getPlacement(db, options))) return false;
  const rows = await db
    .delete(placement)
    .where(and(eq(placement.id, options.placementId), eq(placement.campaignId, options.campaignId)))
    .returning({ id: placement.id });
  return rows.length > 0;
}
