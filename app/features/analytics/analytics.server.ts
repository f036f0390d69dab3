// The analytics queries, shared by the campaign analytics page and the dashboard so that a "scan",
// a "unique scan" and a "lead" mean the same thing everywhere.
// A counted scan is one `scan` row; a unique scan is one with `is_unique` (the visitor's first
// counted scan of the campaign that UTC day); what was not counted lives in `scan_exclusion`.
// Rules: docs/features/counting.md ("Placements", "Conversion"); docs/features/capture-and-leads.md ("What counts as a
//   scan", "Token budgets").
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { campaign } from "~/db/schema";
import { conversionOf } from "~/features/campaigns/campaigns";
import type { PlacementFigures } from "~/features/placements/placements.server";
import { campaignInScope, placementIn, type PlacementScope } from "~/features/team/scope.server";
import { conversionRate, daysOf, type DateRange, type ExclusionCounts, type RefusalCounts } from "./analytics";
import { rolledAllTime, rolledHours, rolledRows } from "./rollup-days.server";
import { CONVERTED_VISITOR, readRollupState, spansOf, type Spans } from "./rollups.server";
import { countExclusions, countLeadRefusals, countVisitorIds } from "./tallies.server";

export { CONVERTED_VISITOR };
export { countExclusions, countLeadRefusals, countVisitorIds };

/**
 * A campaign's unique visitors and those who became leads, all time: the API's and the campaign
 * page's conversion. The hours the rollup job covers from `campaign_rollup`, the rest from `scan`.
 */
export async function countConversion(db: Database, campaignId: string) {
  const state = await readRollupState(db);
  const { coveredTo } = state;
  const raw = coveredTo ? sql`s.timestamp >= ${coveredTo}::timestamptz` : sql`true`;
  const [row] = rowsOf<{ unique: number; converted: number }>(
    await db.execute(sql`
      select coalesce(sum(x."unique"), 0)::int as "unique", coalesce(sum(x.converted), 0)::int as converted from (
        select r.uniques as "unique", r.converted from ${rolledAllTime(state, sql`r.campaign_id = ${campaignId}`)} r
        union all
        select count(*) filter (where s.is_unique), count(*) filter (where ${CONVERTED_VISITOR})
        from scan s where s.campaign_id = ${campaignId} and ${raw}
      ) x`),
  );
  const unique = row?.unique ?? 0;
  const converted = row?.converted ?? 0;
  return { unique, converted, conversion: conversionOf(converted, unique) };
}

/**
 * One campaign over a range of the owner's days, after the ownership check; `spans` (how the range
 * splits between rollups and raw rows, "Rollups") is read once per page when given.
 */
export type CampaignScope = {
  campaignId: string;
  timeZone: string;
  from: string;
  to: string;
  spans?: Spans;
  /** A member's placements (docs/features/team.md): rolled hours and raw rows of these only. Absent or null: all. */
  placementIds?: PlacementScope;
};

/** The scope's condition on a rollup row (`r`) or a raw row's placement column. */
export const rolledIn = (scope: Pick<CampaignScope, "placementIds">) => placementIn(sql`r.placement_id`, scope.placementIds);
export const rawIn = (scope: Pick<CampaignScope, "placementIds">, alias: "s" | "l") =>
  placementIn(sql.raw(`${alias}.placement_id`), scope.placementIds);

async function spansFor(db: Database, scope: Pick<CampaignScope, "timeZone" | "from" | "to" | "spans">) {
  return scope.spans ?? spansOf(db, scope);
}

/** A rollup row's placement when that placement still exists: a deleted one's rows are "no placement", like its scans. */
const LIVE_PLACEMENT = sql`(select p.id from placement p where p.id = r.placement_id)`;

export type DayCounts = { day: string; scans: number; unique: number; qr: number; leads: number; converted: number };

/** Counted, unique and QR scans per day of the owner's zone: rolled-up hours plus the raw rest. */
export async function countScansByDay(db: Database, scope: CampaignScope) {
  const spans = await spansFor(db, scope);
  return rowsOf<{ day: string; scans: number; unique: number; qr: number; converted: number }>(
    await db.execute(sql`
      select to_char(x.day, 'YYYY-MM-DD') as day, sum(x.scans)::int as scans, sum(x."unique")::int as "unique",
        sum(x.qr)::int as qr, sum(x.converted)::int as converted
      from (
        select r.day, r.sign * r.scans as scans, r.sign * r.uniques as "unique", r.sign * r.qr as qr, r.sign * r.converted as converted
        from ${rolledRows(spans, sql`r.campaign_id = ${scope.campaignId} and r.scans > 0 and ${rolledIn(scope)}`, { byDay: true })} r
        union all
        select (s.timestamp at time zone ${scope.timeZone})::date, count(*), count(*) filter (where s.is_unique),
          count(*) filter (where s.source = 'qr'), count(*) filter (where ${CONVERTED_VISITOR})
        from scan s
        where s.campaign_id = ${scope.campaignId} and ${spans.raw(sql`s.timestamp`)} and ${rawIn(scope, "s")}
        group by 1
      ) x
      group by x.day`),
  );
}

/** Leads per day of the owner's zone. */
export async function countLeadsByDay(db: Database, scope: CampaignScope) {
  const spans = await spansFor(db, scope);
  return rowsOf<{ day: string; leads: number }>(
    await db.execute(sql`
      select to_char(x.day, 'YYYY-MM-DD') as day, sum(x.leads)::int as leads
      from (
        select r.day, r.sign * r.leads as leads
        from ${rolledRows(spans, sql`r.campaign_id = ${scope.campaignId} and r.leads > 0 and ${rolledIn(scope)}`, { byDay: true })} r
        union all
        select (l.collected_at at time zone ${scope.timeZone})::date, count(*)
        from lead l
        where l.campaign_id = ${scope.campaignId} and ${spans.raw(sql`l.collected_at`)} and ${rawIn(scope, "l")}
        group by 1
      ) x
      group by x.day`),
  );
}

/** Counted scans by device type, and by operating system ("" when unknown). */
export async function splitScansByDevice(db: Database, scope: CampaignScope) {
  const spans = await spansFor(db, scope);
  const rolled = rolledRows(spans, sql`r.campaign_id = ${scope.campaignId} and r.scans > 0 and ${rolledIn(scope)}`);
  const raw = sql`s.campaign_id = ${scope.campaignId} and ${spans.raw(sql`s.timestamp`)} and ${rawIn(scope, "s")}`;
  const [devices, systems] = await Promise.all([
    db.execute(sql`
      select x.device, sum(x.scans)::int as scans from (
        select d.device, sum(r.sign * case d.device when 'mobile' then r.mobile else r.desktop end) as scans
        from ${rolled} r cross join (values ('mobile'), ('desktop')) d(device) group by 1
        union all select s.device_type, count(*) from scan s where ${raw} group by 1
      ) x group by 1 having sum(x.scans) > 0`),
    db.execute(sql`
      select x.os, sum(x.scans)::int as scans from (
        select o.key as os, r.sign * o.value::int as scans from ${rolled} r, jsonb_each_text(r.systems) o
        union all select coalesce(s.os, ''), count(*) from scan s where ${raw} group by 1
      ) x group by 1 having sum(x.scans) > 0`),
  ]);
  return {
    devices: rowsOf<{ device: "mobile" | "desktop"; scans: number }>(devices),
    systems: rowsOf<{ os: string; scans: number }>(systems),
  };
}

/**
 * Counted scans by ISO weekday (1 = Monday) and hour of the owner's zone. A rolled-up UTC hour is
 * placed in the owner's hour it starts in (exact in zones with whole-hour offsets).
 */
export async function countScansByHour(db: Database, scope: CampaignScope) {
  const spans = await spansFor(db, scope);
  return rowsOf<{ weekday: number; hour: number; scans: number }>(
    await db.execute(sql`
      select extract(isodow from x.at at time zone ${scope.timeZone})::int as weekday,
        extract(hour from x.at at time zone ${scope.timeZone})::int as hour, sum(x.scans)::int as scans
      from (
        -- Summed per UTC hour first: the zone's conversion then runs once an hour, not once a placement's hour.
        select r.at, sum(r.scans) as scans from ${rolledHours(spans, sql`r.campaign_id = ${scope.campaignId} and ${rolledIn(scope)}`)} r group by 1
        union all
        select s.timestamp, 1 from scan s
        where s.campaign_id = ${scope.campaignId} and ${spans.raw(sql`s.timestamp`)} and ${rawIn(scope, "s")}
      ) x
      group by 1, 2`),
  );
}

/**
 * Every placement of the campaign with its scans, unique scans and leads in the range, then one
 * row for what came from no placement (the campaign's own code or the shared link).
 */
export async function comparePlacements(db: Database, scope: CampaignScope): Promise<PlacementFigures[]> {
  const spans = await spansFor(db, scope);
  const rows = rowsOf<{ id: string | null; name: string | null; scans: number; unique: number; leads: number; converted: number }>(
    await db.execute(sql`
      with rolled as (
        -- Summed per placement first: a year is thousands of hourly rows per placement.
        select r.placement_id, sum(r.sign * r.scans) as scans, sum(r.sign * r.uniques) as uniques, sum(r.sign * r.converted) as converted,
          sum(r.sign * r.leads) as leads
        from ${rolledRows(spans, sql`r.campaign_id = ${scope.campaignId} and ${rolledIn(scope)}`)} r
        group by r.placement_id
      ), e as (
        select ${LIVE_PLACEMENT} as placement_id, r.scans, r.uniques as "unique", r.converted, r.leads
        from rolled r
        union all
        select s.placement_id, 1, s.is_unique::int, (${CONVERTED_VISITOR})::int, 0
        from scan s where s.campaign_id = ${scope.campaignId} and ${spans.raw(sql`s.timestamp`)} and ${rawIn(scope, "s")}
        union all
        select l.placement_id, 0, 0, 0, 1
        from lead l where l.campaign_id = ${scope.campaignId} and ${spans.raw(sql`l.collected_at`)} and ${rawIn(scope, "l")}
      ), s as (
        select e.placement_id, sum(e.scans)::int as scans, sum(e."unique")::int as "unique", sum(e.converted)::int as converted,
          sum(e.leads)::int as leads
        from e group by 1
      )
      select p.id, p.name, coalesce(s.scans, 0)::int as scans, coalesce(s."unique", 0)::int as "unique",
        coalesce(s.leads, 0)::int as leads, coalesce(s.converted, 0)::int as converted, p.created_at
      from placement p
      left join s on s.placement_id = p.id
      where p.campaign_id = ${scope.campaignId} and ${placementIn(sql`p.id`, scope.placementIds)}
      union all
      select null, null, coalesce((select scans from s where placement_id is null), 0),
        coalesce((select "unique" from s where placement_id is null), 0),
        coalesce((select leads from s where placement_id is null), 0),
        coalesce((select converted from s where placement_id is null), 0), null
      -- A member's scope holds no "no placement" row: the campaign's own code belongs to no location.
      where ${scope.placementIds === undefined || scope.placementIds === null ? sql`true` : sql`false`}
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
  /** When the rollup job last ran (null: never; every figure then came from the raw rows). */
  rolledAt: string | null;
};

const DEVICE_NAMES = { mobile: "Mobile", desktop: "Desktop" } as const;

/** Everything the campaign analytics page shows for a range; null when the campaign is not the owner's. */
export async function getCampaignAnalytics(
  db: Database,
  options: {
    userId: string;
    campaignId: string;
    timeZone: string;
    range: DateRange;
    /** The placements counted: a member's, or one location's (the filter). Absent or null: all. */
    placementIds?: PlacementScope;
    /** The member's own scope, which the campaign must reach (null or absent: the owner). Defaults to `placementIds`. */
    reach?: PlacementScope;
  },
): Promise<CampaignAnalytics | null> {
  const [owned] = await db
    .select({ id: campaign.id })
    .from(campaign)
    .where(
      and(
        eq(campaign.id, options.campaignId),
        eq(campaign.userId, options.userId),
        campaignInScope(sql`${campaign.id}`, options.reach === undefined ? options.placementIds : options.reach),
      ),
    );
  if (!owned) return null;
  const range = { timeZone: options.timeZone, from: options.range.from, to: options.range.to };
  const scope: CampaignScope = { campaignId: owned.id, ...range, spans: await spansOf(db, range), placementIds: options.placementIds ?? null };
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
    devices: tally(deviceRows.devices.map((row) => [DEVICE_NAMES[row.device] ?? "Other", row.scans])),
    systems: tally(deviceRows.systems.map((row) => [row.os || "Unknown", row.scans])),
    heatMap,
    placements,
    exclusions,
    refusals,
    visitorIds,
    rolledAt: scope.spans!.ranAt,
  };
}

/**
 * Rows per calendar day of the owner's zone over all the owner's campaigns, between two days
 * (both included): the dashboard's chart and trend, with the same definitions as above.
 */
export async function countOwnerPerDay(
  db: Database,
  options: { userId: string; timeZone: string; from: string; to: string; table: "lead" | "scan"; spans?: Spans; placementIds?: PlacementScope },
): Promise<Map<string, number>> {
  const spans = options.spans ?? (await spansOf(db, options));
  const at = options.table === "lead" ? sql`x.collected_at` : sql`x.timestamp`;
  const table = options.table === "lead" ? sql`lead` : sql`scan`;
  const measure = options.table === "lead" ? sql`r.leads` : sql`r.scans`;
  const owned = sql`r.campaign_id in (select c.id from campaign c where c.user_id = ${options.userId})`;
  const rows = rowsOf<{ day: string; count: number }>(
    await db.execute(sql`
      select to_char(d.day, 'YYYY-MM-DD') as day, sum(d.count)::int as count
      from (
        select r.day, r.sign * ${measure} as count
        from ${rolledRows(spans, sql`${owned} and ${measure} > 0 and ${rolledIn(options)}`, { byDay: true })} r
        union all
        select (${at} at time zone ${options.timeZone})::date as day, count(*)
        from ${table} x join campaign c on c.id = x.campaign_id
        where c.user_id = ${options.userId} and ${spans.raw(at)} and ${placementIn(sql`x.placement_id`, options.placementIds)}
        group by 1
      ) d
      group by d.day`),
  );
  return new Map(rows.map((row) => [row.day, Number(row.count)]));
}
