// Settings → Notifications (docs/features/alerts.md): proving a Slack webhook with a code, linking
// a Telegram chat with a one-time /start token, switching channels, tests, quiet hours and the
// delivery log. Every function is scoped to the acting sign-in: the owner, or a manager or viewer
// with channels of their own ("Team members' own alerts").
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { assertSafeDestination } from "~/features/integrations/address-guard.server";
import { sealToken } from "~/utils/token-seal.server";
import { refused } from "~/features/languages/owner/refusals";
import { getEnv } from "~/utils/env.server";
import { getServices } from "~/utils/services.server";
import { clockOf, proofText, TEST_ALERT_TEXT } from "./alert-text";
import { sendToSlack, telegramBotName, telegramConfigured } from "./channels.server";
import { hashProof } from "./proof.server";
import { channelGone, logDelivery, sendThrough, type ChannelKind } from "./deliveries.server";
import { routingOptions } from "./routing.server";
import { browserFamily, checkPushSubscription, endpointHash, vapidKeys } from "./push.server";

/**
 * Whose channels a screen or action is about: the owner (`memberId` null), or a team member acting
 * for `businessId`, whose channels alert only what came through their `locationIds`. The route
 * builds it from the team guard's answer (alerts sit below the team feature).
 */
export type Recipient = { userId: string; memberId: string | null; businessId: string; locationIds: string[] | null };

/** A Slack code is good for this long, and for this many tries. */
export const SLACK_CODE_MINUTES = 15;
export const SLACK_CODE_TRIES = 5;
/** A Telegram deep link is good for this long. */
export const TELEGRAM_LINK_MINUTES = 30;

const SLACK_PATH = /^\/services\/T[A-Z0-9]+\/B[A-Z0-9]+\/[A-Za-z0-9]+$/;

/** Slack's incoming-webhook address, checked as webhook endpoints are; only hooks.slack.com unless private targets are allowed (tests). */
export async function checkSlackUrl(raw: string) {
  const allowPrivate = getEnv().WEBHOOKS_ALLOW_PRIVATE;
  await assertSafeDestination(raw, { allowPrivate });
  const url = new URL(raw);
  if (!SLACK_PATH.test(url.pathname) || (!allowPrivate && url.hostname !== "hooks.slack.com")) {
    throw refused("unsafe_destination", "alerts.slackUrl");
  }
  return url;
}

/** Sends a 6-digit code to the webhook and keeps the webhook (sealed) until the owner types the code back. */
export async function startSlackProof(db: Database, options: { userId: string; memberId: string | null; url: string }) {
  const url = await checkSlackUrl(options.url.trim());
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
  const answer = await sendToSlack(url.href, proofText(code));
  if (!answer.ok) throw refused("alert_refused", "alerts.slackRefused", { outcome: answer.outcome });
  const { secret } = await getServices();
  // The team and webhook ids, never the secret last part of the path.
  const label = `${url.host}${url.pathname.replace(/\/[^/]+$/, "")}`;
  const [channel] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into alert_channel (user_id, member_id, kind, status, destination, label, proof_hash, proof_expires_at, proof_attempts, disabled_reason, alerts_from)
      values (${options.userId}, ${options.memberId}, 'slack', 'proving', ${sealToken(secret, url.href)}, ${label}, ${hashProof(code + options.userId)},
              now() + make_interval(mins => ${SLACK_CODE_MINUTES}), 0, null, null)
      -- One Slack channel per sign-in: proving it again moves it to the business the sign-in acts for now.
      on conflict (user_id, kind) where kind <> 'push' do update set member_id = excluded.member_id, status = 'proving', destination = excluded.destination, label = excluded.label,
        proof_hash = excluded.proof_hash, proof_expires_at = excluded.proof_expires_at, proof_attempts = 0, disabled_reason = null, enabled = true
      returning id`),
  );
  await logDelivery(db, { channelId: channel!.id, kind: "proof", text: proofText("••••••"), answer });
}

/** The code typed back: right, the channel is proven and alerts start with the next lead. */
export async function confirmSlackCode(db: Database, options: { userId: string; memberId: string | null; code: string }) {
  const [channel] = rowsOf<{ id: string; proof_hash: string | null; expired: boolean; proof_attempts: number }>(
    await db.execute(sql`
      update alert_channel set proof_attempts = proof_attempts + 1
       where user_id = ${options.userId} and member_id is not distinct from ${options.memberId} and kind = 'slack' and status = 'proving'
      returning id, proof_hash, proof_expires_at < now() as expired, proof_attempts`),
  );
  if (!channel) throw refused("alert_refused", "alerts.slackFirst");
  if (channel.expired || channel.proof_attempts > SLACK_CODE_TRIES) throw refused("alert_refused", "alerts.codeExpired");
  const typed = options.code.replace(/\s/g, "");
  if (channel.proof_hash !== hashProof(typed + options.userId)) throw refused("alert_refused", "alerts.codeWrong");
  await db.execute(sql`
    update alert_channel set status = 'proven', proof_hash = null, proof_expires_at = null, proof_attempts = 0, alerts_from = now()
     where id = ${channel.id}`);
}

/** A one-time deep link; the chat that sends its /start token to the bot becomes the owner's Telegram channel. */
export async function startTelegramLink(db: Database, options: { userId: string; memberId: string | null }) {
  if (!telegramConfigured()) throw refused("alert_refused", "alerts.telegramNotSetUp");
  const bot = await telegramBotName();
  if (!bot) throw refused("alert_refused", "alerts.telegramSilent");
  const token = crypto.randomBytes(24).toString("base64url");
  await db.execute(sql`
    insert into alert_channel (user_id, member_id, kind, status, destination, label, proof_hash, proof_expires_at, proof_attempts, alerts_from)
    values (${options.userId}, ${options.memberId}, 'telegram', 'proving', null, '', ${hashProof(token)}, now() + make_interval(mins => ${TELEGRAM_LINK_MINUTES}), 0, null)
    on conflict (user_id, kind) where kind <> 'push' do update set member_id = excluded.member_id, status = 'proving', destination = null, label = '', proof_hash = excluded.proof_hash,
      proof_expires_at = excluded.proof_expires_at, disabled_reason = null, enabled = true`);
  return `https://t.me/${bot}?start=${token}`;
}

/**
 * Which of the sign-in's channels (for the business it acts for now): the one of its kind, or one
 * subscribed browser (`channelId`) for push.
 */
export type ChannelRef = { userId: string; memberId: string | null; kind: ChannelKind; channelId?: string };

export function whichChannel(ref: ChannelRef) {
  const mine = sql`user_id = ${ref.userId} and member_id is not distinct from ${ref.memberId}`;
  if (ref.kind !== "push") return sql`${mine} and kind = ${ref.kind}`;
  if (!ref.channelId || !/^[0-9a-f-]{36}$/i.test(ref.channelId)) throw refused("alert_refused", "alerts.chooseBrowser");
  return sql`${mine} and kind = 'push' and id = ${ref.channelId}`;
}

export async function setChannelEnabled(db: Database, options: ChannelRef & { enabled: boolean }) {
  // Switched back on, it alerts from now: the leads it missed while off are not sent in a burst.
  await db.execute(sql`
    update alert_channel set enabled = ${options.enabled}, alerts_from = case when ${options.enabled} then now() else alerts_from end
     where ${whichChannel(options)} and status = 'proven'`);
}

export async function removeChannel(db: Database, options: ChannelRef) {
  await db.execute(sql`delete from alert_channel where ${whichChannel(options)}`);
}

/** Sends the test message now and logs its outcome; a gone destination switches the channel off as an alert would. */
export async function sendTest(db: Database, options: ChannelRef) {
  const [channel] = rowsOf<{ id: string; destination: string }>(
    await db.execute(sql`
      select id, destination from alert_channel
       where ${whichChannel(options)} and status = 'proven' and enabled and destination is not null`),
  );
  if (!channel) throw refused("alert_refused", "alerts.turnOnFirst");
  const answer = await sendThrough(options.kind, channel.destination, TEST_ALERT_TEXT);
  // A test is not retried: the owner sees its outcome and presses again.
  await logDelivery(db, { channelId: channel.id, kind: "test", text: TEST_ALERT_TEXT, answer });
  if (!answer.ok && answer.verdict === "gone") await channelGone(db, channel.id, options.kind, answer.outcome);
  return answer;
}

/**
 * A browser's push subscription becomes a channel at once: the browser handed it to this signed-in
 * page, so it is the owner's own (no code to prove). The same browser subscribing again replaces its row.
 */
export async function subscribePush(db: Database, options: { userId: string; memberId: string | null; subscription: string; userAgent: string }) {
  const subscription = await checkPushSubscription(options.subscription);
  const { secret } = await getServices();
  await db.execute(sql`
    insert into alert_channel (user_id, member_id, kind, status, destination, label, endpoint_hash, alerts_from)
    values (${options.userId}, ${options.memberId}, 'push', 'proven', ${sealToken(secret, JSON.stringify(subscription))}, ${browserFamily(options.userAgent)},
            ${endpointHash(subscription.endpoint)}, now())
    on conflict (user_id, endpoint_hash) do update set member_id = excluded.member_id, status = 'proven', enabled = true, destination = excluded.destination,
      label = excluded.label, disabled_reason = null, alerts_from = now()`);
}

/** The browser unsubscribed itself: its channel goes. */
export async function unsubscribePush(db: Database, options: { userId: string; endpoint: string }) {
  await db.execute(
    sql`delete from alert_channel where user_id = ${options.userId} and kind = 'push' and endpoint_hash = ${endpointHash(options.endpoint)}`,
  );
}

export async function saveQuietHours(db: Database, options: { userId: string; from: number | null; until: number | null }) {
  await db.execute(sql`
    insert into alert_setting (user_id, quiet_from, quiet_until) values (${options.userId}, ${options.from}, ${options.until})
    on conflict (user_id) do update set quiet_from = excluded.quiet_from, quiet_until = excluded.quiet_until`);
}

export type ChannelView = {
  id: string;
  kind: ChannelKind;
  status: "proving" | "proven" | "disabled";
  enabled: boolean;
  label: string;
  disabledReason: string | null;
  /** Routing: null for all. */
  campaignIds: string[] | null;
  locationIds: string[] | null;
};
export type DeliveryView = {
  id: string;
  channel: ChannelKind;
  label: string;
  kind: string;
  outcome: string;
  status: string;
  at: string;
  leadCount: number;
};

/**
 * What the screen shows: the sign-in's channels without their destinations, the last deliveries,
 * quiet hours (in the business's zone), and what routing may choose from.
 */
export async function notificationsPageData(db: Database, recipient: Recipient) {
  const mine = sql`ch.user_id = ${recipient.userId} and ch.member_id is not distinct from ${recipient.memberId}`;
  const channels = rowsOf<ChannelView>(
    await db.execute(sql`
      select id, kind, status, enabled, label, disabled_reason as "disabledReason",
             campaign_ids::text[] as "campaignIds", location_ids::text[] as "locationIds" from alert_channel ch
       where ${mine} and status <> 'removed' order by created_at`),
  );
  const deliveries = rowsOf<DeliveryView>(
    await db.execute(sql`
      select d.id, ch.kind as channel, ch.label, d.kind, coalesce(d.outcome, 'Waiting') as outcome, d.status, d.created_at::text as at, d.lead_count as "leadCount"
        from alert_delivery d join alert_channel ch on ch.id = d.channel_id
       where ${mine}
       order by d.seq desc limit 15`),
  );
  const [setting] = rowsOf<{
    quiet_from: number | null;
    quiet_until: number | null;
    time_zone: string | null;
    redeem_alerts: boolean | null;
    scan_limit_alerts: boolean | null;
  }>(
    await db.execute(sql`
      select s.quiet_from, s.quiet_until, s.redeem_alerts, s.scan_limit_alerts, bp.time_zone from "user" u
        left join alert_setting s on s.user_id = u.id left join business_profile bp on bp.user_id = ${recipient.businessId}
       where u.id = ${recipient.userId}`),
  );
  const quiet =
    setting?.quiet_from != null && setting.quiet_until != null ? { from: clockOf(setting.quiet_from), until: clockOf(setting.quiet_until) } : null;
  const { publicKey } = await vapidKeys(db);
  const routing = await routingOptions(db, recipient);
  // A scan limit has no location: it is the owner's alone.
  const events = { redeemed: setting?.redeem_alerts ?? false, scanLimit: recipient.memberId === null && (setting?.scan_limit_alerts ?? false) };
  return {
    isMember: recipient.memberId !== null,
    channels,
    deliveries,
    quiet,
    events,
    routing,
    timeZone: setting?.time_zone ?? "UTC",
    telegramReady: telegramConfigured(),
    vapidPublicKey: publicKey,
  };
}
