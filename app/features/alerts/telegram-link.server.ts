// Linking a Telegram chat (docs/features/alerts.md, "Telegram"): the worker reads the bot's
// updates by long polling's short form (getUpdates, no webhook: it works behind any firewall and
// needs no public address), and only while some owner's deep link waits. The chat that sends a
// waiting /start token becomes that owner's channel; no other chat is ever written to.
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { sealToken } from "~/utils/token-seal.server";
import { getServices } from "~/utils/services.server";
import { LINKED_TEXT } from "./alert-text";
import { hashProof } from "./proof.server";
import { telegramConfigured, telegramUpdates, type TelegramUpdate } from "./channels.server";

const START = /^\/start(?:@\w+)?\s+([A-Za-z0-9_-]{1,64})\s*$/;

/** One look at the bot's updates, by one process at a time (a lease on the single `telegram_poll` row). */
export async function linkTelegramChats(db: Database, now: SQL) {
  if (!telegramConfigured()) return;
  const waiting = rowsOf(
    await db.execute(sql`select 1 from alert_channel where kind = 'telegram' and status = 'proving' and proof_expires_at > ${now} limit 1`),
  );
  if (waiting.length === 0) return;
  await db.execute(sql`insert into telegram_poll (id) values (1) on conflict do nothing`);
  const [lease] = rowsOf<{ next_offset: number }>(
    await db.execute(sql`
      update telegram_poll set locked_until = ${now} + interval '30 seconds'
       where id = 1 and (locked_until is null or locked_until < ${now}) returning next_offset`),
  );
  if (!lease) return;
  let next = lease.next_offset;
  try {
    const updates = (await telegramUpdates(lease.next_offset)) ?? [];
    for (const update of updates) {
      next = Math.max(next, update.update_id + 1);
      await linkFrom(db, update, now);
    }
  } finally {
    await db.execute(sql`update telegram_poll set next_offset = ${next}, locked_until = null where id = 1`);
  }
}

function chatLabel(chat: NonNullable<TelegramUpdate["message"]>["chat"]) {
  return (chat.title ?? (chat.username ? `@${chat.username}` : chat.first_name) ?? "Telegram chat").slice(0, 80);
}

async function linkFrom(db: Database, update: TelegramUpdate, now: SQL) {
  const message = update.message;
  const token = message?.text ? START.exec(message.text)?.[1] : undefined;
  if (!message || !token) return;
  const { secret } = await getServices();
  const [channel] = rowsOf<{ id: string }>(
    await db.execute(sql`
      update alert_channel set status = 'proven', destination = ${sealToken(secret, String(message.chat.id))}, label = ${chatLabel(message.chat)},
             proof_hash = null, proof_expires_at = null, alerts_from = ${now}
       where kind = 'telegram' and status = 'proving' and proof_hash = ${hashProof(token)} and proof_expires_at > ${now}
      returning id`),
  );
  if (channel)
    await db.execute(
      sql`insert into alert_delivery (channel_id, kind, text, created_at, next_attempt_at) values (${channel.id}, 'linked', ${LINKED_TEXT}, ${now}, ${now})`,
    );
}
