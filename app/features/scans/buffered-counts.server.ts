// Counts kept in memory and written every FLUSH_EVERY_MS, one upsert per key instead of a row per
// hit: every counter (scan exclusions, lead refusals, visitor ids, the scan tally) buffers here.
// Rules: docs/features/capture-and-leads.md ("What counts as a scan", "Unlimited campaigns: group
//   commit, no hot row"); docs/features/counting.md ("Conversion").
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { logger } from "~/utils/logger.server";
import { onShutdown } from "~/utils/services.server";

export const FLUSH_EVERY_MS = 1_000;

export type Counts = Map<string, number>;

type Counter = { pending: Counts; write: (db: Database, pending: Counts) => Promise<void>; failure: Record<string, unknown> & { message: string } };

const counters: Counter[] = [];
let database: Database | undefined;
let timer: NodeJS.Timeout | undefined;
let flushing: Promise<void> | undefined;

/** A counter whose buffered counts `write` adds to the database; a failed write keeps them for the next round. */
export function bufferedCounter(write: Counter["write"], failure: Counter["failure"]) {
  const counter: Counter = { pending: new Map(), write, failure };
  counters.push(counter);
  return (db: Database, key: string, n = 1) => bump(counter, key, db, n);
}

/** A counter of a daily table keyed `campaign|day|reason`; campaigns deleted since are skipped. */
export function dailyCounter(table: "scan_exclusion" | "lead_refusal" | "visitor_id_count") {
  return bufferedCounter((db, pending) => writeDailyCounts(db, table, pending), { message: "daily counts not written yet", table });
}

/** The database the counts go to (the last one a count was bumped for). */
export function countsDatabase() {
  return database;
}

function bump(counter: Counter, key: string, db: Database, n: number) {
  database = db;
  counter.pending.set(key, (counter.pending.get(key) ?? 0) + n);
  if (!timer) {
    timer = setInterval(() => void flushCounts(), FLUSH_EVERY_MS);
    timer.unref();
    onShutdown(async () => {
      clearInterval(timer);
      timer = undefined;
      await flushCounts();
    });
  }
}

/** Writes the buffered counts (also on shutdown, and by tests). A failed write keeps them for the next round. */
export async function flushCounts(): Promise<void> {
  while (flushing) await flushing;
  if (!database || counters.every((counter) => counter.pending.size === 0)) return;
  const db = database;
  const rounds = counters.map((counter) => {
    const pending = counter.pending;
    counter.pending = new Map();
    return { counter, pending };
  });
  flushing = (async () => {
    for (const { counter, pending } of rounds) {
      if (pending.size === 0) continue;
      try {
        await counter.write(db, pending);
      } catch (error) {
        for (const [key, n] of pending) counter.pending.set(key, (counter.pending.get(key) ?? 0) + n);
        const { message, ...context } = counter.failure;
        logger.warn({ err: error, ...context }, message);
      }
    }
  })();
  try {
    await flushing;
  } finally {
    flushing = undefined;
  }
}

async function writeDailyCounts(db: Database, table: "scan_exclusion" | "lead_refusal" | "visitor_id_count", pending: Counts) {
  const rows = [...pending].map(([key, n]) => {
    const [campaignId, day, reason] = key.split("|");
    return { campaign_id: campaignId, day, reason, n };
  });
  const name = sql.identifier(table);
  await db.execute(sql`
    insert into ${name} (campaign_id, day, reason, count)
    select v.campaign_id, v.day, v.reason, v.n
    from json_to_recordset(${JSON.stringify(rows)}::json) as v(campaign_id uuid, day date, reason text, n int)
    where exists (select 1 from campaign c where c.id = v.campaign_id)
    on conflict (campaign_id, day, reason) do update set count = ${name}.count + excluded.count`);
}
