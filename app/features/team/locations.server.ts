import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { location, placement } from "~/db/schema";
import type { Language } from "~/features/languages/languages";
import { ownerT } from "~/features/languages/owner/owner-language";
import { DomainError } from "~/utils/domain-error";
import { isUuid } from "~/utils/text";
import { LOCATIONS_PER_BUSINESS, type LocationInput } from "./locations.schema";

export type LocationRow = { id: string; name: string; address: string | null; timeZone: string | null; placements: number };

const nameTaken = (language?: Language) => new DomainError("location_name_taken", ownerT("locations", language)("refusals.nameTaken"));

function isUniqueViolation(error: unknown) {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

async function renamingRefused<T>(work: () => Promise<T>, language?: Language) {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(language);
    throw error;
  }
}

const stored = (input: LocationInput) => ({ name: input.name, address: input.address || null, timeZone: input.timeZone || null });

/** The business's locations by name, each with how many placements are put up there. */
export async function listLocations(db: Database, { businessId }: { businessId: string }): Promise<LocationRow[]> {
  return db
    .select({ id: location.id, name: location.name, address: location.address, timeZone: location.timeZone, placements: count(placement.id) })
    .from(location)
    .leftJoin(placement, eq(placement.locationId, location.id))
    .where(eq(location.userId, businessId))
    .groupBy(location.id)
    .orderBy(asc(location.name), asc(location.id));
}

/** The ids among `ids` that are this business's locations (a posted id from elsewhere is dropped). */
export async function ownLocationIds(db: Pick<Database, "select">, { businessId, ids }: { businessId: string; ids: string[] }) {
  const wellFormed = ids.filter(isUuid);
  if (wellFormed.length === 0) return [];
  const rows = await db
    .select({ id: location.id })
    .from(location)
    .where(and(eq(location.userId, businessId), inArray(location.id, wellFormed)));
  return rows.map((row) => row.id);
}

/** `language`: the words of a refusal, the member's (English without it). */
export async function createLocation(
  db: Database,
  { businessId, input, language }: { businessId: string; input: LocationInput; language?: Language },
) {
  const [{ value }] = (await db.select({ value: count() }).from(location).where(eq(location.userId, businessId))) as [{ value: number }];
  if (value >= LOCATIONS_PER_BUSINESS)
    throw new DomainError("location_limit", ownerT("locations", language)("refusals.limit", { limit: LOCATIONS_PER_BUSINESS }));
  return renamingRefused(async () => {
    const [row] = await db
      .insert(location)
      .values({ userId: businessId, ...stored(input) })
      .returning({ id: location.id, name: location.name });
    return row!;
  }, language);
}

/** Renames (and re-addresses) a location; false when it is not the business's. */
export async function updateLocation(db: Database, options: { businessId: string; locationId: string; input: LocationInput; language?: Language }) {
  return renamingRefused(async () => {
    const rows = await db
      .update(location)
      .set(stored(options.input))
      .where(and(eq(location.id, options.locationId), eq(location.userId, options.businessId)))
      .returning({ id: location.id });
    return rows.length > 0;
  }, options.language);
}

/** Deletes a location; its placements stay, detached (`on delete set null`). False when it is not the business's. */
export async function deleteLocation(db: Database, options: { businessId: string; locationId: string }) {
  const rows = await db
    .delete(location)
    .where(and(eq(location.id, options.locationId), eq(location.userId, options.businessId)))
    .returning({ id: location.id });
  return rows.length > 0;
}
