// Rollups (docs/features/counting.md, "Rollups"): after the job, every reader — the campaign
// analytics, the dashboard, the morning summary and the API's conversion — gives over random ranges
// and owner zones what a recount from the raw rows gives; today's loads seconds old are counted; the
// job is idempotent, and safe with two processes on PostgreSQL. The day level ("The day level") is read
// for the whole UTC days of a range, so every comparison covers it too.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { rowsOf } from "~/db/rows.server";
import { addDays } from "~/features/analytics/analytics";
import { countConversion, getCampaignAnalytics } from "~/features/analytics/analytics.server";
import { ROLLUP_JOB, runRollupJob, spansOf } from "~/features/analytics/rollups.server";
import { getDashboard } from "~/features/dashboard/dashboard.server";
import { calendarDay } from "~/features/leads/leads";
import { buildSummary } from "~/features/summary/summary.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createLeadRow, createScanRows, createUser, type ScanSpec } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { insertExclusions, insertPlacement } from "../support/analytics-support";

const SEED = Number(process.env.ROLLUP_SEED ?? 20261128);
const ZONES = ["UTC", "America/New_York", "Europe/Madrid", "Asia/Kolkata", "Asia/Kathmandu", "Pacific/Auckland"];
const DAY_MS = 86_400_000;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** mulberry32: the same data for the same seed, so a failure can be replayed with ROLLUP_SEED. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(SEED);
const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;

type Owner = Awaited<ReturnType<typeof createUser>>;
let owner: Owner;
const campaigns: string[] = [];
let harbourId: string;
/** The placements at Harbour: a Harbour manager's scope (docs/features/team.md). */
const harbourPlacements: string[] = [];

/** Scans, leads, redemptions and exclusions at random instants of the last two years. */
async function writeRandomHistory(campaignId: string, placements: Array<string | null>) {
  const { db } = await getServices();
  const now = Date.now();
  const specs: ScanSpec[] = Array.from({ length: 160 }, () => {
    // Mostly the last 45 days, some up to two years back; never in the future.
    const ago = rand() < 0.8 ? 60_000 + rand() * 45 * DAY_MS : rand() * 730 * DAY_MS + 60_000;
    const at = new Date(now - ago);
    return {
      at,
      visitor: `v${Math.floor(rand() * 6)}-${at.toISOString().slice(0, 10)}`,
      source: rand() < 0.6 ? "qr" : "link",
      placementId: pick(placements),
      deviceType: rand() < 0.7 ? "mobile" : "desktop",
      os: pick(["iOS", "Android", "Windows", null]),
    };
  });
  specs.sort((a, b) => a.at.getTime() - b.at.getTime());
  const seen = new Set<string>();
  for (const spec of specs) {
    spec.isUnique = !seen.has(spec.visitor!);
    seen.add(spec.visitor!);
  }
  const ids = await createScanRows(campaignId, specs);
  for (const [index, spec] of specs.entries()) {
    if (rand() > 0.3) continue;
    const at = new Date(Math.min(now - 1_000, spec.at.getTime() + rand() * 20 * 60_000));
    const { id: leadId } = await createLeadRow(campaignId, { collectedAt: at, placementId: spec.placementId, scanId: ids[index] });
    if (rand() < 0.6) {
      const redeemedAt = rand() < 0.8 ? new Date(Math.min(now - 1_000, at.getTime() + rand() * 3 * DAY_MS)) : null;
      await db.insert(schema.offerCode).values({
        code: crypto.randomUUID().slice(0, 8),
        campaignId,
        userId: owner.id,
        leadId,
        claimantKey: crypto.randomUUID(),
        redeemedAt,
      });
    }
  }
  // Leads without a scan (the shared-token fallback) count as leads and convert nobody.
  for (let i = 0; i < 5; i++) await createLeadRow(campaignId, { collectedAt: new Date(now - rand() * 60 * DAY_MS), placementId: pick(placements) });
  for (let i = 0; i < 12; i++) {
    const day = new Date(now - Math.floor(rand() * 60) * DAY_MS).toISOString().slice(0, 10);
    await insertExclusions(campaignId, day, { [pick(schema.SCAN_EXCLUSION_REASONS)]: 1 + Math.floor(rand() * 40) }).catch(() => undefined);
  }
}

/** Runs `read` twice: with the rollups, then with the job's state removed, when every reader counts the raw rows. */
async function againstRecount<T>(read: () => Promise<T>) {
  const { db } = await getServices();
  const rolled = await read();
  const [state] = rowsOf<{ last_run_at: string; result: unknown }>(
    await db.execute(sql`delete from job_run where name = ${ROLLUP_JOB} returning last_run_at::text, result`),
  );
  try {
    return { rolled, recount: await read() };
  } finally {
    await db.execute(
      sql`insert into job_run (name, last_run_at, result) values (${ROLLUP_JOB}, ${state!.last_run_at}::timestamptz, ${JSON.stringify(state!.result)}::jsonb)`,
    );
  }
}

/** A random range of one campaign in one of the zones: up to two years every third round, else up to 60 days. */
function randomRange(round: number) {
  const timeZone = ZONES[round % ZONES.length]!;
  const today = calendarDay(new Date(), timeZone);
  const to = round % 2 === 0 ? today : addDays(today, -Math.floor(rand() * 60));
  const days = 1 + Math.floor(rand() * (round % 3 === 0 ? 730 : 60));
  const from = addDays(to, -(days - 1));
  return { timeZone, from, to, days, range: { preset: "custom" as const, from, to, days, notice: null }, campaignId: pick(campaigns) };
}

async function rollupRows() {
  const { db } = await getServices();
  return [
    ...rowsOf(await db.execute(sql`select * from campaign_rollup order by campaign_id, hour, placement_id nulls first, location_id nulls first`)),
    ...rowsOf(await db.execute(sql`select * from campaign_rollup_day order by campaign_id, day, placement_id nulls first, location_id nulls first`)),
  ];
}

beforeAll(async () => {
  const { db } = await getServices();
  owner = await createUser({ isPro: true });
  const [harbour] = await db.insert(schema.location).values({ userId: owner.id, name: "Harbour" }).returning({ id: schema.location.id });
  harbourId = harbour!.id;
  for (const title of ["Bakery", "Florist"]) {
    const { id } = await createCampaignRow(owner.id, { title });
    const window_ = await insertPlacement(id, "Window");
    const door = await insertPlacement(id, "Door");
    await db
      .update(schema.placement)
      .set({ locationId: harbour!.id })
      .where(sql`id = ${door}`);
    await writeRandomHistory(id, [null, window_, door]);
    campaigns.push(id);
    harbourPlacements.push(door);
  }
}, 120_000);

async function analyticsPage(campaignId: string) {
  const { loader } = await import("~/routes/campaign-detail");
  return callRoute(loader, makeRequest(`/campaigns/${campaignId}`, { cookie: owner.cookie }), { campaignId });
}

describe("rollups", () => {
  it("say on the analytics how fresh they are: nothing before the job's first run, then seconds", async () => {
    const { db } = await getServices();
    expect((await analyticsPage(campaigns[0]!)).data.rolledSecondsAgo).toBeNull();
    await runRollupJob(db);
    const seconds = (await analyticsPage(campaigns[0]!)).data.rolledSecondsAgo;
    expect(seconds).toBeGreaterThanOrEqual(0);
    expect(seconds).toBeLessThan(60);
  });

  it("are written by the job, once per hour and placement, and equal the raw rows' totals", async () => {
    const { db } = await getServices();
    expect(await runRollupJob(db)).not.toBeNull();
    const [sums] = rowsOf<Record<string, number>>(
      await db.execute(sql`select
        (select sum(scans) from campaign_rollup)::int as rolled_scans, (select count(*) from scan)::int as scans,
        (select sum(leads) from campaign_rollup)::int as rolled_leads, (select count(*) from lead)::int as leads,
        (select sum(redemptions) from campaign_rollup)::int as rolled_redemptions,
        (select count(*) from offer_code where redeemed_at is not null)::int as redemptions,
        (select count(*) from campaign_rollup where location_id is not null)::int as located`),
    );
    // Everything before this hour is rolled up; this hour's rows stay raw for the readers.
    const [open] = rowsOf<{ scans: number; leads: number; redemptions: number }>(
      await db.execute(sql`select
        (select count(*) from scan where timestamp >= date_trunc('hour', now(), 'UTC'))::int as scans,
        (select count(*) from lead where collected_at >= date_trunc('hour', now(), 'UTC'))::int as leads,
        (select count(*) from offer_code where redeemed_at >= date_trunc('hour', now(), 'UTC'))::int as redemptions`),
    );
    expect(sums!.rolled_scans + open!.scans).toBe(sums!.scans);
    expect(sums!.rolled_leads + open!.leads).toBe(sums!.leads);
    expect(sums!.rolled_redemptions + open!.redemptions).toBe(sums!.redemptions);
    expect(sums!.located).toBeGreaterThan(0);
  });

  it("give every reader the raw recount's figures over random ranges and zones, today's loads seconds old included", async () => {
    const { db } = await getServices();
    await runRollupJob(db);
    // Loads seconds old, after the job: read from the raw rows.
    const [fresh] = await createScanRows(campaigns[0]!, [{ at: new Date(Date.now() - 2_000), visitor: "fresh", source: "qr" }]);
    await createLeadRow(campaigns[0]!, { collectedAt: new Date(Date.now() - 1_000), scanId: fresh });

    for (let round = 0; round < 12; round++) {
      const { timeZone, from, to, days, range, campaignId } = randomRange(round);
      const context = { SEED, round, timeZone, from, to, campaignId };

      const analytics = await againstRecount(() => getCampaignAnalytics(db, { userId: owner.id, campaignId, timeZone, range }));
      const { rolledAt: rolledAt, ...rolled } = analytics.rolled!;
      const { rolledAt: none, ...recount } = analytics.recount!;
      expect(rolledAt, JSON.stringify(context)).not.toBeNull();
      expect(none).toBeNull();
      // The heat map places a rolled-up UTC hour in the owner's hour it starts in: exact for whole-hour zones.
      if (timeZone === "Asia/Kolkata" || timeZone === "Asia/Kathmandu") {
        rolled.heatMap = recount.heatMap = [];
      }
      expect(rolled, JSON.stringify(context)).toEqual(recount);

      const summary = await againstRecount(() =>
        buildSummary(db, {
          userId: owner.id,
          timeZone,
          now: new Date(),
          period: { frequency: "weekly", from, to, previousFrom: addDays(from, -days), previousTo: addDays(from, -1) },
        }),
      );
      expect(summary.rolled, JSON.stringify(context)).toEqual(summary.recount);
    }

    const today = calendarDay(new Date(), "UTC");
    const todays = await getCampaignAnalytics(db, {
      userId: owner.id,
      campaignId: campaigns[0]!,
      timeZone: "UTC",
      range: { preset: "custom", from: today, to: today, days: 1, notice: null },
    });
    const [raw] = rowsOf<{ scans: number; leads: number }>(
      await db.execute(sql`select
        (select count(*) from scan where campaign_id = ${campaigns[0]!} and timestamp >= date_trunc('day', now(), 'UTC'))::int as scans,
        (select count(*) from lead where campaign_id = ${campaigns[0]!} and collected_at >= date_trunc('day', now(), 'UTC'))::int as leads`),
    );
    expect(todays!.totals.scans).toBe(raw!.scans);
    expect(todays!.totals.leads).toBe(raw!.leads);
    expect(todays!.placements.find((row) => row.id === null)!.scans).toBeGreaterThan(0);

    for (const timeZone of ZONES) {
      const dashboard = await againstRecount(() => getDashboard(db, { userId: owner.id, timeZone }));
      expect(dashboard.rolled).toEqual(dashboard.recount);
    }
    for (const campaignId of campaigns) {
      const conversion = await againstRecount(() => countConversion(db, campaignId));
      expect(conversion.rolled).toEqual(conversion.recount);
      // The kept tallies the cards read agree too.
      const [kept] = rowsOf<{ uniques: number; converted: number }>(
        await db.execute(
          sql`select coalesce(sum(uniques), 0)::int as uniques, coalesce(sum(converted), 0)::int as converted from campaign_visitor_tally where campaign_id = ${campaignId}`,
        ),
      );
      expect({ unique: conversion.rolled.unique, converted: conversion.rolled.converted }).toEqual({
        unique: kept!.uniques,
        converted: kept!.converted,
      });
    }
  }, 240_000);

  it("give a Harbour manager, over random ranges and zones, exactly a raw recount of Harbour's placements", async () => {
    const { db } = await getServices();
    await runRollupJob(db);
    const manager = await createUser();
    const [member] = await db
      .insert(schema.businessMember)
      .values({ businessId: owner.id, userId: manager.id, role: "manager", invitedBy: owner.id })
      .returning();
    await db.insert(schema.businessMemberLocation).values({ memberId: member!.id, locationId: harbourId });
    const placementIds = harbourPlacements;
    const inHarbour = sql.raw(`(${placementIds.map((id) => `'${id}'::uuid`).join(", ")})`);
    for (let round = 0; round < 8; round++) {
      const { timeZone, from, to, range, campaignId } = randomRange(round);
      const context = JSON.stringify({ SEED, round, timeZone, from, to, campaignId });
      const analytics = await againstRecount(() => getCampaignAnalytics(db, { userId: owner.id, campaignId, timeZone, range, placementIds }));
      const { rolledAt: _rolledAt, ...rolled } = analytics.rolled!;
      const { rolledAt: _none, ...recount } = analytics.recount!;
      if (timeZone === "Asia/Kolkata" || timeZone === "Asia/Kathmandu") rolled.heatMap = recount.heatMap = [];
      expect(rolled, context).toEqual(recount);
      // And the raw rows of Harbour's placements alone, counted here without any reader.
      const [raw] = rowsOf<{ scans: number; unique: number; leads: number }>(
        await db.execute(sql`select
          (select count(*) from scan where campaign_id = ${campaignId} and placement_id in ${inHarbour}
            and timestamp >= ${from}::date::timestamp at time zone ${timeZone} and timestamp < (${to}::date + 1)::timestamp at time zone ${timeZone})::int as scans,
          (select count(*) from scan where campaign_id = ${campaignId} and placement_id in ${inHarbour} and is_unique
            and timestamp >= ${from}::date::timestamp at time zone ${timeZone} and timestamp < (${to}::date + 1)::timestamp at time zone ${timeZone})::int as "unique",
          (select count(*) from lead where campaign_id = ${campaignId} and placement_id in ${inHarbour}
            and collected_at >= ${from}::date::timestamp at time zone ${timeZone} and collected_at < (${to}::date + 1)::timestamp at time zone ${timeZone})::int as leads`),
      );
      expect({ scans: rolled.totals.scans, unique: rolled.totals.unique, leads: rolled.totals.leads }, context).toEqual(raw);
      expect(rolled.placements.map((row) => row.id).sort(), context).toEqual(
        placementIds.filter((id) => rolled.placements.some((row) => row.id === id)).sort(),
      );
      expect(rolled.placements.some((row) => row.id === null)).toBe(false);
    }
    // The dashboard the manager opens: all-time figures and the chart of Harbour's placements only.
    const { loader } = await import("~/routes/dashboard");
    const page = await callRoute(loader, makeRequest("/dashboard", { cookie: manager.cookie }));
    const [all] = rowsOf<{ scans: number; leads: number; redeemed: number }>(
      await db.execute(sql`select
        (select count(*) from scan where placement_id in ${inHarbour})::int as scans,
        (select count(*) from lead where placement_id in ${inHarbour})::int as leads,
        (select count(*) from offer_code o join lead l on l.id = o.lead_id where o.redeemed_at is not null and l.placement_id in ${inHarbour})::int as redeemed`),
    );
    expect({ scans: page.data.stats.totalScans, leads: page.data.stats.totalLeads, redeemed: page.data.redeemed }).toEqual(all);
    expect(all!.scans).toBeGreaterThan(0);
    for (const timeZone of ZONES) {
      const dashboard = await againstRecount(() => getDashboard(db, { userId: owner.id, timeZone, placementIds }));
      expect(dashboard.rolled).toEqual(dashboard.recount);
    }
  }, 240_000);

  it("keep the day level equal to the hourly rows summed per UTC day, and read it for the whole days of a range", async () => {
    const { db } = await getServices();
    await runRollupJob(db);
    const [diff] = rowsOf<{ days: number; differ: number }>(
      await db.execute(sql`
        with summed as (
          select campaign_id, placement_id, location_id, (hour at time zone 'UTC')::date as day, sum(scans)::int as scans,
            sum(uniques)::int as uniques, sum(converted)::int as converted, sum(leads)::int as leads, sum(redemptions)::int as redemptions
          from campaign_rollup h group by 1, 2, 3, 4
        )
        select (select count(*) from campaign_rollup_day)::int as days,
          ((select count(*) from summed s full join campaign_rollup_day d on d.campaign_id = s.campaign_id and d.day = s.day
            and d.placement_id is not distinct from s.placement_id and d.location_id is not distinct from s.location_id
            where (s.scans, s.uniques, s.converted, s.leads, s.redemptions) is distinct from (d.scans, d.uniques, d.converted, d.leads, d.redemptions))
          -- The heat map's hours: each hourly row's scans at its place, and nothing else.
          + (select count(*) from campaign_rollup h join campaign_rollup_day d on d.campaign_id = h.campaign_id
            and d.day = (h.hour at time zone 'UTC')::date and d.placement_id is not distinct from h.placement_id
            and d.location_id is not distinct from h.location_id
            where d.hours[extract(hour from h.hour at time zone 'UTC')::int + 1] is distinct from h.scans)
          + (select count(*) from campaign_rollup_day d where (select sum(n) from unnest(d.hours) n) is distinct from d.scans))::int as differ`),
    );
    expect(diff!.days).toBeGreaterThan(0);
    expect(diff!.differ).toBe(0);
    // A 60-day range reads its whole UTC days from the day level, the edges and the moved hours from the hourly one.
    const to = calendarDay(new Date(), "Asia/Kolkata");
    const spans = await spansOf(db, { timeZone: "Asia/Kolkata", from: addDays(to, -59), to });
    expect(spans.days).not.toBeNull();
    expect(spans.dayCuts.length).toBeGreaterThan(50);
    expect(spans.moves.length).toBeGreaterThan(50);
  });

  it("take a lead that arrives days after its scan into that day's conversion at the next run", async () => {
    const { db } = await getServices();
    const campaignId = campaigns[0]!;
    const at = new Date(Date.now() - 5 * DAY_MS);
    const [scanId] = await createScanRows(campaignId, [{ at, visitor: "late-lead", isUnique: true }]);
    await runRollupJob(db, { from: new Date(at.getTime() - DAY_MS) });
    const day = at.toISOString().slice(0, 10);
    const range = { preset: "custom" as const, from: day, to: day, days: 1, notice: null };
    const read = () => getCampaignAnalytics(db, { userId: owner.id, campaignId, timeZone: "UTC", range });
    const converted = (await read())!.byDay[0]!.converted;
    await createLeadRow(campaignId, { collectedAt: new Date(), scanId });
    await runRollupJob(db);
    expect((await read())!.byDay[0]!.converted).toBe(converted + 1);
  });

  it("take rows written with an older timestamp (the seed) when asked to roll up their owner", async () => {
    const { db } = await getServices();
    await runRollupJob(db);
    const campaignId = campaigns[0]!;
    const at = new Date(Date.now() - 10 * DAY_MS);
    const day = at.toISOString().slice(0, 10);
    const range = { preset: "custom" as const, from: day, to: day, days: 1, notice: null };
    const read = async () => (await getCampaignAnalytics(db, { userId: owner.id, campaignId, timeZone: "UTC", range }))!.totals.scans;
    const before = await read();
    await createScanRows(campaignId, [
      { at, visitor: "seeded" },
      { at, visitor: "seeded", isUnique: false },
    ]);
    // Outside the hours a run rewrites: not seen until the owner's hours are rolled up again.
    await runRollupJob(db);
    expect(await read()).toBe(before);
    await runRollupJob(db, { owner: owner.id });
    expect(await read()).toBe(before + 2);
    const recount = await againstRecount(read);
    expect(recount.rolled).toBe(recount.recount);
  });

  it("refresh yesterday's uncounted loads that were written after that day's first hour closed", async () => {
    const { db } = await getServices();
    await runRollupJob(db);
    const campaignId = campaigns[0]!;
    const yesterday = addDays(calendarDay(new Date(), "UTC"), -1);
    await db.execute(sql`insert into scan_exclusion (campaign_id, day, reason, count) values (${campaignId}, ${yesterday}, 'bot', 7)
      on conflict (campaign_id, day, reason) do update set count = scan_exclusion.count + 7`);
    await runRollupJob(db);
    const range = { preset: "custom" as const, from: yesterday, to: yesterday, days: 1, notice: null };
    const read = async () => (await getCampaignAnalytics(db, { userId: owner.id, campaignId, timeZone: "UTC", range }))!.exclusions;
    const { rolled, recount } = await againstRecount(read);
    expect(rolled.bot).toBeGreaterThanOrEqual(7);
    expect(rolled).toEqual(recount);
  });

  it("is idempotent: a second run writes the same rows", async () => {
    const { db } = await getServices();
    await runRollupJob(db);
    const once = await rollupRows();
    await runRollupJob(db);
    expect(await rollupRows()).toEqual(once);
    // A full rebuild from the start gives the same rows too.
    await runRollupJob(db, { from: new Date(0) });
    expect(await rollupRows()).toEqual(once);
  });

  it.runIf(onPostgres)("is safe with two processes: one runs while the other skips, and the rows stay right", async () => {
    const { db } = await getServices();
    await runRollupJob(db);
    const once = await rollupRows();
    const results = await Promise.all([runRollupJob(db), runRollupJob(db), runRollupJob(db)]);
    expect(results.some((result) => result !== null)).toBe(true);
    expect(await rollupRows()).toEqual(once);
    // While one process holds the job's lock, another's run skips.
    let skipped: unknown = "not run";
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('leadqr:campaign_rollup'))`);
      skipped = await runRollupJob(db);
    });
    expect(skipped).toBeNull();
  });
  it("count from the rollups once the raw rows of past days are gone", async () => {
    const { db } = await getServices();
    await runRollupJob(db);
    const campaignId = campaigns[1]!;
    const today = calendarDay(new Date(), "UTC");
    const range = { preset: "custom" as const, from: addDays(today, -400), to: addDays(today, -3), days: 398, notice: null };
    const before = await getCampaignAnalytics(db, { userId: owner.id, campaignId, timeZone: "UTC", range });
    expect(before!.totals.scans).toBeGreaterThan(0);
    // What dropping old partitions does (the retention of raw scans): the rollups keep the figures.
    await db.execute(sql`delete from scan where campaign_id = ${campaignId} and timestamp < now() - interval '3 days'`);
    const after = await getCampaignAnalytics(db, { userId: owner.id, campaignId, timeZone: "UTC", range });
    expect(after!.totals).toEqual(before!.totals);
    expect(after!.byDay).toEqual(before!.byDay);
  });
});
