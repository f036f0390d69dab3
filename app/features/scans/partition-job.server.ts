// The scan partitions' maintenance: every hour one process (the `job_run` row is the lease) makes
// the month partitions ahead and drops those past SCAN_RETENTION_MONTHS.
// Rules: docs/features/counting.md ("Partitions and retention").
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { dropExpiredScanPartitions, ensureScanPartitions, scanRetentionStart } from "~/db/scan-partitions.server";
import { logger } from "~/utils/logger.server";
import { getServices, onShutdown } from "~/utils/services.server";

export const SCAN_PARTITION_JOB = "scan_partitions";
const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Runs the job if no process ran it in the last 50 minutes (or `force`): returns the partitions
 * made and dropped, or null when it was not due.
 */
export async function runScanPartitionJob(
  db: Database,
  options: { kind: "postgres" | "pglite"; retentionMonths: number; now?: Date; force?: boolean },
) {
  const claimed = rowsOf<{ name: string }>(
    await db.execute(sql`
      insert into job_run (name, last_run_at) values (${SCAN_PARTITION_JOB}, now())
      on conflict (name) do update set last_run_at = excluded.last_run_at
        where ${options.force ?? false} or job_run.last_run_at < now() - interval '50 minutes'
      returning name`),
  );
  if (claimed.length === 0) return null;
  const made = await ensureScanPartitions(db);
  const dropped = await dropExpiredScanPartitions(db, options);
  await db.execute(sql`update job_run set result = ${JSON.stringify({ made, dropped })}::jsonb where name = ${SCAN_PARTITION_JOB}`);
  return { made, dropped };
}

/** The first day whose raw scans are kept (`YYYY-MM-DD`, UTC), for the analytics' "reach back" line. */
export function scansKeptSince(retentionMonths: number, now = new Date()) {
  return scanRetentionStart(now, retentionMonths).toISOString().slice(0, 10);
}

type Registry = { timer?: NodeJS.Timeout; first?: NodeJS.Timeout };
const registry: Registry = ((globalThis as { __leadqrScanPartitions?: Registry }).__leadqrScanPartitions ??= {});

/** Every process looks hourly; the lease lets one of them run. */
export async function startScanPartitionSchedule() {
  if (registry.timer) return;
  const { db, database, env } = await getServices();
  const tick = () => {
    runScanPartitionJob(db, { kind: database.kind, retentionMonths: env.SCAN_RETENTION_MONTHS })
      .then((result) => {
        if (result && (result.made.length > 0 || result.dropped.length > 0))
          logger.info({ job: SCAN_PARTITION_JOB, ...result }, "scan partitions job ran");
      })
      .catch((error) => logger.error({ err: error }, "scan partitions job failed"));
  };
  registry.timer = setInterval(tick, CHECK_EVERY_MS);
  registry.timer.unref();
  registry.first = setTimeout(tick, 5_000);
  registry.first.unref();
  onShutdown(() => {
    clearTimeout(registry.first);
    clearInterval(registry.timer);
    registry.timer = undefined;
  });
}
