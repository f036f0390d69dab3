// The rollup job and the spans every reader splits a range into: the whole UTC hours the job has
// covered come from `campaign_rollup`, the rest (today's last hour, a range's partial edges, an
// hour cut by the owner's midnight) from the raw rows. Safe with any number of processes: a
// transaction-scoped advisory lock lets one run at a time, and each run rewrites whole hours.
// Rules: docs/features/counting.md ("Rollups").
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { logger } from "~/utils/logger.server";
import { getServices, onShutdown } from "~/utils/services.server";
import { rollDays } from "./rollup-days.server";

export const ROLLUP_JOB = "campaign_rollup";
const LOCK = sql`hashtext('leadqr:campaign_rollup')`;
const EVERY_MS = 60 * 1000;
/** Rows stamped by the app before their transaction starts (a lead's request time) are at most this much older than it. */
const STAMP_MARGIN = sql`interval '10 minutes'`;

/**
 * Of the unique scans `s` (a browser's first counted scan of the campaign that day), those whose
 * browser became a lead from any of its scans (the visitor hash changes daily, so "the same hash"
 * is "the same browser, the same day"). A subset of the unique scans: conversion = converted ÷
 * unique can never pass 100 %. Leads without a scan (the "What counts as a scan" shared-token
 * fallback) are nobody's visitor and do not convert anyone.
 * The same hash is looked for within 25 hours of `s` (its UTC day, with room for a scan stamped
 * just after midnight): the month partitions around it only, not every month's index.
 */
export const CONVERTED_VISITOR = sql`s.is_unique and (exists (select 1 from lead cl where cl.scan_id = s.id) or exists (
  select 1 from scan cs join lead cl on cl.scan_id = cs.id
  where cs.campaign_id = s.campaign_id and cs.visitor_hash = s.visitor_hash
    and cs.timestamp > s.timestamp - interval '25 hours' and cs.timestamp < s.timestamp + interval '25 hours'))`;

/**
 * `coveredTo`: hours before it are rolled up; `nextFrom`: where the next run must start rewriting;
 * `days`: the day level (`campaign_rollup_day`) holds every day of those hours (absent before its first fill).
 */
type JobState = { coveredTo: string | null; nextFrom: string | null; days?: 1 };

/** A campaign and a UTC day whose hourly rows a run changed: `[campaign_id, "YYYY-MM-DD"]`. */
export type TouchedDay = [string, string];
const TOUCHED_DAYS = sql`(select coalesce(jsonb_agg(distinct jsonb_build_array(w.campaign_id, (w.hour at time zone 'UTC')::date)), '[]'::jsonb) from `;

/**
 * One run: recomputes every hour from `nextFrom` (the earlier of the last run's instant and the
 * start of the oldest transaction then open, each less the stamping margin) up to this run's hour
 * (excluded), plus the UTC days of scans that a lead collected in that window came from (their
 * `converted` changed), and the exclusions of yesterday and today. Rows are upserted only where a
 * figure changed, and rows whose hour no longer has anything are deleted ("Rollups").
 * `from` forces an earlier start (a backfill after an import);
 * `owner` rewrites all of one owner's hours too (after the seed wrote their backdated rows).
 * Returns null when another process is running it.
 */
export async function runRollupJob(db: Database, options: { from?: Date; owner?: string } = {}) {
  return db.transaction(async (tx) => {
    const [{ locked }] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK}) as locked`));
    if (!locked) return null;
    const [previous] = rowsOf<{ result: JobState | null }>(await tx.execute(sql`select result from job_run where name = ${ROLLUP_JOB}`));
    const state = previous?.result ?? null;
    const window = await windowOf(tx, state, options.from);
    const { lo, hi } = window;
    const spans = spansCte(lo, hi, options.owner ?? null);
    const [counts] = rowsOf<{ written: number; deleted: number; days: TouchedDay[] }>(
      await tx.execute(sql`
      with ${spans}, fresh as (
      ${FRESH_ROWS}
      ), written as (
        insert into campaign_rollup as r (campaign_id, placement_id, location_id, hour, ${FIGURES})
        select * from fresh
        on conflict on constraint campaign_rollup_key do update set ${UPDATE_FIGURES}
          where (${figuresOf("r")}) is distinct from (${figuresOf("excluded")})
        returning r.campaign_id, r.hour
      ), deleted as (
        delete from campaign_rollup r using targets t
        where r.campaign_id = t.id and r.hour >= t.lo and r.hour < t.hi
          and not exists (select 1 from fresh f where f.campaign_id = r.campaign_id and f.hour = r.hour
            and f.placement_id is not distinct from r.placement_id and f.location_id is not distinct from r.location_id)
        returning r.campaign_id, r.hour
      )
      select (select count(*) from written)::int as written, (select count(*) from deleted)::int as deleted,
        ${TOUCHED_DAYS}(select * from written union all select * from deleted) w) as days`),
    );
    const excluded = await refreshExclusions(tx);
    // The day level is filled from every hourly row once (no `days` in the state yet), then only the touched days.
    const days = await rollDays(tx, state?.days ? [...counts!.days, ...excluded] : null);
    const next: JobState = { coveredTo: hi, nextFrom: window.next, days: 1 };
    await tx.execute(sql`
      insert into job_run (name, last_run_at, result) values (${ROLLUP_JOB}, now(), ${JSON.stringify(next)}::jsonb)
      on conflict (name) do update set last_run_at = excluded.last_run_at, result = excluded.result`);
    return { from: lo, to: hi, written: counts!.written, deleted: counts!.deleted, days };
  });
}

/** The figure columns of `campaign_rollup`, in the order `FRESH_ROWS` gives them. */
const FIGURE_NAMES = ["scans", "uniques", "qr", "converted", "mobile", "desktop", "systems", "leads", "confirmed", "redemptions", "exclusions"];
const FIGURES = sql.raw(FIGURE_NAMES.join(", "));
const UPDATE_FIGURES = sql.raw(FIGURE_NAMES.map((name) => `${name} = excluded.${name}`).join(", "));
const figuresOf = (table: "r" | "excluded") => sql.raw(FIGURE_NAMES.map((name) => `${table}.${name}`).join(", "));

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The hours this run recomputes (`lo` to `hi`), and where the next run must start (`next`). */
async function windowOf(tx: Transaction, state: JobState | null, from: Date | undefined) {
  const forced = from ? from.toISOString() : null;
  const [window] = rowsOf<{ lo: string; hi: string; next: string }>(
    await tx.execute(sql`
      select
        ${
          state === null
            ? sql`'-infinity'::timestamptz`
            : sql`date_trunc('hour', least(${state.nextFrom}::timestamptz, ${state.coveredTo}::timestamptz, ${forced}::timestamptz), 'UTC')`
        }::text as lo,
        date_trunc('hour', now(), 'UTC')::text as hi,
        date_trunc('hour', least(now(), (select min(a.xact_start) from pg_stat_activity a
          where a.datname = current_database() and a.xact_start is not null and a.pid <> pg_backend_pid())) - ${STAMP_MARGIN}, 'UTC')::text as next`),
  );
  return window!;
}

/** `spans`: the hours to recompute, for all campaigns or one; `targets`: each campaign with its hours. */
function spansCte(lo: string, hi: string, owner: string | null) {
  return sql`spans as (
        select null::uuid as campaign_id, ${lo}::timestamptz as lo, ${hi}::timestamptz as hi
        union all
        select distinct s.campaign_id, date_trunc('day', s.timestamp, 'UTC'),
          least(date_trunc('day', s.timestamp, 'UTC') + interval '1 day', ${lo}::timestamptz)
        from campaign c
        join lead l on l.campaign_id = c.id and l.collected_at >= ${lo}::timestamptz
        -- One probe per lead's scan: joined as a set, the planner hashes every older partition.
        cross join lateral (select x.campaign_id, x.timestamp from scan x where x.id = l.scan_id
          order by x.timestamp desc limit 1) s
        where c.user_id is distinct from ${owner} and s.timestamp < ${lo}::timestamptz
        union all
        select c.id, '-infinity'::timestamptz, ${lo}::timestamptz from campaign c where c.user_id = ${owner}
      ), targets as (
        select c.id, c.user_id, x.lo, x.hi from spans x join campaign c on x.campaign_id is null or c.id = x.campaign_id
      )`;
}

/** The rollup rows of the target hours, computed from the raw rows: one per campaign, placement, location and hour. */
const FRESH_ROWS = sql`
      select e.campaign_id, e.placement_id, p.location_id, e.hour, sum(e.scans), sum(e.uniques), sum(e.qr), sum(e.converted),
        sum(e.mobile), sum(e.desktop), coalesce(jsonb_object_agg(e.os, e.scans) filter (where e.os is not null), '{}'::jsonb),
        sum(e.leads), sum(e.confirmed), sum(e.redemptions),
        coalesce(jsonb_object_agg(e.reason, e.excluded) filter (where e.reason is not null), '{}'::jsonb)
      from (
        select s.campaign_id, s.placement_id, date_trunc('hour', s.timestamp, 'UTC') as hour, coalesce(s.os, '') as os, null::text as reason,
          count(*) as scans, count(*) filter (where s.is_unique) as uniques, count(*) filter (where s.source = 'qr') as qr,
          count(*) filter (where ${CONVERTED_VISITOR}) as converted, count(*) filter (where s.device_type = 'mobile') as mobile,
          count(*) filter (where s.device_type = 'desktop') as desktop, 0 as leads, 0 as confirmed, 0 as redemptions, 0 as excluded
        from targets t join scan s on s.campaign_id = t.id and s.timestamp >= t.lo and s.timestamp < t.hi
        group by 1, 2, 3, 4
        union all
        select l.campaign_id, l.placement_id, date_trunc('hour', l.collected_at, 'UTC'), null::text, null::text, 0, 0, 0, 0, 0, 0, count(*), 0, 0, 0
        from targets t join lead l on l.campaign_id = t.id and l.collected_at >= t.lo and l.collected_at < t.hi
        group by 1, 2, 3
        union all
        select lc.campaign_id, l.placement_id, date_trunc('hour', lc.confirmed_at, 'UTC'), null::text, null::text, 0, 0, 0, 0, 0, 0, 0, count(*), 0, 0
        from targets t join lead_consent lc on lc.campaign_id = t.id and lc.confirmed_at >= t.lo and lc.confirmed_at < t.hi
        join lead l on l.id = lc.lead_id
        group by 1, 2, 3
        union all
        select o.campaign_id, l.placement_id, date_trunc('hour', o.redeemed_at, 'UTC'), null::text, null::text, 0, 0, 0, 0, 0, 0, 0, 0, count(*), 0
        from targets t join offer_code o on o.user_id = t.user_id and o.redeemed_at >= t.lo and o.redeemed_at < t.hi and o.campaign_id = t.id
        join lead l on l.id = o.lead_id
        group by 1, 2, 3
        union all
        select x.campaign_id, null::uuid, x.day::timestamp at time zone 'UTC', null::text, x.reason, 0, 0, 0, 0, 0, 0, 0, 0, 0, sum(x.count)
        from targets t join scan_exclusion x on x.campaign_id = t.id
          and x.day >= (t.lo at time zone 'UTC')::date and (x.day::timestamp at time zone 'UTC') >= t.lo
          and (x.day::timestamp at time zone 'UTC') < t.hi
        group by 1, 2, 3, 4, 5
      ) e
      left join placement p on p.id = e.placement_id
      group by e.campaign_id, e.placement_id, p.location_id, e.hour`;

/**
 * Uncounted loads are kept per UTC day and keep changing after the day's first hour closed
 * (buffered flushes, a burst's take-back): yesterday's and today's are refreshed on every run.
 */
async function refreshExclusions(tx: Transaction) {
  const [row] = rowsOf<{ days: TouchedDay[] }>(
    await tx.execute(sql`
    with w as (
      insert into campaign_rollup as r (campaign_id, placement_id, location_id, hour, exclusions)
      select x.campaign_id, null, null, x.day::timestamp at time zone 'UTC', jsonb_object_agg(x.reason, x.count)
      from campaign c join scan_exclusion x on x.campaign_id = c.id and x.day >= (now() at time zone 'UTC')::date - 1
      group by x.campaign_id, x.day
      on conflict on constraint campaign_rollup_key do update set exclusions = excluded.exclusions
        where r.exclusions is distinct from excluded.exclusions
      returning r.campaign_id, r.hour
    )
    select ${TOUCHED_DAYS}w) as days`),
  );
  return row?.days ?? [];
}

/**
 * Where the rollups reach: hours before `coveredTo` are in `campaign_rollup`; null before the first
 * run. `days`: their UTC days are in `campaign_rollup_day` too (false until the job's first fill of it).
 */
export type RollupState = { coveredTo: string | null; ranAt: string | null; days?: boolean };

export async function readRollupState(db: Database): Promise<RollupState> {
  const [row] = rowsOf<{ covered_to: string | null; ran_at: string | null; days: boolean | null }>(
    await db.execute(
      sql`select result->>'coveredTo' as covered_to, last_run_at::text as ran_at, (result ? 'days') as days from job_run where name = ${ROLLUP_JOB}`,
    ),
  );
  return {
    coveredTo: row?.covered_to ? new Date(row.covered_to).toISOString() : null,
    ranAt: row?.ran_at ? new Date(row.ran_at).toISOString() : null,
    days: Boolean(row?.days),
  };
}

/**
 * A range of the owner's days split for reading: `rolled(col)` is true for a rollup row's hour
 * that lies wholly inside the range, inside one owner day and before what the job covers; `raw(col)`
 * is true for a raw row's instant in the range and in none of those hours. Together they count every
 * instant of the range once.
 * The day level ("The day level"): `days` are the whole UTC days inside the rolled hours (null: none,
 * or the day level not filled yet), `edges(col)` the rolled hours outside them, `dayCuts` the cut hours
 * inside them (in a day row, not to be counted from it), and `moves` the whole hours of those days that
 * belong to another owner day than the day's middle (`ownerDayOf`), as `[from, to)` pairs.
 */
export type Spans = {
  start: string;
  end: string;
  timeZone: string;
  rolled: (hour: SQL) => SQL;
  raw: (at: SQL) => SQL;
  coveredTo: string | null;
  ranAt: string | null;
  /** Whether the day level is filled (`RollupState.days`). */
  dayLevel: boolean;
  days: { from: string; to: string } | null;
  /** One condition per stretch of edge hours: ORed, the planner could not use the campaign's index on both columns. */
  edges: (hour: SQL) => SQL[];
  dayCuts: string[];
  moves: Array<[string, string]>;
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export async function spansOf(db: Database, range: { timeZone: string; from: string; to: string }, known?: RollupState): Promise<Spans> {
  const state = known ?? (await readRollupState(db));
  const [row] = rowsOf<{ start: string; end: string; midnights: string[] | string | null }>(
    await db.execute(sql`
      select t.start::text as start, t."end"::text as "end",
        array(select (d.day at time zone ${range.timeZone})::text
          from generate_series(${range.from}::date::timestamp + interval '1 day', ${range.to}::date::timestamp, interval '1 day') d(day)) as midnights
      from (select ${range.from}::date::timestamp at time zone ${range.timeZone} as start,
        (${range.to}::date + 1)::timestamp at time zone ${range.timeZone} as "end") t`),
  );
  const start = new Date(row!.start).getTime();
  const end = new Date(row!.end).getTime();
  const a = Math.ceil(start / HOUR_MS) * HOUR_MS;
  const covered = state.coveredTo ? new Date(state.coveredTo).getTime() : -Infinity;
  const b = Math.max(a, Math.min(Math.floor(end / HOUR_MS) * HOUR_MS, covered));
  const midnights = parseArray(row!.midnights).map((text) => new Date(text).getTime());
  // Hours the owner's midnight falls inside (zones with a :30 or :45 offset): read from the raw rows.
  const cut = midnights
    .filter((at) => at % HOUR_MS !== 0)
    .map((at) => Math.floor(at / HOUR_MS) * HOUR_MS)
    .filter((hour) => hour >= a && hour < b);
  const iso = (ms: number) => new Date(ms).toISOString();
  const rawSpans: Array<[number, number]> = [];
  if (b <= a) rawSpans.push([start, end]);
  else {
    if (start < a) rawSpans.push([start, a]);
    for (const hour of cut) rawSpans.push([hour, hour + HOUR_MS]);
    if (b < end) rawSpans.push([b, end]);
  }
  // The day level: whole UTC days inside [a, b).
  const da = Math.ceil(a / DAY_MS) * DAY_MS;
  const db_ = Math.floor(b / DAY_MS) * DAY_MS;
  const days = state.days && b > a && db_ > da ? { from: iso(da).slice(0, 10), to: iso(db_).slice(0, 10) } : null;
  const inDays = (ms: number) => days !== null && ms >= da && ms < db_;
  const moves: Array<[string, string]> = [];
  for (const at of midnights) {
    const day = Math.floor(at / DAY_MS) * DAY_MS;
    if (!inDays(day) || at === day) continue;
    // The day row counts in the owner day of its middle; the hours on the other side of this midnight move.
    if (at - day <= 12 * HOUR_MS) {
      const to = Math.floor(at / HOUR_MS) * HOUR_MS;
      if (to > day) moves.push([iso(day), iso(to)]);
    } else {
      const from = Math.ceil(at / HOUR_MS) * HOUR_MS;
      if (from < day + DAY_MS) moves.push([iso(from), iso(day + DAY_MS)]);
    }
  }
  const cutList = (hours: number[]) => sql`${`{${hours.map(iso).join(",")}}`}::timestamptz[]`;
  const between = (hour: SQL, lo: number, hi: number) => sql`(${hour} >= ${iso(lo)}::timestamptz and ${hour} < ${iso(hi)}::timestamptz)`;
  const rolled = (hour: SQL, lo: number, hi: number) =>
    hi <= lo ? sql`false` : sql`(${between(hour, lo, hi)}${cut.length ? sql` and ${hour} <> all(${cutList(cut)})` : sql``})`;
  return {
    start: iso(start),
    end: iso(end),
    timeZone: range.timeZone,
    coveredTo: state.coveredTo,
    ranAt: state.ranAt,
    rolled: (hour) => (b <= a ? sql`false` : rolled(hour, a, b)),
    raw: (at) =>
      rawSpans.length === 0
        ? sql`false`
        : sql`(${sql.join(
            rawSpans.map(([lo, hi]) => between(at, lo, hi)),
            sql` or `,
          )})`,
    dayLevel: Boolean(state.days),
    days,
    edges: (hour) => (b <= a ? [] : days === null ? [rolled(hour, a, b)] : [rolled(hour, a, da), rolled(hour, db_, b)]),
    dayCuts: cut.filter(inDays).map(iso),
    moves,
  };
}

function parseArray(value: string[] | string | null): string[] {
  if (!value) return [];
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, "");
  return inner ? inner.split(",").map((item) => item.replace(/^"|"$/g, "")) : [];
}

type Registry = { timer?: NodeJS.Timeout };
const registry: Registry = ((globalThis as { __leadqrRollups?: Registry }).__leadqrRollups ??= {});

/** Runs the job every minute in every process; the lock makes the others skip. */
export async function startRollupSchedule() {
  if (registry.timer) return;
  const { db } = await getServices();
  const tick = () => {
    runRollupJob(db).catch((error) => logger.error({ err: error }, "rollup job failed"));
  };
  registry.timer = setInterval(tick, EVERY_MS);
  registry.timer.unref();
  onShutdown(() => {
    clearInterval(registry.timer);
    registry.timer = undefined;
  });
}
