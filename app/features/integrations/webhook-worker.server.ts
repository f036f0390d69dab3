// Delivers the webhook outbox. Every server process runs one worker; deliveries are claimed with
// FOR UPDATE SKIP LOCKED and a lease (as the email worker does), so several processes never send
// a delivery twice at once and one held by a crashed process is retried when its lease runs out.
// Rules: docs/features/webhooks-and-api.md ("Fair scheduling").
import { sql, type SQL } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { enqueueEmail } from "~/features/email/outbox.server";
import { recipientLanguage } from "~/features/email/recipient-language.server";
import { nudgeEmailWorker } from "~/features/email/worker.server";
import { getEnv } from "~/utils/env.server";
import { logger as appLogger } from "~/utils/logger.server";
import type { Clock } from "~/utils/clock";
import { createPollingWorker, sqlNow } from "~/utils/polling-worker.server";
import { getServices, onShutdown } from "~/utils/services.server";
import { WEBHOOK_GONE_REASON, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_PAUSE_AFTER_FAILURES, webhookBackoffMs } from "./events";
import { webhookPausedEmail } from "./paused-email";
import { SEND_LIMITS, sendWebhook, type AttemptResult } from "./send.server";

export const WEBHOOK_WORKER_DEFAULTS = {
  batchSize: 10,
  pollMs: 1_000,
  /** Longer than the send timeout, so a live worker never loses its claim mid-send. */
  leaseMs: 60_000,
  backoffBaseMs: 60_000,
  backoffMaxMs: 6 * 60 * 60_000,
  maxAttempts: WEBHOOK_MAX_ATTEMPTS,
  pauseAfterFailures: WEBHOOK_PAUSE_AFTER_FAILURES,
  timeoutMs: SEND_LIMITS.timeoutMs,
  maxResponseBytes: SEND_LIMITS.maxResponseBytes,
  /** Deliveries of one endpoint claimed at once, and only when none of its is in flight. */
  perEndpoint: 1,
  /** Sends in flight per process. */
  maxInFlight: 32,
};

export type WebhookWorkerOptions = Partial<typeof WEBHOOK_WORKER_DEFAULTS> & {
  db: Database;
  allowPrivate?: boolean;
  logger?: Pick<Logger, "info" | "warn" | "error">;
  /** Tests move time by hand; without one, due times are the database's `now()`. */
  clock?: Clock;
};

/** What became of a claimed delivery: its attempt kept, or its endpoint deleted mid-flight. */
export type DeliveryOutcome = "recorded" | "gone";

type Claimed = {
  id: string;
  attempts: number;
  endpoint_id: string;
  url: string;
  secret: string;
  event_id: string;
  payload: unknown;
};

/** What the worker's steps share: the database, the settings, the clock and the log. */
type WorkerContext = {
  db: Database;
  settings: typeof WEBHOOK_WORKER_DEFAULTS;
  now: () => SQL;
  log: Pick<Logger, "info" | "warn" | "error">;
};

export function createWebhookWorker(options: WebhookWorkerOptions) {
  const settings = { ...WEBHOOK_WORKER_DEFAULTS, ...options };
  const allowPrivate = options.allowPrivate ?? getEnv().WEBHOOKS_ALLOW_PRIVATE;
  const log = options.logger ?? appLogger;
  const context: WorkerContext = { db: options.db, settings, now: () => sqlNow(options.clock), log };

  async function deliver(row: Claimed) {
    const result = await sendWebhook({
      url: row.url,
      secret: row.secret,
      messageId: row.event_id,
      body: JSON.stringify(row.payload),
      allowPrivate,
      timeoutMs: settings.timeoutMs,
      maxResponseBytes: settings.maxResponseBytes,
    });
    const { outcome, paused } = await recordAttempt(context, row, result);
    if (outcome === "gone")
      log.info({ deliveryId: row.id, endpointId: row.endpoint_id }, "webhook endpoint deleted while its delivery was in flight");
    // The owner's email about the pause was queued with the attempt: send it now.
    if (paused) nudgeEmailWorker();
    return outcome;
  }

  /** Claims one batch of due deliveries and sends them; resolves, once all are sent, to the number claimed. */
  async function runOnce() {
    return (await runOnceWithOutcomes()).length;
  }

  /** `runOnce`, with what became of each claimed delivery. */
  async function runOnceWithOutcomes() {
    const rows = await claimDue(context, settings.batchSize);
    return Promise.all(rows.map(deliver));
  }

  // The loop does not wait for a batch: each send runs on its own, and the next pass claims as
  // soon as a slot is free, so a slow endpoint never holds the deliveries of others.
  const inFlight = new Set<Promise<unknown>>();
  async function startDeliveries() {
    const free = settings.maxInFlight - inFlight.size;
    if (free <= 0) return 0;
    const rows = await claimDue(context, Math.min(free, settings.batchSize));
    for (const row of rows) {
      const sending: Promise<unknown> = deliver(row)
        .catch((error) => log.error({ err: error, deliveryId: row.id }, "webhook delivery not recorded"))
        .finally(() => {
          inFlight.delete(sending);
          loop.nudge();
        });
      inFlight.add(sending);
    }
    return rows.length;
  }

  const loop = createPollingWorker({
    name: "webhook",
    pass: startDeliveries,
    batchSize: settings.batchSize,
    pollMs: settings.pollMs,
    log,
    clock: options.clock,
  });

  async function stop() {
    await loop.stop();
    await Promise.all(inFlight);
  }

  return { runOnce, runOnceWithOutcomes, start: loop.start, nudge: loop.nudge, stop };
}

/**
 * Fair claim: an endpoint with a delivery in flight (under a live lease, on any
 * process) gets nothing more, the others at most `perEndpoint` each, first deliveries of every
 * endpoint before anyone's second. One tenant's slow or failing endpoint holds only its own queue.
 */
async function claimDue({ db, settings, now }: WorkerContext, limit: number): Promise<Claimed[]> {
  const claimed = rowsOf<{ id: string }>(
    await db.execute(sql`
      update webhook_delivery
         set status = 'sending',
             attempts = attempts + 1,
             locked_until = ${now()} + make_interval(secs => ${settings.leaseMs / 1000})
       where id in (
         select d.id from webhook_delivery d where d.id in (
           select ranked.id from (
             select d.id, d.next_attempt_at,
                    row_number() over (partition by d.endpoint_id order by d.next_attempt_at) as turn
               from webhook_delivery d
               join webhook_endpoint e on e.id = d.endpoint_id
              where e.status = 'active'
                and ((d.status = 'pending' and d.next_attempt_at <= ${now()})
                  or (d.status = 'sending' and d.locked_until < ${now()}))
                and not exists (
                  select 1 from webhook_delivery busy
                   where busy.endpoint_id = d.endpoint_id and busy.status = 'sending' and busy.locked_until >= ${now()})
           ) ranked
            where ranked.turn <= ${settings.perEndpoint}
            order by ranked.turn, ranked.next_attempt_at
            limit ${limit})
           -- Checked again under the row lock: another process may have claimed it meanwhile.
           and ((d.status = 'pending' and d.next_attempt_at <= ${now()})
             or (d.status = 'sending' and d.locked_until < ${now()}))
         for update skip locked)
      returning id`),
  );
  if (claimed.length === 0) return [];
  return rowsOf<Claimed>(
    await db.execute(sql`
      select d.id, d.attempts, d.endpoint_id, e.url, e.secret, d.event_id, ev.payload
        from webhook_delivery d
        join webhook_endpoint e on e.id = d.endpoint_id
        join webhook_event ev on ev.id = d.event_id
       where d.id in (${sql.join(
         claimed.map((row) => sql`${row.id}`),
         sql`, `,
       )})`),
  );
}

/**
 * Keeps the attempt's outcome. "gone": the owner deleted the endpoint (and with it this delivery)
 * while it was in flight, so there is nothing left to record it on: their decision, not a fault.
 * `paused`: this failure paused the endpoint, and its owner's email is queued.
 */
async function recordAttempt(context: WorkerContext, row: Claimed, result: AttemptResult): Promise<{ outcome: DeliveryOutcome; paused: boolean }> {
  const { db, now } = context;
  return db.transaction(async (tx) => {
    // The lead may have been erased while this was in flight (the row lock orders us after or
    // before that erasure): then the answer, which may echo the lead, is not kept, nor retried.
    const [event] = rowsOf<{ erased: boolean }>(
      await tx.execute(sql`select redacted_at is not null as erased from webhook_event where id = ${row.event_id} for share`),
    );
    // The lock the attempt's foreign key would take anyway, taken first so a deletion is seen, not thrown.
    const [delivery] = rowsOf<{ id: string }>(await tx.execute(sql`select id from webhook_delivery where id = ${row.id} for key share`));
    if (!delivery) return { outcome: "gone" as const, paused: false };
    const erased = event?.erased ?? false;
    await tx.execute(sql`
      insert into webhook_attempt (delivery_id, endpoint_id, attempt, status_code, latency_ms, response_excerpt, error)
      values (${row.id}, ${row.endpoint_id}, ${row.attempts}, ${result.statusCode}, ${result.latencyMs},
              ${erased ? "" : result.responseExcerpt.replaceAll("\u0000", "")}, ${result.error})`);
    if (result.ok) {
      await tx.execute(sql`
        update webhook_delivery set status = 'succeeded', completed_at = ${now()}, locked_until = null, last_status_code = ${result.statusCode}
         where id = ${row.id}`);
      await tx.execute(sql`update webhook_endpoint set consecutive_failures = 0 where id = ${row.endpoint_id}`);
      return { outcome: "recorded" as const, paused: false };
    }
    if (result.statusCode === 410) {
      await unsubscribeGoneEndpoint(context, tx as unknown as Database, row);
      return { outcome: "recorded" as const, paused: false };
    }
    const paused = await recordFailure(context, tx as unknown as Database, row, { statusCode: result.statusCode, erased });
    return { outcome: "recorded" as const, paused };
  });
}

/**
 * 410 Gone: the receiver asks to be unsubscribed (REST hooks). This delivery and every one still
 * waiting for the endpoint end now, never retried, and the endpoint stops, its reason on the
 * owner's screens; no email, as nothing is broken.
 */
async function unsubscribeGoneEndpoint({ now, log }: WorkerContext, tx: Database, row: Claimed) {
  await tx.execute(sql`
    update webhook_delivery set status = 'failed', completed_at = ${now()}, locked_until = null, last_status_code = case when id = ${row.id} then 410 else last_status_code end
     where endpoint_id = ${row.endpoint_id} and (id = ${row.id} or status = 'pending')`);
  await tx.execute(sql`
    update webhook_endpoint set status = 'unsubscribed', paused_reason = ${WEBHOOK_GONE_REASON}, updated_at = now()
     where id = ${row.endpoint_id}`);
  log.info({ endpointId: row.endpoint_id, deliveryId: row.id }, "webhook endpoint unsubscribed: its receiver answered 410 Gone");
}

/** A failed attempt: retried later, or given up; the endpoint's failures counted, and it paused past the limit. */
async function recordFailure(context: WorkerContext, tx: Database, row: Claimed, failure: { statusCode: number | null; erased: boolean }) {
  const { settings, now } = context;
  const giveUp = failure.erased || row.attempts >= settings.maxAttempts;
  const delay = webhookBackoffMs(row.attempts, settings.backoffBaseMs, settings.backoffMaxMs);
  await tx.execute(sql`
    update webhook_delivery
       set status = ${giveUp ? "failed" : "pending"},
           completed_at = ${giveUp ? now() : null},
           next_attempt_at = ${now()} + make_interval(secs => ${delay / 1000}),
           locked_until = null,
           last_status_code = ${failure.statusCode}
     where id = ${row.id}`);
  const [endpoint] = rowsOf<{ consecutive_failures: number }>(
    await tx.execute(sql`
      update webhook_endpoint set consecutive_failures = consecutive_failures + 1
       where id = ${row.endpoint_id} returning consecutive_failures`),
  );
  if (!endpoint || endpoint.consecutive_failures < settings.pauseAfterFailures) return false;
  return autoPause(context, tx, row.endpoint_id, endpoint.consecutive_failures);
}

/** Pauses a failing endpoint once and emails its owner (through the email outbox, same transaction); true when it paused it now. */
async function autoPause({ log }: WorkerContext, tx: Database, endpointId: string, failures: number) {
  const [paused] = rowsOf<{ url: string; email: string; language: string | null }>(
    await tx.execute(sql`
      update webhook_endpoint e
         set status = 'paused', paused_reason = ${`Paused automatically after ${failures} failed attempts in a row`}, updated_at = now()
        from "user" u
       where e.id = ${endpointId} and e.status = 'active' and u.id = e.user_id
      returning e.url, u.email, coalesce(u.language, u.browser_language) as language`),
  );
  if (!paused) return false;
  await enqueueEmail(tx, {
    kind: "webhook_paused",
    to: paused.email,
    content: webhookPausedEmail({ url: paused.url, failures, endpointId }, getEnv().appOrigin, recipientLanguage(paused.language)),
  });
  log.warn({ endpointId, failures }, "webhook endpoint paused after repeated failures");
  return true;
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;

type Registry = { worker?: WebhookWorker };
const registry: Registry = ((globalThis as { __leadqrWebhooks?: Registry }).__leadqrWebhooks ??= {});

/** Starts this process's webhook worker once; it stops before the database closes. */
export async function startWebhookWorker() {
  if (registry.worker) return;
  const { db, env } = await getServices();
  if (env.WEBHOOKS_ALLOW_PRIVATE) appLogger.warn("WEBHOOKS_ALLOW_PRIVATE is on: webhooks may reach http:// and private addresses");
  const worker = createWebhookWorker({ db });
  registry.worker = worker;
  worker.start();
  onShutdown(async () => {
    if (registry.worker === worker) registry.worker = undefined;
    await worker.stop();
  });
}

/** Asks the running worker (if any) to look now; call after committing a delivery. */
export function nudgeWebhookWorker() {
  registry.worker?.nudge();
}
