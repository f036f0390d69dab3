// The reading side on a streaming replica (DATABASE_REPLICA_URL): a reader handle that serves
// reads from the replica while it is reachable and at most 30 s behind, and from the primary
// otherwise, without an error. How far behind it is gets measured in the background, never per
// request.
// Rules: docs/operations.md ("Read replica"); docs/decisions/530-readers-take-an-explicit-reader-handle.md.
import type pg from "pg";
import { logger } from "~/utils/logger.server";
import type { Database } from "./client.server";
import { registerPreparedRunner } from "./prepared.server";
import * as schema from "./schema";

/** A replica further behind than this is bypassed. */
export const REPLICA_MAX_LAG_SECONDS = 30;
/** How often the background check measures the lag (and notices a replica that came back). */
export const REPLICA_CHECK_EVERY_MS = 5_000;

export type ReplicaStatus = {
  /** Whether readers are served by the replica right now. */
  inUse: boolean;
  reachable: boolean;
  /** Seconds behind the primary at the last check; null when it could not be measured. */
  lagSeconds: number | null;
  /**
   * Epoch ms: every write committed on the primary before this moment is on the replica. A
   * request whose own write is newer reads from the primary (see `readerDb`).
   */
  caughtUpTo: number;
};

export type ReplicaHandle = {
  reader: Database;
  status: () => ReplicaStatus;
  /** Measures the lag now (the background loop calls it; tests call it to skip the wait). */
  check: () => Promise<void>;
  close: () => Promise<void>;
};

/** What one check reads: the primary's WAL position, then the replica's replay state. */
export type LagReading = {
  primaryLsn: string;
  inRecovery: boolean;
  replayLsn: string | null;
  /** `now() - pg_last_xact_replay_timestamp()` on the replica, in seconds; null before any replay. */
  sinceLastReplaySeconds: number | null;
  /** `pg_last_xact_replay_timestamp()` as epoch ms. */
  lastReplayAt: number | null;
};

/** `X/Y` (two hex halves) as one number, so two positions compare. */
export function lsnValue(lsn: string) {
  const [high, low] = lsn.split("/");
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * How far behind the replica is. `now() - pg_last_xact_replay_timestamp()` alone grows without end
 * on an idle primary (no transaction to replay), so a replica that has replayed up to the
 * primary's position as read just before counts as 0 s behind, and caught up to that moment.
 * A server that is not in recovery is no replica (promoted, or the primary's own address): never used.
 */
export function lagOf(reading: LagReading, readAt: number): { lagSeconds: number | null; caughtUpTo: number | null } {
  if (!reading.inRecovery || reading.replayLsn === null) return { lagSeconds: null, caughtUpTo: null };
  if (lsnValue(reading.replayLsn) >= lsnValue(reading.primaryLsn)) return { lagSeconds: 0, caughtUpTo: readAt };
  if (reading.sinceLastReplaySeconds === null) return { lagSeconds: null, caughtUpTo: null };
  return { lagSeconds: Math.max(0, reading.sinceLastReplaySeconds), caughtUpTo: reading.lastReplayAt };
}

export function isReplicaUsable(status: Pick<ReplicaStatus, "reachable" | "lagSeconds">, maxLagSeconds = REPLICA_MAX_LAG_SECONDS) {
  return status.reachable && status.lagSeconds !== null && status.lagSeconds <= maxLagSeconds;
}

/**
 * What says the replica cannot answer, as opposed to a query that failed on its own: no
 * connection, a connection cut (the server stopping), or a read cancelled because replay needed
 * its rows (SQLSTATE 40001 on a standby). The same read is then run on the primary.
 */
export function isReplicaFailure(error: unknown) {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code && /^(08|57P0[1-3])/.test(code)) return true;
  if (code === "40001" && /conflict with recovery/i.test(message ?? "")) return true;
  if (code && ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EPIPE"].includes(code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message ?? "");
}

type Query = (...args: unknown[]) => Promise<unknown>;

/**
 * What drizzle's node-postgres driver sees as the reader's pool (it runs queries on `query` and
 * transactions on a `connect`ed client; the class name must say Pool): each call goes to the
 * replica while it is usable, else to the primary; a call the replica fails for being down is
 * run again on the primary and the replica is set aside until the next check finds it well.
 */
class ReaderPool {
  constructor(
    private readonly replica: pg.Pool,
    private readonly primary: pg.Pool,
    private readonly usable: () => boolean,
    private readonly failed: (error: unknown) => void,
  ) {}

  query(...args: unknown[]) {
    return this.route(
      () => (this.replica.query as Query)(...args),
      () => (this.primary.query as Query)(...args),
    );
  }

  connect() {
    return this.route(
      () => this.replica.connect(),
      () => this.primary.connect(),
    );
  }

  private async route<T>(onReplica: () => Promise<T>, onPrimary: () => Promise<T>) {
    if (!this.usable()) return onPrimary();
    try {
      return await onReplica();
    } catch (error) {
      if (!isReplicaFailure(error)) throw error;
      this.failed(error);
      return onPrimary();
    }
  }
}

/**
 * One check's readings: the primary's WAL position first (as `readAt`), then the replica's replay
 * state. Undefined when the primary does not answer: nothing can be measured then.
 */
async function readPositions(primary: pg.Pool, replica: pg.Pool): Promise<{ reading: LagReading; readAt: number } | undefined> {
  const readAt = Date.now();
  let primaryLsn: string;
  try {
    primaryLsn = (await primary.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn")).rows[0]!.lsn;
  } catch {
    return undefined;
  }
  const { rows } = await replica.query<{ in_recovery: boolean; replay_lsn: string | null; since: number | null; replayed_at: number | null }>(
    `select pg_is_in_recovery() as in_recovery, pg_last_wal_replay_lsn()::text as replay_lsn,
            extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as since,
            (extract(epoch from pg_last_xact_replay_timestamp()) * 1000)::float8 as replayed_at`,
  );
  const row = rows[0]!;
  const reading = {
    primaryLsn,
    inRecovery: row.in_recovery,
    replayLsn: row.replay_lsn,
    sinceLastReplaySeconds: row.since === null ? null : Number(row.since),
    lastReplayAt: row.replayed_at === null ? null : Number(row.replayed_at),
  };
  return { reading, readAt };
}

/** The replica's status, with its changes between in use and bypassed logged once each. */
function replicaState(maxLagSeconds: number) {
  const status: ReplicaStatus = { inUse: false, reachable: false, lagSeconds: null, caughtUpTo: 0 };
  const setInUse = (inUse: boolean, reason: string, error?: unknown) => {
    if (inUse !== status.inUse) {
      if (inUse) logger.info({ lagSeconds: status.lagSeconds }, "read replica in use");
      else logger.warn({ err: error, lagSeconds: status.lagSeconds, reason }, "read replica bypassed: reads go to the primary");
    }
    status.inUse = inUse;
  };
  return {
    status,
    measured(reading: LagReading, readAt: number) {
      const { lagSeconds, caughtUpTo } = lagOf(reading, readAt);
      status.reachable = true;
      status.lagSeconds = lagSeconds;
      if (caughtUpTo !== null) status.caughtUpTo = Math.max(status.caughtUpTo, caughtUpTo);
      const reason = reading.inRecovery ? `more than ${maxLagSeconds} s behind` : "not a standby (pg_is_in_recovery() is false)";
      setInUse(isReplicaUsable(status, maxLagSeconds), reason);
    },
    unreachable(error: unknown) {
      status.reachable = false;
      status.lagSeconds = null;
      setInUse(false, "unreachable", error);
    },
  };
}

export async function openReplica(options: { url: string; primary: pg.Pool; maxLagSeconds?: number; checkEveryMs?: number }): Promise<ReplicaHandle> {
  const { default: pgModule } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  // Short connect timeout: a replica that does not answer is bypassed, not waited for.
  const pool = new pgModule.Pool({ connectionString: options.url, max: 10, connectionTimeoutMillis: 2_000, idleTimeoutMillis: 30_000 });
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));

  const state = replicaState(options.maxLagSeconds ?? REPLICA_MAX_LAG_SECONDS);
  const readerPool = new ReaderPool(pool, options.primary, () => state.status.inUse, state.unreachable);
  const reader = drizzle({ client: readerPool as unknown as pg.Pool, schema }) as unknown as Database;
  registerPreparedRunner(reader, {
    named: (statement, values) => readerPool.query({ name: statement.name, text: statement.text, values }),
    plain: (statement, values) => readerPool.query(statement.text, values),
  });

  let checking: Promise<void> | undefined;
  const measure = async () => {
    try {
      const measured = await readPositions(options.primary, pool);
      if (measured) state.measured(measured.reading, measured.readAt);
    } catch (error) {
      state.unreachable(error);
    }
  };
  const check = () => (checking ??= measure().finally(() => (checking = undefined)));

  await check();
  const timer = setInterval(() => void check(), options.checkEveryMs ?? REPLICA_CHECK_EVERY_MS);
  timer.unref();

  return {
    reader,
    status: () => ({ ...state.status }),
    check,
    close: async () => {
      clearInterval(timer);
      await checking;
      await pool.end();
    },
  };
}
