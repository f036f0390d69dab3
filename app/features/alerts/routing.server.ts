// Which campaigns and locations alert which channel (docs/features/alerts.md, "Routing"): kept on
// the channel (null: all), enforced where leads are noted and events queued, never in the browser.
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { refused } from "~/features/languages/owner/refusals";

/**
 * Whether the channel `ch` takes a lead or event of `campaignId`, through `placementId`: a channel
 * limited to locations takes only what came through a placement at one of them. `placementId`
 * undefined: the event has no place (a campaign's scan limit), so only campaigns count.
 */
export function routedTo(campaignId: SQL, placementId?: SQL) {
  const location =
    placementId === undefined
      ? sql`true`
      : sql`(ch.location_ids is null or exists (select 1 from placement rp where rp.id = ${placementId} and rp.location_id = any(ch.location_ids)))`;
  return sql`((ch.campaign_ids is null or ${campaignId} = any(ch.campaign_ids)) and ${location})`;
}

/**
 * A team member's channel (`ch.member_id`) takes only what came through a placement at one of their
 * locations, and only while they are still a manager or viewer of the business (docs/features/alerts.md,
 * "Team members' own alerts"); the owner's channels are not held. Without a placement: owner only.
 */
export function heldToMember(placementId: SQL) {
  return sql`(ch.member_id is null or exists (
    select 1 from business_member hm
      join business_member_location hml on hml.member_id = hm.id
      join placement hp on hp.location_id = hml.location_id
     where hm.id = ch.member_id and hm.role in ('manager', 'viewer') and hp.id = ${placementId}))`;
}

/** The business a channel alerts for: its member's business, else its owner's own. */
export const CHANNEL_BUSINESS = sql`coalesce((select bm.business_id from business_member bm where bm.id = ch.member_id), ch.user_id)`;

/** Whether the channel belongs to a viewer, whose messages name no visitor and link the dashboard (no lead details in that role). */
export const CHANNEL_IS_VIEWER = sql`exists (select 1 from business_member vm where vm.id = ch.member_id and vm.role = 'viewer')`;

export type RoutingOption = { id: string; name: string };

/**
 * The business's campaigns and locations to choose from; a member chooses among their own
 * locations and the campaigns with a placement there (docs/features/team.md, "What each role sees").
 */
export async function routingOptions(db: Database, scope: { businessId: string; locationIds: string[] | null }) {
  const theirCampaigns =
    scope.locationIds === null
      ? sql`true`
      : sql`exists (select 1 from placement p where p.campaign_id = campaign.id and p.location_id = any(${uuidArray(scope.locationIds)}))`;
  const campaigns = rowsOf<RoutingOption>(
    await db.execute(sql`select id::text, title as name from campaign where user_id = ${scope.businessId} and ${theirCampaigns} order by created_at`),
  );
  const theirs = scope.locationIds === null ? sql`true` : sql`id = any(${uuidArray(scope.locationIds)})`;
  const locations = rowsOf<RoutingOption>(
    await db.execute(sql`select id::text, name from location where user_id = ${scope.businessId} and ${theirs} order by name`),
  );
  return { campaigns, locations };
}

function uuidArray(ids: string[] | null) {
  if (ids === null) return sql`null`;
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]::uuid[]`;
}

/**
 * Saves a channel's routing: `null` for all, else the chosen ids that are the business's own (and,
 * for a member, their locations'; others are ignored); choosing "only these" with none of one's
 * own is refused. A member's channel is held to their locations anyway, whatever is saved here.
 */
export async function saveRouting(
  db: Database,
  options: { scope: { businessId: string; locationIds: string[] | null }; which: SQL; campaigns: string[] | null; locations: string[] | null },
) {
  const own = await routingOptions(db, options.scope);
  const keep = (chosen: string[] | null, from: RoutingOption[], none: "alerts.chooseCampaign" | "alerts.chooseLocation") => {
    if (chosen === null) return null;
    const kept = from.filter((option) => chosen.includes(option.id)).map((option) => option.id);
    if (kept.length === 0) throw refused("alert_refused", none);
    return kept;
  };
  const campaigns = keep(options.campaigns, own.campaigns, "alerts.chooseCampaign");
  const locations = keep(options.locations, own.locations, "alerts.chooseLocation");
  const updated = rowsOf(
    await db.execute(sql`
      update alert_channel set campaign_ids = ${uuidArray(campaigns)}, location_ids = ${uuidArray(locations)}, routed_from = now()
       where ${options.which} and status = 'proven' returning id`),
  );
  if (updated.length === 0) throw refused("alert_refused", "alerts.proveFirst");
}
