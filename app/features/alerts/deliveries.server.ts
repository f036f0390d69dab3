// Sending one message to a channel and logging what it answered (docs/features/alerts.md,
// "Failing channels"): a destination that is gone switches its channel off and emails the owner once.
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { enqueueEmail } from "~/features/email/outbox.server";
import { recipientLanguage } from "~/features/email/recipient-language.server";
import { nudgeEmailWorker } from "~/features/email/worker.server";
import { openToken } from "~/utils/token-seal.server";
import { getEnv } from "~/utils/env.server";
import { getServices } from "~/utils/services.server";
import { channelDisabledEmail } from "./alert-emails";
import { sendToSlack, sendToTelegram, type ChannelAnswer } from "./channels.server";
import { sendToPush, type PushSubscription } from "./push.server";

export type ChannelKind = "slack" | "telegram" | "push";
export type DeliveryKind = "proof" | "test" | "lead" | "fold" | "linked" | "summary" | "redeemed" | "scan_limit";

export const DELIVERY_RETRY = { baseMs: 30_000, maxMs: 30 * 60_000, maxAttempts: 8 };

/** Sends `text` to the channel's sealed destination. */
export async function sendThrough(kind: ChannelKind, sealedDestination: string, text: string): Promise<ChannelAnswer> {
  const { secret, db } = await getServices();
  const destination = openToken(secret, sealedDestination);
  if (kind === "push") return sendToPush(db, JSON.parse(destination) as PushSubscription, text);
  return kind === "slack" ? sendToSlack(destination, text) : sendToTelegram(destination, text);
}

const CHANNEL_NAMES: Record<ChannelKind, string> = { slack: "Slack", telegram: "Telegram", push: "this browser" };

/** Why a channel was switched off, as the owner reads it. */
export function goneReason(kind: ChannelKind, outcome: string) {
  return kind === "slack"
    ? `Slack refused the webhook (${outcome}): it was removed or its channel archived. Connect Slack again to resume alerts.`
    : `Telegram refused the chat (${outcome}): the bot was blocked or removed. Link Telegram again to resume alerts.`;
}

/**
 * A destination that is no more: a push subscription its push service answered 404/410 for is
 * removed (the browser subscribes again on its own; no email); Slack or Telegram is switched off.
 */
export async function channelGone(db: Database, channelId: string, kind: ChannelKind, outcome: string) {
  if (kind === "push") {
    await db.execute(
      sql`update alert_channel set status = 'removed', enabled = false, destination = null, endpoint_hash = null where id = ${channelId}`,
    );
    return;
  }
  await disableChannel(db, channelId, goneReason(kind, outcome));
}

/** Switches the channel off; only the call that switches it emails the owner, so they hear it once. */
export async function disableChannel(db: Database, channelId: string, reason: string) {
  const [row] = rowsOf<{ email: string; language: string | null; kind: ChannelKind }>(
    await db.execute(sql`
      update alert_channel ch set status = 'disabled', disabled_reason = ${reason}
        from "user" u
       where ch.id = ${channelId} and u.id = ch.user_id and ch.status <> 'disabled'
      returning u.email, coalesce(u.language, u.browser_language) as language, ch.kind`),
  );
  if (!row) return;
  await enqueueEmail(db, {
    kind: "alert_channel_disabled",
    to: row.email,
    content: channelDisabledEmail(CHANNEL_NAMES[row.kind], reason, getEnv().appOrigin, recipientLanguage(row.language)),
  });
  nudgeEmailWorker();
}

/** Records a delivery's outcome (sent, retried, failed), and switches a gone channel off. */
export async function recordAnswer(
  db: Database,
  delivery: { id: string; channelId: string; kind: ChannelKind; attempts: number },
  answer: ChannelAnswer,
  now: SQL = sql`now()`,
) {
  if (answer.ok) {
    await db.execute(
      sql`update alert_delivery set status = 'sent', sent_at = ${now}, outcome = ${answer.outcome}, locked_until = null where id = ${delivery.id}`,
    );
    return;
  }
  const retry = answer.verdict === "rate" || (answer.verdict === "retry" && delivery.attempts < DELIVERY_RETRY.maxAttempts);
  const delayMs =
    answer.verdict === "rate"
      ? (answer.retryAfterMs ?? 30_000)
      : Math.min(DELIVERY_RETRY.maxMs, DELIVERY_RETRY.baseMs * 2 ** Math.max(0, delivery.attempts - 1));
  await db.execute(sql`
    update alert_delivery
       set status = ${retry ? "pending" : "failed"}, outcome = ${answer.outcome}, locked_until = null,
           -- A "slow down" is not the message's fault: it does not count as an attempt.
           attempts = attempts - ${answer.verdict === "rate" ? 1 : 0},
           next_attempt_at = ${now} + make_interval(secs => ${delayMs / 1000})
     where id = ${delivery.id}`);
  if (answer.verdict === "gone") await channelGone(db, delivery.channelId, delivery.kind, answer.outcome);
}

/** Logs a message already sent (or refused) by the owner's own action: a proof or a test. */
export async function logDelivery(db: Database, options: { channelId: string; kind: DeliveryKind; text: string; answer: ChannelAnswer }) {
  await db.execute(sql`
    insert into alert_delivery (channel_id, kind, text, status, outcome, attempts, sent_at)
    values (${options.channelId}, ${options.kind}, ${options.text}, ${options.answer.ok ? "sent" : "failed"}, ${options.answer.outcome}, 1,
            ${options.answer.ok ? sql`now()` : null})`);
}

/**
 * Queues `text` for every proven, switched-on channel of the owner, not their team's (the morning
 * summary's way in: the summary is the owner's);
 * the alert worker sends it. Returns how many channels it was queued for.
 */
export async function queueOwnerMessage(db: Database, options: { userId: string; text: string; kind?: DeliveryKind }) {
  const rows = rowsOf(
    await db.execute(sql`
      insert into alert_delivery (channel_id, kind, text)
      select id, ${options.kind ?? "summary"}, ${options.text} from alert_channel
       where user_id = ${options.userId} and member_id is null and status = 'proven' and enabled
      returning id`),
  );
  return rows.length;
}
