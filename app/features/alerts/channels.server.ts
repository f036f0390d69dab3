// The channels' senders (docs/features/alerts.md, "Channels"): plain text in, what the channel
// answered out, sorted into what the caller does next. Slack's webhook is the owner's URL, so it
// goes through the webhook guard (public addresses, allowed ports, no redirects); Telegram's Bot
// API address is the operator's. The morning summary sends through these too.
import { sendWebhook } from "~/features/integrations/send.server";
import { PRIVATE_ADDRESS_MESSAGE } from "~/features/integrations/address-guard.server";
import { getEnv } from "~/utils/env.server";

/**
 * `gone`: the destination is no more (Slack no_service, archived, revoked; Telegram blocked or
 * chat not found): the channel is switched off. `refused`: this message will never pass.
 * `rate`: try again after `retryAfterMs`. `retry`: an outage, retried with backoff.
 */
export type ChannelAnswer =
  { ok: true; outcome: string } | { ok: false; outcome: string; verdict: "gone" | "refused" | "rate" | "retry"; retryAfterMs?: number };

const SLACK_GONE = [403, 404, 410];

/** Posts `text` to a Slack incoming webhook; Slack answers 200 "ok" or a status with a short error word. */
export async function sendToSlack(url: string, text: string): Promise<ChannelAnswer> {
  // Slack reads &, < and > as its own markup: escaped, a visitor's name cannot ping @channel.
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const result = await sendWebhook({ url, body: JSON.stringify({ text: escaped }), allowPrivate: getEnv().WEBHOOKS_ALLOW_PRIVATE });
  const word = result.responseExcerpt.trim().slice(0, 80);
  const outcome = result.statusCode === null ? (result.error ?? "No answer") : `${result.statusCode} ${word}`.trim();
  if (result.ok) return { ok: true, outcome };
  if (result.statusCode === null) return { ok: false, outcome, verdict: result.error === PRIVATE_ADDRESS_MESSAGE ? "gone" : "retry" };
  if (result.statusCode === 429) return { ok: false, outcome, verdict: "rate", retryAfterMs: secondsOf(result.retryAfter) };
  if (SLACK_GONE.includes(result.statusCode)) return { ok: false, outcome, verdict: "gone" };
  if (result.statusCode >= 500) return { ok: false, outcome, verdict: "retry" };
  return { ok: false, outcome, verdict: "refused" };
}

function secondsOf(value: string | null | undefined) {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3600) * 1000 : 30_000;
}

export function telegramConfigured() {
  return Boolean(getEnv().TELEGRAM_BOT_TOKEN);
}

type TelegramAnswer<T> = { ok: boolean; result?: T; error_code?: number; description?: string; parameters?: { retry_after?: number } };

/** One Bot API call; the token is in the path, so it never appears in what is logged. */
async function callTelegram<T>(method: string, body: Record<string, unknown>): Promise<{ status: number | null; answer: TelegramAnswer<T> }> {
  const env = getEnv();
  const base = (env.TELEGRAM_API_BASE ?? "https://api.telegram.org").replace(/\/+$/, "");
  try {
    const response = await fetch(`${base}/bot${env.TELEGRAM_BOT_TOKEN}/${method}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await response.json().catch(() => ({ ok: false, description: "unreadable answer" }))) as TelegramAnswer<T>;
    return { status: response.status, answer };
  } catch {
    return { status: null, answer: { ok: false, description: "Telegram did not answer" } };
  }
}

/** Sends `text` to a chat that started our bot. */
export async function sendToTelegram(chatId: string, text: string): Promise<ChannelAnswer> {
  const { status, answer } = await callTelegram("sendMessage", { chat_id: chatId, text, link_preview_options: { is_disabled: true } });
  const outcome = status === null ? (answer.description ?? "No answer") : `${status} ${answer.ok ? "ok" : (answer.description ?? "")}`.trim();
  if (answer.ok) return { ok: true, outcome };
  if (status === null || status >= 500) return { ok: false, outcome, verdict: "retry" };
  if (status === 429) return { ok: false, outcome, verdict: "rate", retryAfterMs: secondsOf(String(answer.parameters?.retry_after ?? "")) };
  if (status === 403 || (status === 400 && /chat not found/i.test(answer.description ?? ""))) return { ok: false, outcome, verdict: "gone" };
  return { ok: false, outcome, verdict: "refused" };
}

let botName: Promise<string | null> | undefined;

/** The bot's username for the deep link, asked once per process (getMe). */
export function telegramBotName(): Promise<string | null> {
  botName ??= callTelegram<{ username?: string }>("getMe", {}).then(({ answer }) => {
    if (!answer.ok || !answer.result?.username) {
      botName = undefined;
      return null;
    }
    return answer.result.username;
  });
  return botName;
}

export type TelegramUpdate = {
  update_id: number;
  message?: { text?: string; chat: { id: number; type: string; title?: string; first_name?: string; username?: string } };
};

/** Updates from `offset` on, without waiting (the worker asks again on its next pass). */
export async function telegramUpdates(offset: number): Promise<TelegramUpdate[] | null> {
  const { answer } = await callTelegram<TelegramUpdate[]>("getUpdates", { offset, timeout: 0, allowed_updates: ["message"] });
  return answer.ok ? (answer.result ?? []) : null;
}
