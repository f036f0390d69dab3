// The month partitions of `scan` (migration scan_partitions): made ahead, split off the history
// for back-dated data (the seed, tests), dropped whole at the retention, and the online preparation
// that lets the migration of a filled table only change the catalog.
// Rules: docs/features/counting.md ("Partitions and retention").
import { sql } from "drizzle-orm";
import type { Database } from "./client.server";
import { rowsOf } from "./rows.server";

/** A partition of `scan`: `from` null for the history partition (everything before `to`). */
export type ScanPartition = { name: string; from: Date | null; to: Date };

/** Months made ahead of the current UTC month, by the migration, every start and the maintenance job. */
export const MONTHS_AHEAD = 2;
const LOCK = sql`hashtext('leadqr:scan_partitions')`;

export async function listScanPartitions(db: Database): Promise<ScanPartition[]> {
  const rows = rowsOf<{ name: string; bound: string }>(
    await db.execute(sql`
      select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
      from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'scan'::regclass`),
  );
  return rows
    .map((row) => {
      const [, from, to] = /FROM \((?:'([^']+)'|MINVALUE)\) TO \('([^']+)'\)/.exec(row.bound) ?? [];
      return { name: row.name, from: from ? new Date(from) : null, to: new Date(to!) };
    })
    .sort((a, b) => a.to.getTime() - b.to.getTime());
}

/** Makes the month partitions up to `monthsAhead` months after the current one; returns those made. */
export async function ensureScanPartitions(db: Database, monthsAhead = MONTHS_AHEAD): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK})`);
    await tx.execute(sql`set local lock_timeout = '5s'`);
    const [row] = rowsOf<{ made: string[] | null }>(await tx.execute(sql`select scan_partitions_ahead(${monthsAhead}::int) as made`));
    return row?.made ?? [];
  });
}

/**
 * Month partitions from `since`'s month up to the history partition's end, for back-dated scans
 * (the seed, tests): the history partition is re-attached to end where they begin. Refused when
 * the history partition holds scans (their months cannot be split off without moving rows).
 */
export async function splitScanHistory(db: Database, since: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK})`);
    await tx.execute(sql`select set_config('TimeZone', 'UTC', true)`);
    const history = (await listScanPartitions(tx)).find((partition) => partition.from === null);
    const start = monthStart(since, 0);
    if (!history || start >= history.to) return [];
    const [filled] = rowsOf<{ yes: boolean }>(await tx.execute(sql`select exists (select 1 from ${sql.identifier(history.name)}) as yes`));
    if (filled?.yes) throw new Error(`${history.name} holds scans: months before ${history.to.toISOString()} cannot be split off.`);
    await tx.execute(sql`alter table scan detach partition ${sql.identifier(history.name)}`);
    await tx.execute(sql.raw(`alter table scan attach partition "${history.name}" for values from (minvalue) to ('${start.toISOString()}')`));
    const made: string[] = [];
    for (let month = start; month < history.to; month = monthStart(month, 1)) {
      const name = `scan_${month.toISOString().slice(0, 7).replace("-", "")}`;
      await tx.execute(sql.raw(`create table "${name}" (like scan including defaults)`));
      await tx.execute(
        sql.raw(
          `alter table scan attach partition "${name}" for values from ('${month.toISOString()}') to ('${monthStart(month, 1).toISOString()}')`,
        ),
      );
      made.push(name);
    }
    return made;
  });
}

/** The first instant of the UTC month `months` after `at`'s. */
export function monthStart(at: Date, months: number) {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));
}

/** The oldest instant raw scans are kept from: the start of the UTC month `retentionMonths` before the current one. */
export function scanRetentionStart(now: Date, retentionMonths: number) {
  return monthStart(now, -retentionMonths);
}

/**
 * Drops the partitions that end at or before the retention start: detached first (CONCURRENTLY on
 * PostgreSQL: no lock that stops capture's inserts), then dropped. Never a DELETE; the scan
 * triggers do not fire, so counters and conversion keep the dropped scans. Returns the dropped names.
 */
export async function dropExpiredScanPartitions(db: Database, options: { kind: "postgres" | "pglite"; retentionMonths: number; now?: Date }) {
  const start = scanRetentionStart(options.now ?? new Date(), options.retentionMonths);
  const expired = (await listScanPartitions(db)).filter((partition) => partition.to <= start);
  for (const partition of expired) {
    const name = sql.identifier(partition.name);
    // CONCURRENTLY runs outside a transaction, in two; PGlite has one connection and no one to wait for.
    await db.execute(
      options.kind === "postgres" ? sql`alter table scan detach partition ${name} concurrently` : sql`alter table scan detach partition ${name}`,
    );
    await db.execute(sql`drop table ${name}`);
  }
  return expired.map((partition) => partition.name);
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Before the migration scan_partitions, on PostgreSQL and outside its transaction: gives a filled
 * plain `scan` a validated CHECK on its bound and a unique (id, timestamp) index, built without
 * stopping inserts (NOT VALID then VALIDATE; CREATE INDEX CONCURRENTLY). The migration then finds
 * them and only changes the catalog. Does nothing once `scan` is partitioned, or while it is empty.
 */
export async function prepareScanPartitions(query: Query) {
  const { rows } = await query(`select c.relkind::text as kind from pg_class c where c.oid = to_regclass('public.scan')`);
  if (rows[0]?.kind !== "r") return;
  if ((await query(`select 1 from scan limit 1`)).rows.length === 0) return;
  const bound = await query(
    `select conname from pg_constraint where conrelid = 'scan'::regclass and conname = 'scan_history_bound' and convalidated`,
  );
  if (bound.rows.length === 0) {
    await query(`alter table scan drop constraint if exists scan_history_bound`);
    // Writes of the next 7 days fall under it too: the migration can follow days later.
    await query(
      `do $$ begin execute format('alter table scan add constraint scan_history_bound check ("timestamp" < %L) not valid',
         date_trunc('month', now() + interval '7 days' + interval '1 month', 'UTC')); end $$`,
    );
    await query(`alter table scan validate constraint scan_history_bound`);
  }
  const index = await query(`select i.indisvalid as valid from pg_index i where i.indexrelid = to_regclass('public.scan_history_id_timestamp_pk')`);
  if (index.rows[0] && !index.rows[0].valid) await query(`drop index concurrently scan_history_id_timestamp_pk`);
  if (!index.rows[0]?.valid) await query(`create unique index concurrently scan_history_id_timestamp_pk on scan (id, "timestamp")`);
}
