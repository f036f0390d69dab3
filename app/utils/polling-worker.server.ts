// The loop shared by the outbox workers (email, webhooks): poll, run again at once while a pass
// fills its batch, look now when nudged, poll slower after a failed pass, stop after the pass in
// flight. What a pass does (claiming rows) is each worker's own.
import { sql, type SQL } from "drizzle-orm";
import type { Logger } from "pino";
import { systemClock, type Clock } from "./clock";

export type PollingWorkerOptions = {
  /** Names the worker in the log line of a failed pass. */
  name: string;
  /** One pass; resolves to how many items it claimed. */
  pass: () => Promise<number>;
  /** A pass that claims this many runs again at once. */
  batchSize: number;
  pollMs: number;
  log: Pick<Logger, "error">;
  clock?: Clock;
};

/** After a failed pass (e.g. a database outage) the next one waits this many polls. */
export const FAILED_PASS_DELAY_POLLS = 5;
/** A nudge waits this long, so a burst of commits is one pass. */
export const NUDGE_DELAY_MS = 10;

export function createPollingWorker(options: PollingWorkerOptions) {
  const clock = options.clock ?? systemClock;
  let timer: unknown;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  function schedule(ms: number) {
    if (stopped) return;
    clock.clearTimeout(timer);
    timer = clock.setTimeout(tick, ms);
  }

  function tick() {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      let next = options.pollMs;
      try {
        if ((await options.pass()) >= options.batchSize) next = 0;
      } catch (error) {
        options.log.error({ err: error }, `${options.name} worker pass failed`);
        next = options.pollMs * FAILED_PASS_DELAY_POLLS;
      }
      running = undefined;
      if (again) {
        again = false;
        next = 0;
      }
      schedule(next);
    })();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    /** Work was just queued: look now instead of at the next poll. */
    nudge() {
      if (stopped) return;
      if (running) again = true;
      else schedule(NUDGE_DELAY_MS);
    },
    /** Resolves once the pass in flight (if any) is over; nothing runs after. */
    async stop() {
      stopped = true;
      clock.clearTimeout(timer);
      await running;
    },
  };
}

/**
 * "Now" in a worker's SQL: the database's clock, the one all processes share, unless a test
 * injects its own clock.
 */
export function sqlNow(clock: Clock | undefined): SQL {
  return clock ? sql`${new Date(clock.now()).toISOString()}::timestamptz` : sql`now()`;
}
