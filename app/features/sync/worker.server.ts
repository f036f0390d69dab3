// Runs the sync outbox, as the webhook and email workers run theirs: jobs claimed
// with FOR UPDATE SKIP LOCKED under a lease, retried with backoff while the provider fails or
// rate-limits, given up only on a permanent refusal or after MAX attempts. A refusal of our
// access, or a deleted audience or sheet, holds the connection's jobs until the owner acts.
// One connection has at most `perConnection` jobs in flight, and a job holds one of the worker's
// slots only while it runs, so an account whose provider hangs takes a slot, not the worker
//.
// Rules: docs/features/lead-sync.md ("The sync outbox").
import { eq, sql, type SQL } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { syncConnection } from "~/db/schema";
import { getPlanOfUser } from "~/features/billing/plan.server";
import type { Clock } from "~/utils/clock";
import { logger as appLogger } from "~/utils/logger.server";
import { createPollingWorker, sqlNow } from "~/utils/polling-worker.server";
import { getServices, onShutdown } from "~/utils/services.server";
import { accessTokenOf, knownProvider, markBroken, type ConnectionRow } from "./connections.server";
import { ProviderError } from "./provider";
import { syncLeadOf } from "./sync-lead.server";

export const SYNC_WORKER_DEFAULTS = {
  /** Jobs in flight at once in this process (its slots). */
  batchSize: 10,
  /** Jobs of one connection in flight at once, across processes: a hanging account holds this many slots at most. */
  perConnection: 1,
  pollMs: 1_000,
  leaseMs: 60_000,
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60_000,
  /** About a day of retries with these delays. */
  maxAttempts: 30,
};

export type SyncWorkerOptions = Partial<typeof SYNC_WORKER_DEFAULTS> & {
  db: Database;
  logger?: Pick<Logger, "info" | "warn" | "error">;
  clock?: Clock;
};

type ClaimedJob = {
  id: string;
  connection_id: string;
  lead_id: string | null;
  action: "push" | "erase";
  remote_key: string | null;
  remote_row: string | null;
  attempts: number;
};

type Finish =
  { status: "succeeded" | "skipped" | "failed"; result: string } | { status: "pending"; result: string; delayMs: number; countAttempt: boolean };

export function syncBackoffMs(attempt: number, baseMs: number, maxMs: number) {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

type Settings = typeof SYNC_WORKER_DEFAULTS;

export const NOT_ON_PLAN = "Not sent: lead sync is part of Pro and Enterprise.";

async function send(db: Database, job: ClaimedJob, connection: ConnectionRow): Promise<Finish> {
  const provider = knownProvider(connection.provider);
  const live = await accessTokenOf(db, connection);
  if (job.action === "erase") {
    const removed = await provider.removeLead(live, { remoteKey: job.remote_key ?? "", remoteRow: job.remote_row ?? "" });
    if (removed) return { status: "skipped", result: removed.skipped };
    return { status: "succeeded", result: "Removed: the lead was erased." };
  }
  // Erasures still go out after a downgrade (the copy must go); new leads only while the plan has sync.
  if (!(await getPlanOfUser(db, { userId: connection.userId })).isPro) return { status: "skipped", result: NOT_ON_PLAN };
  const lead = job.lead_id ? await syncLeadOf(db, job.lead_id) : null;
  if (!lead) return { status: "skipped", result: "Not sent: the lead was erased." };
  if (!connection.destinationId) return { status: "skipped", result: `Not sent: no ${provider.destinationNoun} chosen.` };
  const [previous] = rowsOf<{ remoteKey: string; remoteRow: string }>(
    await db.execute(sql`
      select remote_key as "remoteKey", remote_row as "remoteRow" from sync_record
       where connection_id = ${connection.id} and lead_id = ${lead.id}`),
  );
  const outcome = await provider.pushLead({ ...live, destinationId: connection.destinationId }, lead, previous ?? null);
  if ("skipped" in outcome) return { status: "skipped", result: outcome.skipped };
  await keepCopy(db, connection.id, lead.id, outcome.sent);
  return { status: "succeeded", result: outcome.note ?? "Sent." };
}

/** Remembers what the destination holds; if the lead was erased meanwhile, queues its removal instead. */
async function keepCopy(db: Database, connectionId: string, leadId: string, copy: { remoteKey: string; remoteRow: string }) {
  const kept = rowsOf(
    await db.execute(sql`
      insert into sync_record (connection_id, lead_id, remote_key, remote_row)
      select ${connectionId}, l.id, ${copy.remoteKey}, ${copy.remoteRow} from lead l where l.id = ${leadId}
      on conflict (connection_id, lead_id) do update set remote_key = excluded.remote_key, remote_row = excluded.remote_row, synced_at = now()
      returning lead_id`),
  );
  if (kept.length === 0)
    await db.execute(sql`
      insert into sync_job (connection_id, action, remote_key, remote_row) values (${connectionId}, 'erase', ${copy.remoteKey}, ${copy.remoteRow})`);
}

type Failing = { db: Database; settings: Settings; now: SQL; job: ClaimedJob; connection: ConnectionRow };

async function failed({ db, settings, now, job, connection }: Failing, error: ProviderError): Promise<Finish> {
  if (error.kind === "auth" || (error.kind === "gone" && job.action === "push")) {
    const broken =
      error.kind === "gone"
        ? new ProviderError(`The chosen ${knownProvider(connection.provider).destinationNoun} no longer exists. Choose another.`, "gone")
        : error;
    await markBroken(db, connection.id, broken);
    // The job waits, without spending an attempt, until the owner reconnects or chooses again.
    return { status: "pending", result: broken.message, delayMs: 0, countAttempt: false };
  }
  if (error.kind === "gone") return { status: "succeeded", result: "Already removed." };
  if (error.kind === "refused") return { status: "failed", result: error.message };
  // Asked to slow down: the connection's other waiting jobs hold back too, so a backfill goes at the provider's rate.
  if (error.retryAfterMs)
    await db.execute(sql`
      update sync_job set next_attempt_at = greatest(next_attempt_at, ${now} + make_interval(secs => ${error.retryAfterMs / 1000}))
       where connection_id = ${connection.id} and status = 'pending' and id <> ${job.id}`);
  return retryLater(settings, job, error.message, error.retryAfterMs);
}

function retryLater(settings: Settings, job: ClaimedJob, result: string, retryAfterMs?: number): Finish {
  if (job.attempts >= settings.maxAttempts) return { status: "failed", result: `${result} Gave up after ${job.attempts} attempts.` };
  const delayMs = Math.max(retryAfterMs ?? 0, syncBackoffMs(job.attempts, settings.backoffBaseMs, settings.backoffMaxMs));
  return { status: "pending", result, delayMs, countAttempt: true };
}

/**
 * Claims up to `limit` due jobs, none of a connection that already has `perConnection` in flight
 * (here or in another process): each connection's jobs are ranked after those it has in flight,
 * and first places go before second ones, so every waiting connection gets a turn.
 */
async function claimJobs(db: Database, settings: Settings, now: () => SQL, limit: number) {
  const due = (j: SQL) =>
    sql`((${j}.status = 'pending' and ${j}.next_attempt_at <= ${now()}) or (${j}.status = 'sending' and ${j}.locked_until < ${now()}))`;
  return rowsOf<ClaimedJob>(
    await db.execute(sql`
      with in_flight as (
        select connection_id, count(*) as n from sync_job
         where status = 'sending' and locked_until >= ${now()}
         group by connection_id
      ), ranked as (
        select j.id, coalesce(f.n, 0) + row_number() over (partition by j.connection_id order by j.next_attempt_at, j.id) as place
          from sync_job j join sync_connection c on c.id = j.connection_id
          left join in_flight f on f.connection_id = j.connection_id
         where c.status = 'active' and ${due(sql`j`)}
      )
      update sync_job
         set status = 'sending', attempts = attempts + 1, locked_until = ${now()} + make_interval(secs => ${settings.leaseMs / 1000})
       where id in (
         select j.id from sync_job j join ranked r on r.id = j.id
          where r.place <= ${settings.perConnection} and ${due(sql`j`)}
          order by r.place, j.next_attempt_at
          limit ${limit}
          for update of j skip locked)
      returning id, connection_id, lead_id, action, remote_key, remote_row, attempts`),
  );
}

async function finishJob(db: Database, now: () => SQL, job: ClaimedJob, outcome: Finish) {
  if (outcome.status === "pending") {
    await db.execute(sql`
      update sync_job set status = 'pending', locked_until = null, last_result = ${outcome.result},
             attempts = attempts - ${outcome.countAttempt ? 0 : 1},
             next_attempt_at = ${now()} + make_interval(secs => ${outcome.delayMs / 1000})
       where id = ${job.id}`);
    return;
  }
  // A job that got through after failing keeps the last failure in its result, so the log shows the retry.
  await db.execute(sql`
    update sync_job set status = ${outcome.status}, locked_until = null, completed_at = ${now()},
           last_result = ${outcome.result} || case when attempts > 1 and last_result is not null
                                                   then ' Took ' || attempts || ' attempts; earlier: ' || last_result else '' end
     where id = ${job.id}`);
}

export function createSyncWorker(options: SyncWorkerOptions) {
  const settings = { ...SYNC_WORKER_DEFAULTS, ...options };
  const { db } = options;
  const log = options.logger ?? appLogger;
  const now = () => sqlNow(options.clock);

  /** What became of one claimed job; a provider's failure is sorted, anything else is retried and logged. */
  async function run(job: ClaimedJob): Promise<Finish> {
    const [connection] = await db.select().from(syncConnection).where(eq(syncConnection.id, job.connection_id));
    if (!connection) return { status: "skipped", result: "Disconnected." };
    try {
      return await send(db, job, connection);
    } catch (error) {
      if (error instanceof ProviderError) return await failed({ db, settings, now: now(), job, connection }, error);
      log.error({ err: error, jobId: job.id }, "sync job failed unexpectedly");
      return retryLater(settings, job, "Something went wrong on our side; we will try again.");
    }
  }

  const inFlight = new Set<Promise<void>>();

  /**
   * Claims what the free slots allow and starts those jobs without waiting for them: each frees its
   * slot when done and has the loop look again, so a slow job never holds the others' turn.
   */
  async function fill() {
    const free = settings.batchSize - inFlight.size;
    if (free <= 0) return 0;
    const jobs = await claimJobs(db, settings, now, free);
    for (const job of jobs) {
      const running: Promise<void> = (async () => {
        try {
          await finishJob(db, now, job, await run(job));
        } catch (error) {
          // Its lease brings it back.
          log.error({ err: error, jobId: job.id }, "sync job could not be finished");
        }
      })().finally(() => {
        inFlight.delete(running);
        loop.nudge();
      });
      inFlight.add(running);
    }
    return jobs.length;
  }

  /** One pass, waited for: claims what the free slots allow and resolves when those jobs are done. */
  async function runOnce() {
    const claimed = await fill();
    await Promise.all([...inFlight]);
    return claimed;
  }

  const loop = createPollingWorker({
    name: "sync",
    pass: fill,
    batchSize: settings.batchSize,
    pollMs: settings.pollMs,
    log,
    clock: options.clock,
  });
  /** Stops claiming, then waits for the jobs in flight (each provider call is bounded by its timeout). */
  async function stop() {
    await loop.stop();
    await Promise.all([...inFlight]);
  }
  return { runOnce, start: loop.start, nudge: loop.nudge, stop };
}

export type SyncWorker = ReturnType<typeof createSyncWorker>;

type Registry = { worker?: SyncWorker };
const registry: Registry = ((globalThis as { __leadqrSync?: Registry }).__leadqrSync ??= {});

/** Starts this process's sync worker once; it stops before the database closes. */
export async function startSyncWorker() {
  if (registry.worker) return;
  const { db } = await getServices();
  const worker = createSyncWorker({ db });
  registry.worker = worker;
  worker.start();
  onShutdown(async () => {
    if (registry.worker === worker) registry.worker = undefined;
    await worker.stop();
  });
}

/** Asks the running worker (if any) to look now: after a retry, a reconnect or a new destination. */
export function nudgeSyncWorker() {
  registry.worker?.nudge();
}
