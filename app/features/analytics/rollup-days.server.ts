// The day level of the rollups: written by the rollup job from the hourly rows (`rollDays`), and
// read with them (whole UTC days of a range from `campaign_rollup_day`, the hours at its edges from
// `campaign_rollup`, each instant once).
// Rules: docs/features/counting.md ("Rollups", "The day level").
import { sql, type SQL } from "drizzle-orm";
import { rowsOf } from "~/db/rows.server";
import type { Spans, TouchedDay, Transaction } from "./rollups.server";

/** The figures every level has, read from a row `r` of either table. */
const COLUMNS = sql.raw(
  "r.campaign_id, r.placement_id, r.scans, r.uniques, r.qr, r.converted, r.mobile, r.desktop, r.systems, r.leads, r.redemptions",
);

/** The owner day a UTC day's row is counted in: that of the day's middle (where most of its hours are). */
const ownerDayOf = (utcDay: SQL, timeZone: string) => sql`((${utcDay} + time '12:00') at time zone 'UTC' at time zone ${timeZone})::date`;

const HOUR_MS = 3_600_000;
/** The hours of `[from, to)` pairs, as ISO instants. */
function hoursOf(pairs: Array<[string, string]>) {
  const hours: string[] = [];
  for (const [from, to] of pairs) {
    for (let at = Date.parse(from); at < Date.parse(to); at += HOUR_MS) hours.push(new Date(at).toISOString());
  }
  return hours;
}

const timestamps = (list: string[]) => sql`${`{${list.join(",")}}`}::timestamptz[]`;

/**
 * The hourly rows `r` of these hours, one index probe per hour (`offset 0` keeps the subquery apart:
 * as a join, or as `hour = any(…)`, the planner read every hour of the campaign and filtered).
 */
const eachHour = (hours: string[], where: SQL) =>
  sql`unnest(${timestamps(hours)}) w(at) cross join lateral (select r.* from campaign_rollup r where r.hour = w.at and ${where} offset 0) r`;

/**
 * The rolled-up rows of a range as one table: `sign` (1, or -1 for an hour a day row holds that is
 * counted elsewhere), `day` (with `byDay`: the owner day the row counts in; else null) and the
 * figures. Sum `sign * figure`. `where` is the reader's condition on a row `r` (campaign, placement,
 * a figure > 0), applied to every part.
 * With `byDay`, a day row counts in the owner day of its middle; the hours of that UTC day in the
 * other owner day (`spans.moves`) are taken off there and added to their own.
 */
export function rolledRows(spans: Spans, where: SQL, options: { byDay?: boolean } = {}): SQL {
  const zone = spans.timeZone;
  const hourDay = options.byDay ? sql`(r.hour at time zone ${zone})::date` : sql`null::date`;
  const middleOfHour = options.byDay ? ownerDayOf(sql`(r.hour at time zone 'UTC')::date`, zone) : sql`null::date`;
  const legs: SQL[] = [sql`select 1 as sign, ${hourDay} as day, ${COLUMNS} from campaign_rollup r where false`];
  for (const edge of spans.edges(sql`r.hour`)) legs.push(sql`select 1, ${hourDay}, ${COLUMNS} from campaign_rollup r where ${edge} and ${where}`);
  if (spans.days) {
    const dayOf = options.byDay ? ownerDayOf(sql`r.day`, zone) : sql`null::date`;
    legs.push(sql`select 1, ${dayOf}, ${COLUMNS} from campaign_rollup_day r
      where r.day >= ${spans.days.from}::date and r.day < ${spans.days.to}::date and ${where}`);
    // A cut hour is counted from the raw rows: take it off its day row.
    if (spans.dayCuts.length) {
      legs.push(sql`select -1, ${middleOfHour}, ${COLUMNS} from ${eachHour(spans.dayCuts, where)}`);
    }
    if (options.byDay && spans.moves.length) {
      legs.push(sql`select m.sign, case when m.sign = 1 then ${hourDay} else ${middleOfHour} end, ${COLUMNS}
        from ${eachHour(hoursOf(spans.moves), where)} cross join (values (1), (-1)) m(sign)`);
    }
  }
  return sql`(${sql.join(legs, sql` union all `)})`;
}

/**
 * The rolled-up counted scans of a range per UTC hour (`at`, `scans`): a day row's `hours` spread
 * over its 24 hours, the edges' hourly rows, less the cut hours. For the weekday × hour heat map.
 */
export function rolledHours(spans: Spans, where: SQL): SQL {
  const legs: SQL[] = [sql`select r.hour as at, r.scans from campaign_rollup r where false`];
  for (const edge of spans.edges(sql`r.hour`))
    legs.push(sql`select r.hour, r.scans from campaign_rollup r where ${edge} and r.scans > 0 and ${where}`);
  if (spans.days) {
    legs.push(sql`select (r.day::timestamp at time zone 'UTC') + (h.i - 1) * interval '1 hour', h.n
      from campaign_rollup_day r cross join lateral unnest(r.hours) with ordinality h(n, i)
      where r.day >= ${spans.days.from}::date and r.day < ${spans.days.to}::date and r.scans > 0 and h.n > 0 and ${where}`);
    if (spans.dayCuts.length) {
      legs.push(sql`select r.hour, -r.scans from ${eachHour(spans.dayCuts, sql`r.scans > 0 and ${where}`)}`);
    }
  }
  return sql`(${sql.join(legs, sql` union all `)})`;
}

/**
 * All time up to what the job covers, for the all-time figures: the day rows of the UTC days before
 * `coveredTo`'s and the hourly rows of that day before it. `r` is the row in `where`.
 */
export function rolledAllTime(state: { coveredTo: string | null; days?: boolean }, where: SQL): SQL {
  const { coveredTo } = state;
  if (!coveredTo) return sql`(select 1 as sign, null::date as day, ${COLUMNS} from campaign_rollup r where false)`;
  if (!state.days)
    return sql`(select 1 as sign, null::date as day, ${COLUMNS} from campaign_rollup r where r.hour < ${coveredTo}::timestamptz and ${where})`;
  const day = coveredTo.slice(0, 10);
  return sql`(select 1 as sign, null::date as day, ${COLUMNS} from campaign_rollup_day r where r.day < ${day}::date and ${where}
    union all
    select 1, null::date, ${COLUMNS} from campaign_rollup r
    where r.hour >= ${day}::date::timestamp at time zone 'UTC' and r.hour < ${coveredTo}::timestamptz and ${where})`;
}

/** The figures of `campaign_rollup_day` (after the key), in the order `rollDays` computes them. */
const DAY_FIGURE_NAMES = [
  "scans",
  "uniques",
  "qr",
  "converted",
  "mobile",
  "desktop",
  "systems",
  "leads",
  "confirmed",
  "redemptions",
  "exclusions",
  "hours",
];
const DAY_FIGURES = sql.raw(DAY_FIGURE_NAMES.join(", "));
const UPDATE_DAY_FIGURES = sql.raw(DAY_FIGURE_NAMES.map((name) => `${name} = excluded.${name}`).join(", "));
const dayFiguresOf = (table: "r" | "excluded") => sql.raw(DAY_FIGURE_NAMES.map((name) => `${table}.${name}`).join(", "));
/** Counted scans per UTC hour of the day, from the hourly rows `h` (with `hr`, the UTC hour). */
const SCANS_PER_HOUR = sql.raw(
  `array[${Array.from({ length: 24 }, (_, hour) => `coalesce(sum(h.scans) filter (where h.hr = ${hour}), 0)::int`).join(", ")}]`,
);

/**
 * The day level ("The day level"): the UTC days whose hourly rows changed (`touched`; null: every
 * day, the first fill) are summed again from `campaign_rollup`, upserted where a figure changed, and
 * their day rows with no hourly row left are deleted. Returns how many day rows changed.
 */
export async function rollDays(tx: Transaction, touched: TouchedDay[] | null) {
  if (touched !== null && touched.length === 0) return 0;
  const days =
    touched === null
      ? sql``
      : sql`days as (
        select distinct (x->>0)::uuid as campaign_id, (x->>1)::date as day from jsonb_array_elements(${JSON.stringify(touched)}::jsonb) x
      ), `;
  const hourly =
    touched === null
      ? sql`from campaign_rollup r`
      : sql`from days d join campaign_rollup r on r.campaign_id = d.campaign_id
          and r.hour >= d.day::timestamp at time zone 'UTC' and r.hour < (d.day + 1)::timestamp at time zone 'UTC'`;
  const [row] = rowsOf<{ written: number; deleted: number }>(
    await tx.execute(sql`
      with ${days}hourly as (
        select r.*, (r.hour at time zone 'UTC')::date as day, extract(hour from r.hour at time zone 'UTC')::int as hr ${hourly}
      ), e as (
        select h.campaign_id, h.placement_id, h.location_id, h.day, null::text as kind, null::text as key, 0 as n,
          sum(h.scans) as scans, sum(h.uniques) as uniques, sum(h.qr) as qr, sum(h.converted) as converted, sum(h.mobile) as mobile,
          sum(h.desktop) as desktop, sum(h.leads) as leads, sum(h.confirmed) as confirmed, sum(h.redemptions) as redemptions,
          ${SCANS_PER_HOUR} as hours
        from hourly h group by 1, 2, 3, 4
        union all
        select h.campaign_id, h.placement_id, h.location_id, h.day, 's', o.key, sum(o.value::int), 0, 0, 0, 0, 0, 0, 0, 0, 0, null::int[]
        from hourly h, jsonb_each_text(h.systems) o group by 1, 2, 3, 4, 5, 6
        union all
        select h.campaign_id, h.placement_id, h.location_id, h.day, 'x', o.key, sum(o.value::int), 0, 0, 0, 0, 0, 0, 0, 0, 0, null::int[]
        from hourly h, jsonb_each_text(h.exclusions) o group by 1, 2, 3, 4, 5, 6
      ), fresh as (
        select e.campaign_id, e.placement_id, e.location_id, e.day, sum(e.scans)::int as scans, sum(e.uniques)::int as uniques,
          sum(e.qr)::int as qr, sum(e.converted)::int as converted, sum(e.mobile)::int as mobile, sum(e.desktop)::int as desktop,
          coalesce(jsonb_object_agg(e.key, e.n) filter (where e.kind = 's'), '{}'::jsonb) as systems,
          sum(e.leads)::int as leads, sum(e.confirmed)::int as confirmed, sum(e.redemptions)::int as redemptions,
          coalesce(jsonb_object_agg(e.key, e.n) filter (where e.kind = 'x'), '{}'::jsonb) as exclusions,
          max(e.hours) as hours
        from e group by 1, 2, 3, 4
      ), written as (
        insert into campaign_rollup_day as r (campaign_id, placement_id, location_id, day, ${DAY_FIGURES})
        select * from fresh
        on conflict on constraint campaign_rollup_day_key do update set ${UPDATE_DAY_FIGURES}
          where (${dayFiguresOf("r")}) is distinct from (${dayFiguresOf("excluded")})
        returning 1
      ), deleted as (
        delete from campaign_rollup_day r
        where ${touched === null ? sql`true` : sql`exists (select 1 from days d where d.campaign_id = r.campaign_id and d.day = r.day)`}
          and not exists (select 1 from fresh f where f.campaign_id = r.campaign_id and f.day = r.day
            and f.placement_id is not distinct from r.placement_id and f.location_id is not distinct from r.location_id)
        returning 1
      )
      select (select count(*) from written)::int as written, (select count(*) from deleted)::int as deleted`),
  );
  return (row?.written ?? 0) + (row?.deleted ?? 0);
}
