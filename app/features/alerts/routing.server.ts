// Which campaigns and locations alert which channel (docs/features/alerts.md, "Routing"): kept on
// the channel (null: all), enforced where leads are noted and events queued, never in the browser.
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { DomainError } from "~/utils/domain-error";

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

export type RoutingOption = { id: string; name: string };

/** The owner's campaigns and locations to choose from. */
export async function routingOptions(db: Database, userId: string) {
  const campaigns = rowsOf<RoutingOption>(
    await db.execute(sql`select id::text, title as name from campaign where user_id = ${userId} order by created_at`),
  );
  const locations = rowsOf<RoutingOption>(await db.execute(sql`select id::text, name from location where user_id = ${userId} order by name`));
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
 * Saves a channel's routing: `null` for all, else the chosen ids that are the owner's own (others
 * are ignored); choosing "only these" with none of one's own is refused.
 */
export async function saveRouting(db: Database, options: { userId: string; which: SQL; campaigns: string[] | null; locations: string[] | null }) {
  const own = await routingOptions(db, options.userId);
  const keep = (chosen: string[] | null, from: RoutingOption[], what: string) => {
    if (chosen === null) return null;
    const kept = from.filter((option) => chosen.includes(option.id)).map((option) => option.id);
    if (kept.length === 0) throw new DomainError("alert_refused", `Choose at least one ${what}, or all of them.`);
    return kept;
  };
  const campaigns = keep(options.campaigns, own.campaigns, "campaign");
  const locations = keep(options.locations, own.locations, "location");
  const updated = rowsOf(
    await db.execute(sql`
      update alert_channel set campaign_ids = ${uuidArray(campaigns)}, location_ids = ${uuidArray(locations)}, routed_from = now()
       where ${options.which} and status = 'proven' returning id`),
  );
  if (updated.length === 0) throw new DomainError("alert_refused", "Prove this channel first.");
}
