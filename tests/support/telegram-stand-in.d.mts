/* Types for the Telegram Bot API stand-in (plain JS so the e2e server can load it). */
type Message = { message_id: number; date: number; chat: { id: number }; text: string; at: number };
export function startTelegramStandIn(options?: { token?: string; username?: string }): Promise<{
  origin: string;
  token: string;
  username: string;
  state: { requests: Array<{ method: string; body: Record<string, unknown> }>; updates: unknown[] };
  pressStart(chatId: number, text: string, from?: { first_name: string; username?: string }): void;
  messagesTo(chatId: number): Message[];
  block(chatId: number): void;
  setThrottled(value: boolean): void;
  close(): Promise<void>;
}>;
