// A member's all-time figures and campaign list: the kept counts hold every location, so a
// member's are summed from their placements' rolled hours and raw rows.
// Rules: docs/features/team.md ("What each role sees"); docs/features/counting.md ("Rollups").
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { listCampaigns } from "~/features/campaigns/campaigns.server";
import { locationOutside, placementIn, type PlacementScope } from "~/features/team/scope.server";
import { rawIn, rolledIn } from "./analytics.server";
import { rolledAllTime } from "./rollup-days.server";
import { CONVERTED_VISITOR, readRollupState } from "./rollups.server";

export type ScopedFigures = { scans: number; leads: number; visitors: number; converted: number; redeemed: number };

/**
 * All-time figures of some campaigns over a member's placements only: the cards and totals a
 * member sees. The campaigns' kept counts hold every location, so these are summed instead from
 * the rolled hours of the placements plus the raw rows after them ("Rollups"), and redemptions
 * from the codes claimed through the placements.
 */
export async function countScopedCampaignFigures(
  db: Database,
  { campaignIds, placementIds }: { campaignIds: readonly string[]; placementIds: PlacementScope },
): Promise<Map<string, ScopedFigures>> {
  if (campaignIds.length === 0) return new Map();
  const state = await readRollupState(db);
  const { coveredTo } = state;
  const rawAt = (at: SQL) => (coveredTo ? sql`${at} >= ${coveredTo}::timestamptz` : sql`true`);
  const ids = sql`(${sql.join(
    campaignIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
  const scope = { placementIds };
  const rows = rowsOf<ScopedFigures & { campaignId: string }>(
    await db.execute(sql`
      select x.campaign_id as "campaignId", sum(x.scans)::int as scans, sum(x.leads)::int as leads,
        sum(x.visitors)::int as visitors, sum(x.converted)::int as converted, sum(x.redeemed)::int as redeemed
      from (
        select r.campaign_id, r.scans, r.leads, r.uniques as visitors, r.converted, 0 as redeemed
        from ${rolledAllTime(state, sql`r.campaign_id in ${ids} and ${rolledIn(scope)}`)} r
        union all
        select s.campaign_id, 1, 0, s.is_unique::int, (${CONVERTED_VISITOR})::int, 0
        from scan s where s.campaign_id in ${ids} and ${rawAt(sql`s.timestamp`)} and ${rawIn(scope, "s")}
        union all
        select l.campaign_id, 0, 1, 0, 0, 0
        from lead l where l.campaign_id in ${ids} and ${rawAt(sql`l.collected_at`)} and ${rawIn(scope, "l")}
        union all
        select o.campaign_id, 0, 0, 0, 0, 1
        from offer_code o join lead l on l.id = o.lead_id
        where o.campaign_id in ${ids} and o.redeemed_at is not null and ${rawIn(scope, "l")}
      ) x
      group by 1`),
  );
  return new Map(rows.map(({ campaignId, ...figures }) => [campaignId, figures]));
}

/**
 * The campaigns a signed-in user sees, newest first, with their all-time figures: the owner's from
 * the kept counts; a member's only those with a placement at their locations, with figures of
 * those placements alone (`countScopedCampaignFigures`).
 */
export async function listCampaignsInScope(
  db: Database,
  options: Parameters<typeof listCampaigns>[1] & {
    /** A member's locations: a campaign also limited to another location is shared (read-only for them). */
    locationIds?: readonly string[] | null;
  },
) {
  const campaigns = await listCampaigns(db, options);
  if (options.placementIds === undefined || options.placementIds === null) return campaigns.map((row) => ({ ...row, shared: false }));
  const ids = campaigns.map((row) => row.id);
  const [figures, shared] = await Promise.all([
    countScopedCampaignFigures(db, { campaignIds: ids, placementIds: options.placementIds }),
    ids.length === 0
      ? new Set<string>()
      : db
          .execute(
            sql`select distinct p.campaign_id as id from placement p
              where p.campaign_id in (${sql.join(
                ids.map((id) => sql`${id}::uuid`),
                sql`, `,
              )}) and not ${placementIn(sql`p.id`, options.placementIds)}
              union select cl.campaign_id from campaign_location cl
              where cl.campaign_id in (${sql.join(
                ids.map((id) => sql`${id}::uuid`),
                sql`, `,
              )}) and ${locationOutside(sql`cl.location_id`, options.locationIds)}`,
          )
          .then((result) => new Set(rowsOf<{ id: string }>(result).map((row) => row.id))),
  ]);
  const none: ScopedFigures = { scans: 0, leads: 0, visitors: 0, converted: 0, redeemed: 0 };
  return campaigns.map((row) => ({ ...row, ...(figures.get(row.id) ?? none), shared: shared.has(row.id) }));
}
