// The alert worker (docs/features/alerts.md, "How an alert travels"): every pass it notes the
// leads committed since each proven channel was switched on (so the lead path writes nothing for
// alerts), decides which go one by one and which fold into one message, and sends what is due.
// Every process runs one; channels are decided under a row lock and messages claimed with
// SKIP LOCKED and a lease, so two processes never send one message twice.
import { sql, type SQL } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { systemClock, type Clock } from "~/utils/clock";
import { getEnv } from "~/utils/env.server";
import { logger as appLogger } from "~/utils/logger.server";
import { createPollingWorker, sqlNow } from "~/utils/polling-worker.server";
import { getServices, onShutdown } from "~/utils/services.server";
import { ALERTS_PER_MINUTE, FOLD_EVERY_MS, foldedAlertText, isQuiet, leadAlertText } from "./alert-text";
import { recordAnswer, sendThrough, type ChannelKind } from "./deliveries.server";
import { CHANNEL_BUSINESS, CHANNEL_IS_VIEWER, heldToMember, routedTo } from "./routing.server";
import { linkTelegramChats } from "./telegram-link.server";

export const ALERT_WORKER_DEFAULTS = { pollMs: 1_000, batchSize: 20, leaseMs: 60_000 };

/**
 * How far back each pass looks for leads not yet noted: longer than any lead's commit takes and a
 * restart lasts, short enough that a surge's leads are probed for a few minutes only. Older leads
 * are never alerted (their email still went).
 */
const LOOKBACK = sql`interval '10 minutes'`;

export type AlertWorkerOptions = Partial<typeof ALERT_WORKER_DEFAULTS> & {
  db: Database;
  clock?: Clock;
  logger?: Pick<Logger, "info" | "warn" | "error">;
  appUrl?: string;
};

type Context = {
  db: Database;
  now: () => SQL;
  clock: Clock;
  appUrl: string;
  leaseMs: number;
  batchSize: number;
  log: Pick<Logger, "error" | "warn">;
};

export function createAlertWorker(options: AlertWorkerOptions) {
  const settings = { ...ALERT_WORKER_DEFAULTS, ...options };
  const clock = options.clock ?? systemClock;
  const context: Context = {
    db: options.db,
    now: () => sqlNow(options.clock),
    clock,
    appUrl: options.appUrl ?? getEnv().appOrigin,
    leaseMs: settings.leaseMs,
    batchSize: settings.batchSize,
    log: options.logger ?? appLogger,
  };

  let lastHousekeeping: number | undefined;

  /** One pass: link chats, note new leads, decide, send; resolves to the messages sent. */
  async function runOnce() {
    if (lastHousekeeping === undefined || clock.now() - lastHousekeeping >= HOUSEKEEPING_MS) {
      lastHousekeeping = clock.now();
      await housekeeping(context);
    }
    await linkTelegramChats(context.db, context.now());
    await noteNewLeads(context);
    for (const channel of await channelsWithWaitingLeads(context)) await decideChannel(context, channel);
    return sendDue(context);
  }

  const loop = createPollingWorker({
    name: "alert",
    batchSize: settings.batchSize,
    pollMs: settings.pollMs,
    log: context.log,
    clock: options.clock,
    pass: runOnce,
  });
  return { runOnce, start: loop.start, nudge: loop.nudge, stop: loop.stop };
}

const HOUSEKEEPING_MS = 10 * 60_000;

/**
 * Leads noted for a channel are forgotten after a day (the lookback never reaches them again; one
 * still waiting then, on a channel switched off, is never sent),
 * and the log keeps 30 days; expired proofs of channels never proven are removed.
 */
async function housekeeping({ db, now }: Context) {
  await db.execute(sql`delete from alert_lead where collected_at < ${now()} - interval '1 day'`);
  await db.execute(sql`delete from alert_delivery where created_at < ${now()} - interval '30 days' and status in ('sent', 'failed')`);
  await db.execute(sql`delete from alert_channel where status = 'proving' and proof_expires_at < ${now()} - interval '1 day'`);
}

/**
 * Every lead of the business's campaigns routed to the channel, committed since it was switched on,
 * once per channel; a member's channel only those through a placement at their locations.
 */
async function noteNewLeads({ db, now }: Context) {
  await db.execute(sql`
    insert into alert_lead (channel_id, lead_id, collected_at)
    select ch.id, l.id, l.collected_at
      from alert_channel ch
      join campaign c on c.user_id = ${CHANNEL_BUSINESS}
      join lead l on l.campaign_id = c.id and l.collected_at >= greatest(ch.alerts_from, ch.routed_from, ${now()} - ${LOOKBACK})
     where ch.status = 'proven' and ch.enabled and ${routedTo(sql`l.campaign_id`, sql`l.placement_id`)} and ${heldToMember(sql`l.placement_id`)}
       and not exists (select 1 from alert_lead al where al.channel_id = ch.id and al.lead_id = l.id)
    on conflict do nothing`);
}

type WaitingChannel = {
  id: string;
  kind: ChannelKind;
  time_zone: string | null;
  quiet_from: number | null;
  quiet_until: number | null;
  is_viewer: boolean;
};

/** Channels with leads to decide; times in the business's zone, quiet hours the channel's own sign-in's. */
async function channelsWithWaitingLeads({ db }: Context) {
  return rowsOf<WaitingChannel>(
    await db.execute(sql`
      select ch.id, ch.kind, bp.time_zone, s.quiet_from, s.quiet_until, ${CHANNEL_IS_VIEWER} as is_viewer
        from alert_channel ch
        left join business_profile bp on bp.user_id = ${CHANNEL_BUSINESS}
        left join alert_setting s on s.user_id = ch.user_id
       where ch.status = 'proven' and ch.enabled
         and exists (select 1 from alert_lead al where al.channel_id = ch.id and al.delivery_id is null and al.collected_at >= ch.alerts_from)`),
  );
}

type WaitingLead = { lead_id: string; name: string; title: string; placement: string | null; location: string | null; collected_at: string };

/**
 * Turns a channel's waiting leads into messages (docs/features/alerts.md, "A crowd is one alert"):
 * one by one while the channel had fewer than 5 in the last minute; past that, and for leads held
 * through quiet hours, one folded message at most once a minute, once the oldest has waited a minute.
 */
async function decideChannel(context: Context, channel: WaitingChannel) {
  const nowMs = context.clock.now();
  const zone = channel.time_zone ?? "UTC";
  if (isQuiet(new Date(nowMs), zone, channel.quiet_from, channel.quiet_until)) return;
  await context.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    // One process decides a channel at a time; another skips it this pass.
    const locked = rowsOf(await db.execute(sql`select 1 from alert_channel where id = ${channel.id} for update skip locked`));
    if (locked.length === 0) return;
    const waiting = await waitingLeads(db, channel.id);
    if (waiting.length === 0) return;
    const [recent] = rowsOf<{ singles: number; last_fold: string | null }>(
      await db.execute(sql`
        select count(*) filter (where kind = 'lead' and created_at > ${context.now()} - interval '1 minute')::int as singles,
               max(created_at) filter (where kind = 'fold')::text as last_fold
          from alert_delivery where channel_id = ${channel.id}`),
    );
    const oldestMs = new Date(waiting[0]!.collected_at).getTime();
    const backlog = nowMs - oldestMs >= FOLD_EVERY_MS;
    const sinceFold = recent!.last_fold ? nowMs - new Date(recent!.last_fold).getTime() : Infinity;
    // A crowd stays a crowd for two minutes after its last fold: no single alerts slip between folds.
    const allowance = sinceFold < 2 * FOLD_EVERY_MS ? 0 : Math.max(0, ALERTS_PER_MINUTE - recent!.singles);
    const foldAllowed = sinceFold >= FOLD_EVERY_MS;
    const singles = backlog ? (waiting.length === 1 ? waiting : []) : waiting.slice(0, allowance);
    for (const lead of singles) await queueSingle(db, context, channel, lead, zone);
    if (backlog && waiting.length > 1 && foldAllowed) await queueFold(db, context, channel, oldestMs);
  });
}

async function waitingLeads(db: Database, channelId: string) {
  return rowsOf<WaitingLead>(
    await db.execute(sql`
      select al.lead_id, l.name, c.title, p.name as placement, loc.name as location, l.collected_at::text as collected_at
        from alert_lead al
        join alert_channel ch on ch.id = al.channel_id
        join lead l on l.id = al.lead_id
        join campaign c on c.id = l.campaign_id
        left join placement p on p.id = l.placement_id
        left join location loc on loc.id = p.location_id
       -- Leads from before the channel was last switched on or proven wait no more: they are not sent.
       where al.channel_id = ${channelId} and al.delivery_id is null and al.collected_at >= ch.alerts_from
       order by al.collected_at, al.lead_id
       limit ${ALERTS_PER_MINUTE + 1}`),
  );
}

async function queueSingle(db: Database, context: Context, channel: WaitingChannel, lead: WaitingLead, zone: string) {
  const channelId = channel.id;
  const text = leadAlertText({
    name: channel.is_viewer ? null : lead.name,
    campaignTitle: lead.title,
    placement: lead.placement,
    location: lead.location,
    collectedAt: new Date(lead.collected_at),
    timeZone: zone,
    leadUrl: channel.is_viewer ? `${context.appUrl}/dashboard` : `${context.appUrl}/leads/${lead.lead_id}`,
  });
  await db.execute(sql`
    with d as (
      insert into alert_delivery (channel_id, kind, text, lead_id, lead_count, created_at, next_attempt_at)
      values (${channelId}, 'lead', ${text}, ${lead.lead_id}, 1, ${context.now()}, ${context.now()}) returning id)
    update alert_lead set delivery_id = (select id from d) where channel_id = ${channelId} and lead_id = ${lead.lead_id}`);
}

/** Every waiting lead of the channel into one message; the count and campaigns are those of the leads it took. */
async function queueFold(db: Database, context: Context, channel: WaitingChannel, oldestMs: number) {
  const channelId = channel.id;
  const [folded] = rowsOf<{ id: string; count: number; titles: string[] }>(
    await db.execute(sql`
      with d as (
        insert into alert_delivery (channel_id, kind, text, created_at, next_attempt_at)
        values (${channelId}, 'fold', '', ${context.now()}, ${context.now()}) returning id),
      u as (
        update alert_lead al set delivery_id = (select id from d)
          from alert_channel ch
         where ch.id = al.channel_id and al.channel_id = ${channelId} and al.delivery_id is null and al.collected_at >= ch.alerts_from
        returning al.lead_id)
      select (select id from d) as id, count(*)::int as count, array_agg(distinct c.title) as titles
        from u join lead l on l.id = u.lead_id join campaign c on c.id = l.campaign_id`),
  );
  const text = foldedAlertText({
    count: folded!.count,
    campaigns: folded!.titles,
    oldest: new Date(oldestMs),
    now: new Date(context.clock.now()),
    leadsUrl: `${context.appUrl}${channel.is_viewer ? "/dashboard" : "/leads"}`,
  });
  await db.execute(sql`update alert_delivery set text = ${text}, lead_count = ${folded!.count} where id = ${folded!.id}`);
}

type DueDelivery = { id: string; channel_id: string; kind: ChannelKind; destination: string | null; text: string; attempts: number; live: boolean };

/** Claims due messages and sends them; a message for a channel switched off or removed meanwhile is dropped as failed. */
async function sendDue(context: Context) {
  const { db, now } = context;
  const claimed = rowsOf<DueDelivery>(
    await db.execute(sql`
      with due as (
        update alert_delivery d set status = 'sending', attempts = attempts + 1, locked_until = ${now()} + make_interval(secs => ${context.leaseMs / 1000})
         where d.id in (
           select id from alert_delivery
            where (status = 'pending' and next_attempt_at <= ${now()}) or (status = 'sending' and locked_until < ${now()})
            order by seq limit ${context.batchSize} for update skip locked)
        returning d.id, d.channel_id, d.text, d.attempts, d.seq)
      -- A member whose role changed to staff since the message was queued is no longer sent to.
      select due.*, ch.kind, ch.destination,
             (ch.status = 'proven' and ch.enabled and ch.destination is not null
              and (ch.member_id is null or exists (select 1 from business_member lm where lm.id = ch.member_id and lm.role in ('manager', 'viewer')))) as live
        from due join alert_channel ch on ch.id = due.channel_id order by due.seq`),
  );
  for (const delivery of claimed) {
    if (!delivery.live) {
      await db.execute(
        sql`update alert_delivery set status = 'failed', outcome = 'Not sent: the channel is off', locked_until = null where id = ${delivery.id}`,
      );
      continue;
    }
    const answer = await sendThrough(delivery.kind, delivery.destination!, delivery.text);
    await recordAnswer(db, { id: delivery.id, channelId: delivery.channel_id, kind: delivery.kind, attempts: delivery.attempts }, answer, now());
  }
  return claimed.length;
}

export type AlertWorker = ReturnType<typeof createAlertWorker>;
type Registry = { worker?: AlertWorker };
const registry: Registry = ((globalThis as { __leadqrAlerts?: Registry }).__leadqrAlerts ??= {});

/** Starts this process's alert worker once; it stops before the database closes. */
export async function startAlertWorker() {
  if (registry.worker) return;
  const { db } = await getServices();
  const worker = createAlertWorker({ db });
  registry.worker = worker;
  worker.start();
  onShutdown(async () => {
    if (registry.worker === worker) registry.worker = undefined;
    await worker.stop();
  });
}

/** Asks the running worker to look now (after a test message is queued, a channel proven). */
export function nudgeAlertWorker() {
  registry.worker?.nudge();
}
