// On PostgreSQL the server runs one worker process per core (WEB_CONCURRENCY); PGlite cannot be
// shared between processes (it lives inside one), so it always runs one. The primary only
// supervises: it forks the workers (they share the listening socket), replaces one that crashes
// after it started, gives up if one cannot start, and passes SIGTERM on.
import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import type { Env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

/** What a worker tells the primary once it listens. */
export const LISTENING_MESSAGE = "leadqr:listening";

export function workerCountOf(env: Env, development: boolean) {
  if (development || !env.DATABASE_URL || env.DATABASE_URL === "memory://") return 1;
  return env.WEB_CONCURRENCY ?? os.availableParallelism();
}

const liveWorkers = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);

/** @returns the primary's stop, for the signals. */
export function superviseWorkers(env: Env, count: number) {
  const state = { stopping: false, ready: 0 };
  // Workers that reported listening: one that dies before is a start failure, after is a crash.
  const started = new WeakSet<Worker>();
  const fork = () => {
    const worker = cluster.fork();
    worker.once("message", (message) => {
      if (message !== LISTENING_MESSAGE) return;
      started.add(worker);
      state.ready += 1;
      if (state.ready === count)
        logger.info(`LeadQR listening on port ${env.PORT} with ${count} worker processes; public address ${env.appOrigin} (${env.appUrlReason})`);
    });
  };
  cluster.on("exit", (worker, code, signal) => {
    if (state.stopping) {
      if (liveWorkers().length === 0) process.exit(0);
      return;
    }
    if (started.has(worker)) {
      logger.error({ code, signal }, "a worker stopped unexpectedly; starting another");
      return fork();
    }
    // A worker that could not start (bad database URL, migrations failing) will not do better
    // on a second try: stop everything and say so, as a single process would.
    logger.error({ code, signal }, "a worker could not start; stopping");
    state.stopping = true;
    for (const other of liveWorkers()) other.process.kill("SIGTERM");
    setTimeout(() => process.exit(1), 2_000).unref();
    if (liveWorkers().length === 0) process.exit(1);
    process.exitCode = 1;
  });
  for (let i = 0; i < count; i++) fork();
  return (signal: NodeJS.Signals) => {
    if (state.stopping) return;
    state.stopping = true;
    logger.info({ signal }, "shutting down workers");
    for (const worker of liveWorkers()) worker.process.kill("SIGTERM");
    // Each worker stops within 2 s on its own; this is the backstop.
    setTimeout(() => {
      for (const worker of liveWorkers()) worker.process.kill("SIGKILL");
      process.exit(0);
    }, 2_500).unref();
    if (liveWorkers().length === 0) process.exit(0);
  };
}
