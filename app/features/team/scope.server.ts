// Rules: docs/features/team.md ("What each role sees").
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { isUuid } from "~/utils/text";

/**
 * The placements whose scans, leads and codes a member may read: those at their locations. Null
 * for the owner (everything, including what came from no placement). Every reader that a member
 * reaches takes it, so "a location's numbers" has one meaning: rows of these placements.
 */
export type PlacementScope = readonly string[] | null;

/** `column` holds a placement of the scope (always true for the owner; never true for an empty scope). */
export function placementIn(column: SQL, scope: PlacementScope | undefined): SQL {
  if (scope === null || scope === undefined) return sql`true`;
  if (scope.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    scope.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

/**
 * The campaign (its id as `campaignId`) is one a member sees: it has a placement at one of their
 * locations. A campaign with no placement there is the owner's and other locations' business. A
 * campaign's limits never widen this: its placements can only be at its locations, so a campaign
 * limited to Harbour is never seen by Old Town's manager.
 */
export function campaignInScope(campaignId: SQL, scope: PlacementScope | undefined): SQL {
  if (scope === null || scope === undefined) return sql`true`;
  return sql`exists (select 1 from placement sp where sp.campaign_id = ${campaignId} and ${placementIn(sql`sp.id`, scope)})`;
}

/** The placements at the given locations of the business (null locations: the owner, everything). */
export async function placementScopeOf(
  db: Database,
  { businessId, locationIds }: { businessId: string; locationIds: readonly string[] | null },
): Promise<PlacementScope> {
  if (locationIds === null) return null;
  if (locationIds.length === 0) return [];
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select p.id from placement p join campaign c on c.id = p.campaign_id
      where c.user_id = ${businessId} and p.location_id in (${sql.join(
        locationIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
  );
  return rows.map((row) => row.id);
}

/** `column` holds a location outside `locationIds` (a member's); never for the owner (null). */
export function locationOutside(column: SQL, locationIds: readonly string[] | null | undefined): SQL {
  if (locationIds === null || locationIds === undefined) return sql`false`;
  if (locationIds.length === 0) return sql`true`;
  return sql`${column} not in (${sql.join(
    locationIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

/**
 * What a member may do with one campaign of the business: "write" when every placement of it is at
 * their locations and, for a campaign limited to locations, every one of those is theirs (so an
 * edit changes nothing another location shows or may show), "read" when only some are, "none"
 * when no placement is at their locations, "missing" when it is not a campaign of the business.
 * The owner may always write.
 */
export async function campaignAccessOf(
  db: Database,
  {
    businessId,
    campaignId,
    scope,
    locationIds,
  }: { businessId: string; campaignId: string; scope: PlacementScope; locationIds?: readonly string[] | null },
): Promise<"missing" | "none" | "read" | "write"> {
  if (!isUuid(campaignId)) return "missing";
  const [row] = rowsOf<{ mine: number; others: number; elsewhere: number }>(
    await db.execute(sql`
      select (select count(*) from placement p where p.campaign_id = c.id and ${placementIn(sql`p.id`, scope)})::int as mine,
        (select count(*) from placement p where p.campaign_id = c.id and not ${placementIn(sql`p.id`, scope)})::int as others,
        (select count(*) from campaign_location cl where cl.campaign_id = c.id and ${locationOutside(sql`cl.location_id`, locationIds)})::int as elsewhere
      from campaign c where c.id = ${campaignId}::uuid and c.user_id = ${businessId}`),
  );
  if (!row) return "missing";
  if (scope === null) return "write";
  if (row.mine === 0) return "none";
  return row.others === 0 && row.elsewhere === 0 ? "write" : "read";
}

export type LocationFilter = {
  /** The locations the signed-in user may pick: every location for the owner, their own for a member. */
  locations: Array<{ id: string; name: string }>;
  /** The picked location, or null for all the user may see. */
  selected: string | null;
  /** The placements to count: the picked location's, else the user's whole scope. */
  placementIds: PlacementScope;
};

/**
 * The dashboard's location filter (`?location=<id>`). A location the user may not see, or no
 * location at all, reads as "all locations" (of theirs): the filter only ever narrows the scope.
 */
export async function locationFilterOf(
  db: Database,
  acting: { businessId: string; locationIds: readonly string[] | null; placementIds: PlacementScope },
  requested: string | null,
): Promise<LocationFilter> {
  const rows = rowsOf<{ id: string; name: string }>(
    await db.execute(sql`
      select l.id::text as id, l.name from location l
      where l.user_id = ${acting.businessId}
        and ${
          acting.locationIds === null
            ? sql`true`
            : acting.locationIds.length === 0
              ? sql`false`
              : sql`l.id::text in (${sql.join(
                  acting.locationIds.map((id) => sql`${id}`),
                  sql`, `,
                )})`
        }
      order by l.name, l.id`),
  );
  const picked = rows.find((row) => row.id === requested);
  if (!picked) return { locations: rows, selected: null, placementIds: acting.placementIds };
  return {
    locations: rows,
    selected: picked.id,
    placementIds: await placementScopeOf(db, { businessId: acting.businessId, locationIds: [picked.id] }),
  };
}
