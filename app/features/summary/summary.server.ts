// What the morning summary says (docs/features/summary.md, "What it says"). Scans, unique visitors,
// leads and conversion come from the analytics queries themselves: the summary has
// no counting rule of its own. A campaign's figures are broken down by location (when its
// placements have locations) and by placement.
// Rules: docs/features/counting.md ("Placements").
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { comparePlacements, countLeadsByDay, countScansByDay, type CampaignScope } from "~/features/analytics/analytics.server";
import { readRollupState, spansOf, type Spans } from "~/features/analytics/rollups.server";
import { conversionOf } from "~/features/campaigns/campaigns";
import type { SummaryPeriod } from "./period";

/** Codes that stop working within this many days are listed while still unredeemed. */
export const EXPIRING_WITHIN_DAYS = 3;

/** One period's figures; `conversion` is null when nobody visited (nothing to divide by). */
export type Figures = { scans: number; unique: number; leads: number; redemptions: number; conversion: number | null };
export type Compared = { current: Figures; previous: Figures };
export type SummaryRow = Compared & { id: string | null; name: string };
export type SummaryCampaign = Compared & {
  id: string;
  title: string;
  /**
   * The campaign's figures split by where its code was scanned: by location (its placements'
   * locations; empty when none has one) and by placement (empty when it has no placements).
   */
  breakdowns: { location: SummaryRow[]; placement: SummaryRow[] };
};
export type BrokenThing = { kind: "domain" | "sync" | "webhook"; name: string; reason: string | null; path: string };
export type OwnerSummary = {
  period: SummaryPeriod;
  timeZone: string;
  totals: Compared;
  campaigns: SummaryCampaign[];
  bestPlacement: ({ campaignTitle: string } & SummaryRow) | null;
  expiringCodes: Array<{ campaignTitle: string; codes: number; firstExpiresAt: string }>;
  broken: BrokenThing[];
};

type Counts = { scans: number; unique: number; converted: number; leads: number; redemptions: number };
type Range = { from: string; to: string; spans: Spans };
/** Redemptions per campaign, and per campaign and placement (`campaignId:placementId`, `campaignId:` for none). */
type Redemptions = Map<string, number>;

const ZERO: Counts = { scans: 0, unique: 0, converted: 0, leads: 0, redemptions: 0 };

function figuresOf(counts: Counts): Figures {
  const { converted, ...rest } = counts;
  return { ...rest, conversion: counts.unique === 0 ? null : conversionOf(converted, counts.unique) };
}

/** Everything the owner's summary of `period` says; `now` is when codes "about to expire" are counted from. */
export async function buildSummary(
  db: Database,
  options: { userId: string; timeZone: string; period: SummaryPeriod; now: Date },
): Promise<OwnerSummary> {
  const { userId, timeZone, period } = options;
  const state = await readRollupState(db);
  const [currentSpans, previousSpans, bothSpans] = await Promise.all([
    spansOf(db, { timeZone, from: period.from, to: period.to }, state),
    spansOf(db, { timeZone, from: period.previousFrom, to: period.previousTo }, state),
    spansOf(db, { timeZone, from: period.previousFrom, to: period.to }, state),
  ]);
  const current: Range = { from: period.from, to: period.to, spans: currentSpans };
  const previous: Range = { from: period.previousFrom, to: period.previousTo, spans: previousSpans };
  const [campaigns, redeemedNow, redeemedBefore, expiringCodes, broken, places] = await Promise.all([
    listCampaignsWithActivity(db, { userId, spans: bothSpans }),
    countRedemptions(db, { userId, spans: currentSpans }),
    countRedemptions(db, { userId, spans: previousSpans }),
    listExpiringCodes(db, { userId, now: options.now }),
    listBrokenThings(db, { userId }),
    listPlacesOfPlacements(db, { userId }),
  ]);
  const sections: Array<{ campaign: SummaryCampaign; now: Counts; before: Counts }> = [];
  for (const campaign of campaigns) {
    const scope = (range: Range): CampaignScope => ({ campaignId: campaign.id, timeZone, ...range });
    const [now, before] = await Promise.all([campaignCounts(db, scope(current), redeemedNow), campaignCounts(db, scope(previous), redeemedBefore)]);
    const placement = await placementRows(db, {
      campaignId: campaign.id,
      current: scope(current),
      previous: scope(previous),
      redeemedNow,
      redeemedBefore,
    });
    const location = await locationRows(db, {
      campaignId: campaign.id,
      places: places.filter((place) => place.campaignId === campaign.id),
      current: scope(current),
      previous: scope(previous),
      redeemedNow,
      redeemedBefore,
    });
    sections.push({
      campaign: { id: campaign.id, title: campaign.title, current: figuresOf(now), previous: figuresOf(before), breakdowns: { location, placement } },
      now,
      before,
    });
  }
  const sum = (pick: (section: (typeof sections)[number]) => Counts) =>
    sections.reduce<Counts>((total, section) => {
      const counts = pick(section);
      return {
        scans: total.scans + counts.scans,
        unique: total.unique + counts.unique,
        converted: total.converted + counts.converted,
        leads: total.leads + counts.leads,
        redemptions: total.redemptions + counts.redemptions,
      };
    }, ZERO);
  const summaryCampaigns = sections.map((section) => section.campaign);
  return {
    period,
    timeZone,
    totals: { current: figuresOf(sum((section) => section.now)), previous: figuresOf(sum((section) => section.before)) },
    campaigns: summaryCampaigns,
    bestPlacement: bestPlacementOf(summaryCampaigns),
    expiringCodes,
    broken,
  };
}

/** A period with nothing to say: nothing scanned, claimed or redeemed, nothing expiring, nothing broken. */
export function isQuiet(summary: OwnerSummary) {
  const { scans, leads, redemptions } = summary.totals.current;
  return scans === 0 && leads === 0 && redemptions === 0 && summary.expiringCodes.length === 0 && summary.broken.length === 0;
}

/** The named placement with the most leads in the period, then the most scans; none when no placement had any. */
function bestPlacementOf(campaigns: SummaryCampaign[]): OwnerSummary["bestPlacement"] {
  const candidates = campaigns.flatMap((campaign) =>
    campaign.breakdowns.placement.filter((row) => row.id !== null).map((row) => ({ campaignTitle: campaign.title, ...row })),
  );
  const ranked = candidates
    .filter((row) => row.current.leads > 0 || row.current.scans > 0)
    .sort((a, b) => b.current.leads - a.current.leads || b.current.scans - a.current.scans);
  return ranked[0] ?? null;
}

async function campaignCounts(db: Database, scope: CampaignScope, redemptions: Redemptions): Promise<Counts> {
  const [scanDays, leadDays] = await Promise.all([countScansByDay(db, scope), countLeadsByDay(db, scope)]);
  const add = (key: "scans" | "unique" | "converted") => scanDays.reduce((total, row) => total + row[key], 0);
  return {
    scans: add("scans"),
    unique: add("unique"),
    converted: add("converted"),
    leads: leadDays.reduce((total, row) => total + row.leads, 0),
    redemptions: redemptions.get(scope.campaignId) ?? 0,
  };
}

/** The analytics page's placement comparison for both periods, rows with nothing in either left out. */
async function placementRows(
  db: Database,
  options: { campaignId: string; current: CampaignScope; previous: CampaignScope; redeemedNow: Redemptions; redeemedBefore: Redemptions },
): Promise<SummaryRow[]> {
  const [now, before] = await Promise.all([comparePlacements(db, options.current), comparePlacements(db, options.previous)]);
  // Only the campaign's own code: the breakdown would repeat the campaign's line.
  if (now.every((row) => row.id === null)) return [];
  const figures = (row: (typeof now)[number] | undefined, redemptions: Redemptions): Figures => ({
    scans: row?.scans ?? 0,
    unique: row?.unique ?? 0,
    leads: row?.leads ?? 0,
    redemptions: redemptions.get(`${options.campaignId}:${row?.id ?? ""}`) ?? 0,
    conversion: row && row.unique > 0 ? row.conversion : null,
  });
  return now
    .map((row) => ({
      id: row.id,
      name: row.name,
      current: figures(row, options.redeemedNow),
      previous: figures(
        before.find((candidate) => candidate.id === row.id),
        options.redeemedBefore,
      ),
    }))
    .filter((row) => hasAny(row.current) || hasAny(row.previous));
}

type Place = { campaignId: string; placementId: string; locationId: string; locationName: string };

/** Every placement of the owner's that has a location, with the location's name. */
async function listPlacesOfPlacements(db: Database, options: { userId: string }) {
  return rowsOf<Place>(
    await db.execute(sql`
      select p.campaign_id as "campaignId", p.id::text as "placementId", l.id::text as "locationId", l.name as "locationName"
      from placement p join location l on l.id = p.location_id join campaign c on c.id = p.campaign_id
      where c.user_id = ${options.userId}
      order by l.name, l.id`),
  );
}

/**
 * A campaign's figures per location, both periods: the analytics queries limited to the
 * location's placements (as a member's view is), so conversion is counted, not averaged; rows
 * with nothing in either period left out.
 */
async function locationRows(
  db: Database,
  options: {
    campaignId: string;
    places: Place[];
    current: CampaignScope;
    previous: CampaignScope;
    redeemedNow: Redemptions;
    redeemedBefore: Redemptions;
  },
): Promise<SummaryRow[]> {
  const locations = new Map<string, { name: string; placementIds: string[] }>();
  for (const place of options.places) {
    const entry = locations.get(place.locationId) ?? { name: place.locationName, placementIds: [] };
    entry.placementIds.push(place.placementId);
    locations.set(place.locationId, entry);
  }
  const rows: SummaryRow[] = [];
  for (const [id, { name, placementIds }] of locations) {
    const redeemed = (redemptions: Redemptions) =>
      placementIds.reduce((total, placementId) => total + (redemptions.get(`${options.campaignId}:${placementId}`) ?? 0), 0);
    const [now, before] = await Promise.all([
      campaignCounts(db, { ...options.current, placementIds }, new Map([[options.campaignId, redeemed(options.redeemedNow)]])),
      campaignCounts(db, { ...options.previous, placementIds }, new Map([[options.campaignId, redeemed(options.redeemedBefore)]])),
    ]);
    const row = { id, name, current: figuresOf(now), previous: figuresOf(before) };
    if (hasAny(row.current) || hasAny(row.previous)) rows.push(row);
  }
  return rows;
}

function hasAny(figures: Figures) {
  return figures.scans > 0 || figures.leads > 0 || figures.redemptions > 0;
}

/** The owner's campaigns with a scan, a lead or a redemption in the range, oldest first. */
async function listCampaignsWithActivity(db: Database, options: { userId: string; spans: Spans }) {
  const { spans } = options;
  return rowsOf<{ id: string; title: string }>(
    await db.execute(sql`
      select c.id, c.title from campaign c
      where c.user_id = ${options.userId} and (
        exists (select 1 from campaign_rollup r where r.campaign_id = c.id and ${spans.rolled(sql`r.hour`)}
          and (r.scans > 0 or r.leads > 0 or r.redemptions > 0))
        or exists (select 1 from scan s where s.campaign_id = c.id and ${spans.raw(sql`s.timestamp`)})
        or exists (select 1 from lead l where l.campaign_id = c.id and ${spans.raw(sql`l.collected_at`)})
        or exists (select 1 from offer_code o where o.campaign_id = c.id and ${spans.raw(sql`o.redeemed_at`)}))
      order by c.created_at, c.id`),
  );
}

/**
 * Codes marked redeemed in the range, by campaign and by the placement of the lead that claimed
 * them (a deleted placement's are "no placement"): rolled-up hours plus the raw rest.
 */
async function countRedemptions(db: Database, options: { userId: string; spans: Spans }): Promise<Redemptions> {
  const { spans } = options;
  const rows = rowsOf<{ campaign_id: string; placement_id: string | null; redemptions: number }>(
    await db.execute(sql`
      select x.campaign_id, x.placement_id, sum(x.redemptions)::int as redemptions from (
        select r.campaign_id, (select p.id from placement p where p.id = r.placement_id) as placement_id, r.redemptions
        from campaign_rollup r join campaign c on c.id = r.campaign_id
        where c.user_id = ${options.userId} and ${spans.rolled(sql`r.hour`)} and r.redemptions > 0
        union all
        select o.campaign_id, l.placement_id, count(*)
        from offer_code o join lead l on l.id = o.lead_id
        where o.user_id = ${options.userId} and ${spans.raw(sql`o.redeemed_at`)}
        group by 1, 2
      ) x
      group by 1, 2`),
  );
  const counts: Redemptions = new Map();
  for (const row of rows) {
    counts.set(row.campaign_id, (counts.get(row.campaign_id) ?? 0) + row.redemptions);
    counts.set(`${row.campaign_id}:${row.placement_id ?? ""}`, row.redemptions);
  }
  return counts;
}

/** Unredeemed codes that stop working within the next few days, per campaign, soonest first. */
async function listExpiringCodes(db: Database, options: { userId: string; now: Date }) {
  const now = options.now.toISOString();
  return rowsOf<{ campaignTitle: string; codes: number; firstExpiresAt: string }>(
    await db.execute(sql`
      select c.title as "campaignTitle", count(*)::int as codes, min(o.expires_at) as "firstExpiresAt"
      from offer_code o join campaign c on c.id = o.campaign_id
      where o.user_id = ${options.userId} and o.redeemed_at is null
        and o.expires_at > ${now}::timestamptz and o.expires_at <= ${now}::timestamptz + make_interval(days => ${EXPIRING_WITHIN_DAYS})
      group by c.id, c.title
      order by min(o.expires_at), c.title`),
  ).map((row) => ({ ...row, firstExpiresAt: new Date(row.firstExpiresAt).toISOString() }));
}

const PROVIDER_NAMES: Record<string, string> = { mailchimp: "Mailchimp", google_sheets: "Google Sheets" };

/**
 * What stopped working and waits for the owner, in each feature's own failing state: a domain that
 * was verified and lost its records, a sync connection the provider refused, a paused webhook
 * endpoint. A webhook shows its host only: a full hook URL is often a secret.
 */
async function listBrokenThings(db: Database, options: { userId: string }): Promise<BrokenThing[]> {
  const rows = rowsOf<{ kind: BrokenThing["kind"]; name: string; reason: string | null; id: string }>(
    await db.execute(sql`
      select 'domain' as kind, d.hostname as name, d.last_error as reason, d.id::text as id
        from custom_domain d where d.user_id = ${options.userId} and d.state = 'broken'
      union all
      select 'sync', s.provider, s.broken_reason, s.id::text
        from sync_connection s where s.user_id = ${options.userId} and s.status = 'broken'
      union all
      select 'webhook', w.url, w.paused_reason, w.id::text
        from webhook_endpoint w where w.user_id = ${options.userId} and w.status = 'paused'
      order by 1, 2`),
  );
  return rows.map((row) => {
    if (row.kind === "domain") return { kind: row.kind, name: row.name, reason: row.reason, path: "/settings/domains" };
    if (row.kind === "sync")
      return { kind: row.kind, name: PROVIDER_NAMES[row.name] ?? row.name, reason: row.reason, path: "/settings/integrations/sync" };
    return { kind: row.kind, name: hostOf(row.name), reason: row.reason, path: `/settings/integrations/webhooks/${row.id}` };
  });
}

function hostOf(url: string) {
  try {
    return new URL(url).host;
  } catch {
    return "a webhook endpoint";
  }
}
