// Sends the outbox. Every server process runs one worker; rows are claimed with
// FOR UPDATE SKIP LOCKED and a lease, so several processes never send a row twice and a row
// held by a crashed process is retried once its lease runs out.
// Rules: docs/features/emails.md ("Decided once settled", "Sending at the provider's rate");
//   docs/features/accounts-and-billing.md ("Rate limits", "Verification and held notifications");
//   docs/features/lead-sync.md ("Connections and tokens").
import { sql, type SQL } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { logger as appLogger } from "~/utils/logger.server";
import { systemClock, type Clock } from "~/utils/clock";
import { createPollingWorker, sqlNow } from "~/utils/polling-worker.server";
import { getServices, onShutdown } from "~/utils/services.server";
import { getEnv } from "~/utils/env.server";
import { foldLeadSurges } from "./digest.server";
import { renderNewLeadEmails } from "./new-lead-email.server";
import { transportFromEnv, type EmailTransport, type OutgoingEmail } from "./transport.server";

export const EMAIL_WORKER_DEFAULTS = {
  batchSize: 10,
  pollMs: 1_000,
  leaseMs: 60_000,
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60_000,
  maxAttempts: 8,
  housekeepingMs: 10 * 60_000,
  /**
   * New-lead emails wait this long before the worker folds or sends them: a lead
   * commits a little after its created_at, so a younger row could still appear before an older
   * one. 0 (tests driving passes by hand) decides every visible row at once.
   */
  leadSettleMs: 0,
  /**
   * The fold runs at most this often; passes in between claim with the last fold's cutoff. Under
   * a surge passes follow each other at once, and the fold's windowed query per pass cost more of
   * PostgreSQL than the leads themselves (docs/performance.md, "Thirteenth wave"). 0: every pass.
   */
  foldEveryMs: 0,
  /**
   * Emails per second all workers together hand to the provider, counted in one
   * shared `rate_limit` row per second; 0: no cap (tests driving passes by hand).
   */
  ratePerSecond: 0,
  /** A provider that says "slow down" gets the email again after this long, not counted as an attempt. */
  rateRefusalDelayMs: 1_000,
};

/**
 * What a failed send means. `rate`: the provider refused for now (SMTP 421/450/451/
 * 452/454, HTTP 429): sent again shortly, not an attempt. `transient`: a connection or other
 * temporary failure (4xx): retried with backoff for as long as it takes, never given up.
 * `permanent`: anything else, e.g. a 5xx refusal: given up after `maxAttempts`.
 */
export function failureKind(error: unknown): "rate" | "transient" | "permanent" {
  const fields = (error ?? {}) as { responseCode?: number; statusCode?: number; code?: string; name?: string };
  const status = fields.responseCode ?? fields.statusCode;
  if (status === 429 || [421, 450, 451, 452, 454].includes(status ?? 0) || fields.name === "rate_limit_exceeded") return "rate";
  if (status !== undefined && status >= 400 && status < 500) return "transient";
  if (["ECONNECTION", "ETIMEDOUT", "ESOCKET", "ECONNREFUSED", "ECONNRESET", "EDNS", "EPIPE"].includes(fields.code ?? "")) return "transient";
  return "permanent";
}

/** The settle time of the server's own worker: longer than a lead's transaction takes under a surge. */
export const LEAD_EMAIL_SETTLE_MS = 5_000;
/** How often the server's own worker folds: new-lead rows wait up to this much past their settle time. */
export const FOLD_EVERY_MS = 1_000;

export type EmailWorkerOptions = Partial<typeof EMAIL_WORKER_DEFAULTS> & {
  db: Database;
  transport: EmailTransport | null;
  logger?: Pick<Logger, "info" | "warn" | "error">;
  /** Tests move time by hand; without one, due times are the database's `now()`. */
  clock?: Clock;
  /**
   * With no transport, log each skipped email's recipient, subject and links, so an owner trying
   * LeadQR on their own machine can verify their address. Only on a derived public address (no
   * APP_URL): a deployment must not write sign-in links to its logs.
   */
  logSkipped?: boolean;
  /** Where a skipped email's plain line goes: standard output, apart from the JSON log. */
  printLine?: (line: string) => void;
  /** The public address the digests link to; APP_URL's origin when not given. */
  appUrl?: string;
};

/** `Email to a@b.c not sent (no email service configured): "Verify your email" → https://…`, with control characters removed. */
export function skippedEmailLine({ to, subject, links }: { to: string; subject: string; links: string[] }) {
  const plain = (text: string) => text.replace(/[\p{Cc}\p{Cf}]/gu, " ");
  return `Email to ${plain(to)} not sent (no email service configured): "${plain(subject)}" → ${links.length > 0 ? links.join(" ") : "no links"}`;
}

/** Delay before retry `attempts` (1-based): doubling from the base, capped. */
export function backoffMs(attempts: number, baseMs: number, maxMs: number) {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

type ClaimedRow = OutgoingEmail & { id: string; kind: string; attempts: number };

/** What the worker's steps share: the database, the settings and the clock. */
type WorkerContext = {
  db: Database;
  settings: typeof EMAIL_WORKER_DEFAULTS;
  now: () => SQL;
  log: Pick<Logger, "info" | "warn" | "error">;
};

export function createEmailWorker(options: EmailWorkerOptions) {
  const settings = { ...EMAIL_WORKER_DEFAULTS, ...options };
  const { db, transport } = options;
  const log = options.logger ?? appLogger;
  const clock = options.clock ?? systemClock;
  const now = () => sqlNow(options.clock);
  const context: WorkerContext = { db, settings, now, log };
  const printLine = options.printLine ?? ((line: string) => void process.stdout.write(`${line}\n`));

  let lastFold: { cutoff: string; at: number } | undefined;

  /**
   * Folds the settled new-lead rows (at most every `foldEveryMs`) and returns the cutoff of the
   * last fold. One cutoff for the fold and the claim: a row the fold has not decided is never claimed.
   */
  async function decideSettledLeads(): Promise<SQL> {
    if (!lastFold || clock.now() - lastFold.at >= settings.foldEveryMs) {
      const [cutoff] = rowsOf<{ at: string }>(
        await db.execute(sql`select (${now()} - make_interval(secs => ${settings.leadSettleMs / 1000}))::text as at`),
      );
      await foldLeadSurges(db, { now: now(), settledBy: sql`${cutoff!.at}::timestamptz`, appUrl: options.appUrl ?? getEnv().appOrigin });
      lastFold = { cutoff: cutoff!.at, at: clock.now() };
    }
    return sql`${lastFold.cutoff}::timestamptz`;
  }

  /** Folds a surge's surplus new-lead emails into digests, then claims one batch of due rows and sends them; resolves to the number claimed. */
  async function runOnce() {
    const settledBy = await decideSettledLeads();
    const allowed = await reserveSendBudget(context);
    if (allowed === 0) return 0;
    const claimed = await claimDue(context, settledBy, allowed);
    if (claimed.length === 0) return 0;
    const rows = await renderNewLeadEmails(db, claimed, options.appUrl ?? getEnv().appOrigin);
    if (!transport) {
      log.warn({ count: rows.length }, "Email service not configured");
      if (options.logSkipped) printSkippedEmails(rows, printLine);
      await markSkipped(context, rows);
      return rows.length;
    }
    return sendClaimed(context, transport, rows);
  }

  /**
   * Rows past their use that no request deletes: rate-limit counters long past their window (they
   * live in the database), the capture bursts' global windows (docs/features/crowds.md), and lead sync's OAuth states the provider never sent the
   * owner back with (a state is deleted when used, and refused once expired).
   */
  async function housekeeping() {
    await db.execute(sql`delete from rate_limit where expire < now() - interval '1 hour'`);
    await db.execute(sql`delete from sync_oauth_state where expires_at < now()`);
    await db.execute(sql`delete from capture_burst where window_start < now() - interval '1 hour'`);
  }

  let lastHousekeeping: number | undefined;
  const loop = createPollingWorker({
    name: "email",
    batchSize: settings.batchSize,
    pollMs: settings.pollMs,
    log,
    clock: options.clock,
    async pass() {
      const claimed = await runOnce();
      if (lastHousekeeping === undefined || clock.now() - lastHousekeeping >= settings.housekeepingMs) {
        lastHousekeeping = clock.now();
        await housekeeping();
      }
      return claimed;
    },
  });

  return {
    runOnce,
    housekeeping,
    start: loop.start,
    nudge: loop.nudge,
    async stop() {
      await loop.stop();
      transport?.close();
    },
  };
}

/**
 * How many emails this pass may send: the batch, or what is left of this second's shared budget.
 * The points are reserved before the claim, so processes together never exceed the rate.
 */
async function reserveSendBudget({ db, settings, now }: WorkerContext): Promise<number> {
  const rate = settings.ratePerSecond;
  if (rate <= 0) return settings.batchSize;
  const want = Math.min(settings.batchSize, rate);
  const [row] = rowsOf<{ points: number }>(
    await db.execute(sql`
      insert into rate_limit (key, points, expire)
      values ('emailSendPerSecond', ${want}, date_trunc('second', ${now()}) + interval '1 second')
      on conflict (key) do update set
        points = case when rate_limit.expire <= ${now()} then excluded.points else rate_limit.points + excluded.points end,
        expire = case when rate_limit.expire <= ${now()} then excluded.expire else rate_limit.expire end
      returning points`),
  );
  return Math.max(0, Math.min(want, rate - (row!.points - want)));
}

async function claimDue({ db, settings, now }: WorkerContext, settledBy: SQL, limit: number): Promise<ClaimedRow[]> {
  const result = await db.execute(sql`
    update email_outbox
       set status = 'sending',
           attempts = attempts + 1,
           locked_until = ${now()} + make_interval(secs => ${settings.leaseMs / 1000})
     where id in (
       select id from email_outbox
        where ((status = 'pending' and next_attempt_at <= ${now()})
           or (status = 'sending' and locked_until < ${now()}))
          -- A new-lead email is decided (single or folded) only once settled.
          and (kind <> 'new_lead' or created_at <= ${settledBy})
          -- Lead notifications wait while the owner's address is unverified.
          and not (kind in ('new_lead', 'lead_digest') and exists (
                select 1 from campaign c join "user" u on u.id = c.user_id
                 where c.id = email_outbox.campaign_id and not u.email_verified))
        order by created_at
        limit ${limit}
        for update skip locked)
    returning id, kind, "to", subject, html, text, attempts, headers, sender_name as "senderName"`);
  return (result as unknown as { rows: ClaimedRow[] }).rows;
}

/**
 * One plain line per email, not a JSON log record: the owner trying LeadQR looks for the
 * verification link among request logs, and a line they can read and click is what they need.
 */
function printSkippedEmails(rows: ClaimedRow[], printLine: (line: string) => void) {
  for (const row of rows) {
    // A sentence's closing punctuation is not part of its link.
    const links = (row.text.match(/https?:\/\/[^\s<>"]+/g) ?? []).map((link) => link.replace(/[.,;:!?)]+$/, ""));
    printLine(skippedEmailLine({ to: row.to, subject: row.subject, links }));
  }
}

/** No transport: the claimed rows are kept as skipped, not retried. */
async function markSkipped({ db }: WorkerContext, rows: ClaimedRow[]) {
  await db.execute(sql`
    update email_outbox set status = 'skipped', locked_until = null, last_error = 'Email service not configured'
     where id in (${sql.join(
       rows.map((row) => sql`${row.id}`),
       sql`, `,
     )}) and status = 'sending'`);
}

/** Sends the claimed rows in order; resolves to the number claimed, or 0 when the provider asked to slow down. */
async function sendClaimed(context: WorkerContext, transport: EmailTransport, rows: ClaimedRow[]) {
  for (const [index, row] of rows.entries()) {
    try {
      await transport.send(row);
    } catch (error) {
      if (failureKind(error) === "rate") {
        // The provider's own limit is lower than ours: this row and the rest of the batch wait.
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        context.log.warn({ emailId: row.id, err: message }, "email provider asked to slow down");
        await putBack(context, rows.slice(index), message);
        return 0;
      }
      await markFailed(context, row, error);
      continue;
    }
    await markSent(context, row.id);
  }
  return rows.length;
}

async function markSent({ db, now }: WorkerContext, id: string) {
  await db.execute(sql`
    update email_outbox set status = 'sent', sent_at = ${now()}, locked_until = null, last_error = null
     where id = ${id} and status = 'sending'`);
}

/** Back to pending without spending an attempt: the provider asked us to slow down, or the row was never tried. */
async function putBack({ db, settings, now }: WorkerContext, rows: ClaimedRow[], message: string | null) {
  if (rows.length === 0) return;
  await db.execute(sql`
    update email_outbox
       set status = 'pending', attempts = attempts - 1, locked_until = null,
           next_attempt_at = ${now()} + make_interval(secs => ${settings.rateRefusalDelayMs / 1000}),
           last_error = coalesce(${message}, last_error)
     where id in (${sql.join(
       rows.map((row) => sql`${row.id}`),
       sql`, `,
     )}) and status = 'sending'`);
}

async function markFailed({ db, settings, now, log }: WorkerContext, row: ClaimedRow, error: unknown) {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  // Temporary failures are retried for as long as they last; only a refusal gives up.
  const giveUp = failureKind(error) === "permanent" && row.attempts >= settings.maxAttempts;
  const delay = backoffMs(row.attempts, settings.backoffBaseMs, settings.backoffMaxMs);
  await db.execute(sql`
    update email_outbox
       set status = ${giveUp ? "failed" : "pending"},
           next_attempt_at = ${now()} + make_interval(secs => ${delay / 1000}),
           locked_until = null,
           last_error = ${message}
     where id = ${row.id} and status = 'sending'`);
  // The spec: email failures are logged only.
  log.error({ emailId: row.id, attempts: row.attempts, giveUp, err: message }, "email send failed");
}

export type EmailWorker = ReturnType<typeof createEmailWorker>;

type WorkerRegistry = { worker?: EmailWorker };
const registry: WorkerRegistry = ((globalThis as { __leadqrEmail?: WorkerRegistry }).__leadqrEmail ??= {});

/** Starts this process's email worker once; it stops before the database closes. */
export async function startEmailWorker() {
  if (registry.worker) return;
  const { db, env } = await getServices();
  const transport = transportFromEnv(env);
  if (!transport) appLogger.warn("Email service not configured: emails will be marked skipped");
  const worker = createEmailWorker({
    db,
    transport,
    logSkipped: !env.APP_URL,
    leadSettleMs: LEAD_EMAIL_SETTLE_MS,
    foldEveryMs: FOLD_EVERY_MS,
    ratePerSecond: env.EMAIL_RATE_PER_SECOND,
  });
  registry.worker = worker;
  worker.start();
  onShutdown(async () => {
    if (registry.worker === worker) registry.worker = undefined;
    await worker.stop();
  });
}

/** Asks the running worker (if any) to look at the outbox now; call after a commit. */
export function nudgeEmailWorker() {
  registry.worker?.nudge();
}
