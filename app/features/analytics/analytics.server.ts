// The analytics queries, shared by the campaign analytics page and the dashboard so that a "scan",
// a "unique scan" and a "lead" mean the same thing everywhere.
// A counted scan is one `scan` row; a unique scan is one with `is_unique` (the visitor's first
// counted scan of the campaign that UTC day); what was not counted lives in `scan_exclusion`.
// Rules: docs/features/counting.md ("Placements", "Conversion"); docs/features/capture-and-leads.md ("What counts as a
//   scan", "Token budgets").
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { campaign, LEAD_REFUSAL_REASONS, SCAN_EXCLUSION_REASONS, VISITOR_ID_EVENTS } from "~/db/schema";
import { conversionOf } from "~/features/campaigns/campaigns";
import type { PlacementFigures } from "~/features/placements/placements.server";
import { conversionRate, daysOf, type DateRange, type ExclusionCounts, type RefusalCounts } from "./analytics";

/**
 * Of the unique scans `s` (a browser's first counted scan of the campaign that day), those whose
 * browser became a lead from any of its scans (the visitor hash changes daily, so "the same hash"
 * is "the same browser, the same day"). A subset of the unique scans: conversion = converted ÷
 * unique can never pass 100 %. Leads without a scan (the "What counts as a scan" shared-token
 * fallback) are nobody's visitor and do not convert anyone.
 */
export const CONVERTED_VISITOR = sql`s.is_unique and exists (
  select 1 from lead cl join scan cs on cs.id = cl.scan_id
  where cs.campaign_id = s.campaign_id and (cs.id = s.id or cs.visitor_hash = s.visitor_hash))`;

/** A campaign's unique visitors and those who became leads, all time: the API's and the campaign page's conversion. */
export async function countConversion(db: Database, campaignId: string) {
  const [row] = rowsOf<{ unique: number; converted: number }>(
    await db.execute(sql`
      select count(*) filter (where s.is_unique)::int as "unique", count(*) filter (where ${CONVERTED_VISITOR})::int as converted
      from scan s where s.campaign_id = ${campaignId}`),
  );
  const unique = row?.unique ?? 0;
  const converted = row?.converted ?? 0;
  return { unique, converted, conversion: conversionOf(converted, unique) };
}

/** One campaign over a range of the owner's days, after the ownership check. */
export type CampaignScope = { campaignId: string; timeZone: string; from: string; to: string };

/** `at` within the scope's days, boundaries computed by PostgreSQL in the owner's zone; the morning summary counts redemptions by it too. */
export function within(at: SQL, scope: Pick<CampaignScope, "timeZone" | "from" | "to">) {
  return sql`${at} >= (${scope.from}::date::timestamp at time zone ${scope.timeZone})
    and ${at} < ((${scope.to}::date + 1)::timestamp at time zone ${scope.timeZone})`;
}

export type DayCounts = { day: string; scans: number; unique: number; qr: number; leads: number; converted: number };

/** Counted, unique and QR scans per day of the owner's zone. */
export async function countScansByDay(db: Database, scope: CampaignScope) {
  return rowsOf<{ day: string; scans: number; unique: number; qr: number; converted: number }>(
    await db.execute(sql`
      select to_char(x.day, 'YYYY-MM-DD') as day, x.scans, x."unique", x.qr, x.converted
      from (
        select (s.timestamp at time zone ${scope.timeZone})::date as day, count(*)::int as scans,
          count(*) filter (where s.is_unique)::int as "unique", count(*) filter (where s.source = 'qr')::int as qr,
          count(*) filter (where ${CONVERTED_VISITOR})::int as converted
        from scan s
        where s.campaign_id = ${scope.campaignId} and ${within(sql`s.timestamp`, scope)}
        group by 1
      ) x`),
  );
}

/** Leads per day of the owner's zone. */
export async function countLeadsByDay(db: Database, scope: CampaignScope) {
  return rowsOf<{ day: string; leads: number }>(
    await db.execute(sql`
      select to_char(x.day, 'YYYY-MM-DD') as day, x.leads
      from (
        select (l.collected_at at time zone ${scope.timeZone})::date as day, count(*)::int as leads
        from lead l
        where l.campaign_id = ${scope.campaignId} and ${within(sql`l.collected_at`, scope)}
        group by 1
      ) x`),
  );
}

/** Counted scans by device type and operating system. */
export async function splitScansByDevice(db: Database, scope: CampaignScope) {
  return rowsOf<{ device: "mobile" | "desktop"; os: string | null; scans: number }>(
    await db.execute(sql`
      select s.device_type as device, s.os, count(*)::int as scans
      from scan s
      where s.campaign_id = ${scope.campaignId} and ${within(sql`s.timestamp`, scope)}
      group by 1, 2`),
  );
}

/** Counted scans by ISO weekday (1 = Monday) and hour of the owner's zone. */
export async function countScansByHour(db: Database, scope: CampaignScope) {
  return rowsOf<{ weekday: number; hour: number; scans: number }>(
    await db.execute(sql`
      select extract(isodow from s.timestamp at time zone ${scope.timeZone})::int as weekday,
        extract(hour from s.timestamp at time zone ${scope.timeZone})::int as hour, count(*)::int as scans
      from scan s
      where s.campaign_id = ${scope.campaignId} and ${within(sql`s.timestamp`, scope)}
      group by 1, 2`),
  );
}

/**
 * Every placement of the campaign with its scans, unique scans and leads in the range, then one
 * row for what came from no placement (the campaign's own code or the shared link).
 */
export async function comparePlacements(db: Database, scope: CampaignScope): Promise<PlacementFigures[]> {
  const rows = rowsOf<{ id: string | null; name: string | null; scans: number; unique: number; leads: number; converted: number }>(
    await db.execute(sql`
      with s as (
        select s.placement_id, count(*)::int as scans, count(*) filter (where s.is_unique)::int as "unique",
          count(*) filter (where ${CONVERTED_VISITOR})::int as converted
        from scan s where s.campaign_id = ${scope.campaignId} and ${within(sql`s.timestamp`, scope)}
        group by 1
      ), l as (
        select l.placement_id, count(*)::int as leads
        from lead l where l.campaign_id = ${scope.campaignId} and ${within(sql`l.collected_at`, scope)}
        group by 1
      )
      select p.id, p.name, coalesce(s.scans, 0)::int as scans, coalesce(s."unique", 0)::int as "unique",
        coalesce(l.leads, 0)::int as leads, coalesce(s.converted, 0)::int as converted, p.created_at
      from placement p
      left join s on s.placement_id = p.id
      left join l on l.placement_id = p.id
      where p.campaign_id = ${scope.campaignId}
      union all
      select null, null, coalesce((select scans from s where placement_id is null), 0),
        coalesce((select "unique" from s where placement_id is null), 0),
        coalesce((select leads from l where placement_id is null), 0),
        coalesce((select converted from s where placement_id is null), 0), null
      order by created_at nulls last, id`),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name ?? "No placement",
    scans: row.scans,
    unique: row.unique,
    leads: row.leads,
    conversion: conversionOf(row.converted, row.unique),
  }));
}

/**
 * Per-reason tallies of one campaign (`scan_exclusion`, `lead_refusal`) over the range. They are
 * kept per UTC day, so a range's first and last day are matched by their UTC dates (at most a few
 * hours off the owner's zone); reasons no longer known are left out.
 */
async function countPerReason<Reason extends string>(
  db: Database,
  scope: CampaignScope,
  tally: { table: "scan_exclusion" | "lead_refusal" | "visitor_id_count"; reasons: readonly Reason[] },
): Promise<Partial<Record<Reason, number>>> {
  const rows = rowsOf<{ reason: Reason; count: number }>(
    await db.execute(sql`
      select t.reason, sum(t.count)::int as count
      from ${sql.identifier(tally.table)} t
      where t.campaign_id = ${scope.campaignId} and t.day between ${scope.from}::date and ${scope.to}::date
      group by 1`),
  );
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

export type CampaignAnalytics = {
  totals: {
    scans: number;
    unique: number;
    qr: number;
    link: number;
    leads: number;
    /** Unique visitors who became leads ÷ unique visitors (`conversionOf`): at most 100 %. */
    conversion: number;
    /** The spec's leads ÷ scans. */
    conversionOnScans: number;
  };
  byDay: DayCounts[];
  devices: Array<{ name: string; scans: number }>;
  systems: Array<{ name: string; scans: number }>;
  /** 7 rows (Monday first) of 24 hourly counts. */
  heatMap: number[][];
  placements: PlacementFigures[];
  exclusions: ExclusionCounts;
  refusals: RefusalCounts;
  /** Counted scans whose new visitor id never came back: each may be a person counted again. */
  visitorIds: { issued: number; neverBack: number };
};

const DEVICE_NAMES = { mobile: "Mobile", desktop: "Desktop" } as const;

/** Everything the campaign analytics page shows for a range; null when the campaign is not the owner's. */
export async function getCampaignAnalytics(
  db: Database,
  options: { userId: string; campaignId: string; timeZone: string; range: DateRange },
): Promise<CampaignAnalytics | null> {
  const [owned] = await db
    .select({ id: campaign.id })
    .from(campaign)
    .where(and(eq(campaign.id, options.campaignId), eq(campaign.userId, options.userId)));
  if (!owned) return null;
  const scope: CampaignScope = { campaignId: owned.id, timeZone: options.timeZone, from: options.range.from, to: options.range.to };
  const [scanDays, leadDays, deviceRows, hourRows, placements, exclusions, refusals, visitorIds] = await Promise.all([
    countScansByDay(db, scope),
    countLeadsByDay(db, scope),
    splitScansByDevice(db, scope),
    countScansByHour(db, scope),
    comparePlacements(db, scope),
    countExclusions(db, scope),
    countLeadRefusals(db, scope),
    countVisitorIds(db, scope),
  ]);

  const scansOn = new Map(scanDays.map((row) => [row.day, row]));
  const leadsOn = new Map(leadDays.map((row) => [row.day, row.leads]));
  const byDay = daysOf(options.range).map((day) => ({
    day,
    scans: scansOn.get(day)?.scans ?? 0,
    unique: scansOn.get(day)?.unique ?? 0,
    qr: scansOn.get(day)?.qr ?? 0,
    leads: leadsOn.get(day) ?? 0,
    converted: scansOn.get(day)?.converted ?? 0,
  }));
  const sum = (key: keyof Omit<DayCounts, "day">) => byDay.reduce((total, row) => total + row[key], 0);
  const scans = sum("scans");
  const unique = sum("unique");
  const qr = sum("qr");
  const leads = sum("leads");
  const converted = sum("converted");

  const tally = (entries: Array<[string, number]>) => {
    const totals = new Map<string, number>();
    for (const [name, count] of entries) totals.set(name, (totals.get(name) ?? 0) + count);
    return [...totals].map(([name, count]) => ({ name, scans: count })).sort((a, b) => b.scans - a.scans || a.name.localeCompare(b.name));
  };
  const heatMap = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const row of hourRows) heatMap[row.weekday - 1]![row.hour] = row.scans;

  return {
    totals: {
      scans,
      unique,
      qr,
      link: scans - qr,
      leads,
      conversion: conversionOf(converted, unique),
      conversionOnScans: conversionRate(leads, scans),
    },
    byDay,
    devices: tally(deviceRows.map((row) => [DEVICE_NAMES[row.device] ?? "Other", row.scans])),
    systems: tally(deviceRows.map((row) => [row.os || "Unknown", row.scans])),
    heatMap,
    placements,
    exclusions,
    refusals,
    visitorIds,
  };
}

/**
 * Rows per calendar day of the owner's zone over all the owner's campaigns, between two days
 * (both included): the dashboard's chart and trend, with the same definitions as above.
 */
export async function countOwnerPerDay(
  db: Database,
  options: { userId: string; timeZone: string; from: string; to: string; table: "lead" | "scan" },
): Promise<Map<string, number>> {
  const at = options.table === "lead" ? sql`x.collected_at` : sql`x.timestamp`;
  const table = options.table === "lead" ? sql`lead` : sql`scan`;
  const rows = rowsOf<{ day: string; count: number }>(
    await db.execute(sql`
      select to_char(d.day, 'YYYY-MM-DD') as day, d.count
      from (
        select (${at} at time zone ${options.timeZone})::date as day, count(*)::int as count
        from ${table} x join campaign c on c.id = x.campaign_id
        where c.user_id = ${options.userId} and ${within(at, options)}
        group by 1
      ) d`),
  );
  return new Map(rows.map((row) => [row.day, Number(row.count)]));
}
