// When the summary goes (docs/features/summary.md, "When it is sent"): every process looks each
// minute which owners' 08:00 has come; the owner_summary row for the owner and period is inserted in
// the transaction that queues the email, so whichever process inserts it first sends, and the
// others find it taken. The email then goes through the outbox like every other.
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { queueOwnerMessage } from "~/features/alerts/deliveries.server";
import { enqueueEmail } from "~/features/email/outbox.server";
import { recipientLanguage } from "~/features/email/recipient-language.server";
import { nudgeEmailWorker } from "~/features/email/worker.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { getServices, onShutdown } from "~/utils/services.server";
import { duePeriod, usableZone, type SummaryFrequency, type SummaryPeriod } from "./period";
import { summaryEmail } from "./summary-email";
import { summaryAsLines } from "./summary-lines";
import { buildSummary, isQuiet } from "./summary.server";

const CHECK_EVERY_MS = 60_000;

type Subscriber = {
  userId: string;
  email: string;
  frequency: SummaryFrequency;
  onQuietDays: boolean;
  toChannels: boolean;
  timeZone: string | null;
  /** Their chosen language: the email speaks it (else English). */
  language: string | null;
};

/** Queues every summary due at `now` that no process has decided yet; resolves to what it did. */
export async function sendDueSummaries(db: Database, options: { now: Date; appUrl: string }) {
  const done = { sent: 0, quiet: 0 };
  for (const owner of await listSubscribers(db)) {
    const timeZone = usableZone(owner.timeZone);
    const period = duePeriod(options.now, timeZone, owner.frequency);
    if (!period || (await isDecided(db, owner.userId, period))) continue;
    const summary = await buildSummary(db, { userId: owner.userId, timeZone, period, now: options.now });
    const quiet = isQuiet(summary) && !owner.onQuietDays;
    const decided = await db.transaction(async (tx) => {
      const claimed = rowsOf(
        await tx.execute(sql`
          insert into owner_summary (user_id, frequency, period_start, outcome)
          values (${owner.userId}, ${period.frequency}, ${period.from}::date, ${quiet ? "quiet" : "sent"})
          on conflict do nothing returning user_id`),
      );
      if (claimed.length === 0) return false;
      if (quiet) return true;
      await enqueueEmail(tx, {
        kind: "owner_summary",
        to: owner.email,
        content: summaryEmail(summary, options.appUrl, recipientLanguage(owner.language)),
      });
      // The alert worker sends it to each proven, switched-on channel (docs/features/alerts.md).
      if (owner.toChannels) await queueOwnerMessage(tx, { userId: owner.userId, text: summaryAsLines(summary).join("\n"), kind: "summary" });
      return true;
    });
    if (decided) done[quiet ? "quiet" : "sent"]++;
  }
  return done;
}

/** Owners who chose a summary, with their address and zone; a verified address only. */
async function listSubscribers(db: Database) {
  return rowsOf<Subscriber>(
    await db.execute(sql`
      select n.user_id as "userId", u.email, n.summary_frequency as frequency, n.summary_on_quiet_days as "onQuietDays",
        n.summary_to_channels as "toChannels", b.time_zone as "timeZone", coalesce(u.language, u.browser_language) as language
      from notification_setting n
      join "user" u on u.id = n.user_id
      left join business_profile b on b.user_id = n.user_id
      where n.summary_frequency <> 'off' and u.email_verified`),
  );
}

async function isDecided(db: Database, userId: string, period: SummaryPeriod) {
  const rows = rowsOf(
    await db.execute(sql`
      select 1 from owner_summary where user_id = ${userId} and frequency = ${period.frequency} and period_start = ${period.from}::date`),
  );
  return rows.length > 0;
}

type Registry = { timer?: NodeJS.Timeout };
const registry: Registry = ((globalThis as { __leadqrSummary?: Registry }).__leadqrSummary ??= {});

/** Looks every minute whether an owner's summary is due; every process may do this. */
export async function startSummarySchedule() {
  if (registry.timer) return;
  const { db } = await getServices();
  const tick = () => {
    sendDueSummaries(db, { now: new Date(), appUrl: getEnv().appOrigin })
      .then((done) => {
        if (done.sent > 0) nudgeEmailWorker();
        if (done.sent + done.quiet > 0) logger.info({ job: "owner_summary", ...done }, "summaries decided");
      })
      .catch((error) => logger.error({ err: error }, "summary schedule failed"));
  };
  registry.timer = setInterval(tick, CHECK_EVERY_MS);
  registry.timer.unref();
  onShutdown(() => {
    clearInterval(registry.timer);
    registry.timer = undefined;
  });
}
