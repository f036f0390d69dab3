// A local stand-in for Telegram's Bot API (core.telegram.org/bots/api), at TELEGRAM_API_BASE:
// POST /bot<token>/<method> with a JSON body; every answer is {"ok":true,"result":…} or
// {"ok":false,"error_code":…,"description":…}, as Telegram sends them. getMe, getUpdates (with
// offset confirming earlier updates), sendMessage: a chat that never started the bot is "chat not
// found", a blocked one 403 "Forbidden: bot was blocked by the user", and past the rate 429 with
// parameters.retry_after: Telegram's FAQ asks bots to keep to about one message a second per chat,
// bursts tolerated, so a chat here takes a burst of 3, then one a second. Tests press Start in a chat and read what the bot sent.
import http from "node:http";

/** Messages one chat takes at once before Telegram's one a second applies. */
const CHAT_BURST = 3;

export async function startTelegramStandIn({ token = "123456:TEST-token", username = "leadqr_test_bot" } = {}) {
  const state = { updates: [], nextUpdateId: 1, chats: new Map(), requests: [], throttled: false };

  const ok = (result) => ({ status: 200, body: { ok: true, result } });
  const fail = (status, description, extra = {}) => ({ status, body: { ok: false, error_code: status, description, ...extra } });

  function sendMessage(body) {
    const chat = state.chats.get(String(body.chat_id));
    if (!chat) return fail(400, "Bad Request: chat not found");
    if (chat.blocked) return fail(403, "Forbidden: bot was blocked by the user");
    if (state.throttled) return fail(429, "Too Many Requests: retry after 2", { parameters: { retry_after: 2 } });
    const now = Date.now();
    chat.tokens = Math.min(CHAT_BURST, (chat.tokens ?? CHAT_BURST) + (now - (chat.refilledAt ?? now)) / 1000);
    chat.refilledAt = now;
    if (chat.tokens < 1) return fail(429, "Too Many Requests: retry after 1", { parameters: { retry_after: 1 } });
    chat.tokens -= 1;
    if (typeof body.text !== "string" || body.text.trim() === "") return fail(400, "Bad Request: message text is empty");
    if (body.text.length > 4096) return fail(400, "Bad Request: message is too long");
    const message = { message_id: chat.messages.length + 1, date: Math.floor(Date.now() / 1000), chat: chat.chat, text: body.text, at: Date.now() };
    chat.messages.push(message);
    return ok(message);
  }

  function call(method, body) {
    if (method === "getMe") return ok({ id: 999, is_bot: true, first_name: "LeadQR Alerts", username });
    if (method === "getUpdates") {
      const offset = Number(body.offset ?? 0);
      // Asking from an offset confirms every update before it: Telegram forgets them.
      if (offset > 0) state.updates = state.updates.filter((update) => update.update_id >= offset);
      return ok(state.updates.slice(0, Number(body.limit ?? 100)));
    }
    if (method === "sendMessage") return sendMessage(body);
    return fail(404, "Not Found");
  }

  /** The user of `chatId` opens the bot and presses Start (or sends any text). */
  function pressStart(chatId, text, from = { first_name: "Ana", username: "ana_cafe" }) {
    const chat = { id: chatId, type: "private", first_name: from.first_name, username: from.username };
    if (!state.chats.has(String(chatId))) state.chats.set(String(chatId), { chat, blocked: false, messages: [] });
    state.chats.get(String(chatId)).blocked = false;
    state.updates.push({
      update_id: state.nextUpdateId++,
      message: { message_id: 1, date: Math.floor(Date.now() / 1000), chat, from: { id: chatId, is_bot: false, ...from }, text },
    });
  }

  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(request.url ?? "/", "http://localhost");
      const reply = (status, body) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      // The journeys' window into the stand-in (not part of the Bot API).
      if (url.pathname === "/_start" && request.method === "POST") {
        const { chat_id: chatId, text } = JSON.parse(raw);
        pressStart(chatId, text);
        return reply(200, { ok: true });
      }
      if (url.pathname === "/_messages") return reply(200, state.chats.get(url.searchParams.get("chat_id") ?? "")?.messages ?? []);
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
      if (!match) return reply(404, { ok: false, error_code: 404, description: "Not Found" });
      if (match[1] !== token) return reply(401, { ok: false, error_code: 401, description: "Unauthorized" });
      let body = {};
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        return reply(400, { ok: false, error_code: 400, description: "Bad Request: can't parse JSON" });
      }
      state.requests.push({ method: match[2], body });
      const answer = call(match[2], body);
      reply(answer.status, answer.body);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const origin = `http://127.0.0.1:${/** @type {import("node:net").AddressInfo} */ (server.address()).port}`;
  return {
    origin,
    token,
    username,
    state,
    pressStart,
    messagesTo: (chatId) => state.chats.get(String(chatId))?.messages ?? [],
    block: (chatId) => {
      state.chats.get(String(chatId)).blocked = true;
    },
    setThrottled: (value) => {
      state.throttled = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
