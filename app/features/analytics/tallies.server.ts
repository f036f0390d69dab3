// What a campaign did not count, per reason and day (loads excluded, lead posts refused, visitor
// ids that never came back): kept per campaign and UTC day, read over a range.
// Rules: docs/features/counting.md.
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { LEAD_REFUSAL_REASONS, SCAN_EXCLUSION_REASONS, VISITOR_ID_EVENTS } from "~/db/schema";
import type { CampaignScope } from "./analytics.server";
import type { ExclusionCounts, RefusalCounts } from "./analytics";
import { readRollupState } from "./rollups.server";

/**
 * Per-reason tallies of one campaign (`scan_exclusion`, `lead_refusal`) over the range. They are
 * kept per UTC day, so a range's first and last day are matched by their UTC dates (at most a few
 * hours off the owner's zone); reasons no longer known are left out. Exclusions of the UTC days
 * before the one the rollup job is in come from the rollups (`campaign_rollup_day`), later ones from `scan_exclusion`.
 */
async function countPerReason<Reason extends string>(
  db: Database,
  scope: CampaignScope,
  tally: { table: "scan_exclusion" | "lead_refusal" | "visitor_id_count"; reasons: readonly Reason[] },
): Promise<Partial<Record<Reason, number>>> {
  // Kept per campaign and day, not per placement: no location's share can be told, so a member sees none.
  if (scope.placementIds !== undefined && scope.placementIds !== null) return {};
  const days = sql`between ${scope.from}::date and ${scope.to}::date`;
  let query = sql`
      select t.reason, sum(t.count)::int as count
      from ${sql.identifier(tally.table)} t
      where t.campaign_id = ${scope.campaignId} and t.day ${days}
      group by 1`;
  if (tally.table === "scan_exclusion") {
    const state = scope.spans ? { coveredTo: scope.spans.coveredTo, days: scope.spans.dayLevel } : await readRollupState(db);
    const { coveredTo } = state;
    // The first UTC day the rollups do not hold whole.
    const open = coveredTo ? sql`(${coveredTo}::timestamptz at time zone 'UTC')::date` : sql`'-infinity'::date`;
    // One row per day at the day level ("The day level"); at the hourly level, the day's first hour.
    const rolled = state.days
      ? sql`campaign_rollup_day r, jsonb_each_text(r.exclusions) e
        where r.campaign_id = ${scope.campaignId} and r.placement_id is null and r.exclusions <> '{}'::jsonb
          and r.day ${days} and r.day < ${open}`
      : sql`campaign_rollup r, jsonb_each_text(r.exclusions) e
        where r.campaign_id = ${scope.campaignId} and r.placement_id is null and r.exclusions <> '{}'::jsonb
          and (r.hour at time zone 'UTC')::date ${days} and (r.hour at time zone 'UTC')::date < ${open}`;
    query = sql`
      select x.reason, sum(x.count)::int as count from (
        select e.key as reason, e.value::int as count
        from ${rolled}
        union all
        select t.reason, t.count from scan_exclusion t
        where t.campaign_id = ${scope.campaignId} and t.day ${days} and t.day >= ${open}
      ) x
      group by 1`;
  }
  const rows = rowsOf<{ reason: Reason; count: number }>(await db.execute(query));
  const counts: Partial<Record<Reason, number>> = {};
  // A burst's load whose lead arrived is taken back; another process may write the take-back first.
  for (const row of rows) if (tally.reasons.includes(row.reason) && row.count > 0) counts[row.reason] = row.count;
  return counts;
}

/** Loads not counted, by reason. */
export function countExclusions(db: Database, scope: CampaignScope): Promise<ExclusionCounts> {
  return countPerReason(db, scope, { table: "scan_exclusion", reasons: SCAN_EXCLUSION_REASONS });
}

/** Refused lead submissions, by reason. */
export function countLeadRefusals(db: Database, scope: CampaignScope): Promise<RefusalCounts> {
  return countPerReason(db, scope, { table: "lead_refusal", reasons: LEAD_REFUSAL_REASONS });
}

/**
 * How exact "unique" is: counted scans that gave their browser a new visitor id,
 * and how many of those ids never came back (cookies refused, or the browser left at once).
 */
export async function countVisitorIds(db: Database, scope: CampaignScope) {
  const counts = await countPerReason(db, scope, { table: "visitor_id_count", reasons: VISITOR_ID_EVENTS });
  const issued = counts.issued ?? 0;
  return { issued, neverBack: Math.max(0, issued - (counts.returned ?? 0)) };
}
