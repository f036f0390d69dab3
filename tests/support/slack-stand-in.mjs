// A local stand-in for Slack's incoming webhooks, answering as Slack documents ("Handling errors"
// in its incoming-webhooks guide): 200 "ok"; 400 invalid_payload (not JSON) or no_text; 403
// invalid_token (revoked); 404 no_service (removed, or never existed); 410 channel_is_archived;
// 429 with Retry-After past the webhook's rate: Slack's rate-limits page allows one message a
// second per webhook with short bursts, so a hook here takes a burst of 2, then 1 a second. Bodies are plain words, as Slack sends them.
// Hooks live at Slack-shaped paths /services/T…/B…/…; tests read the messages each one received.
import crypto from "node:crypto";
import http from "node:http";

/** Messages a webhook takes at once before Slack's one a second applies. */
const BURST = 2;
const word = (bytes) => crypto.randomBytes(bytes).toString("hex").toUpperCase();

export async function startSlackStandIn() {
  /** @type {Map<string, { state: string, messages: Array<{ text: string, at: number }>, tokens: number, refilledAt: number }>} */
  const hooks = new Map();

  function answer(response, status, body, headers = {}) {
    response.writeHead(status, { "content-type": "text/html", ...headers });
    response.end(body);
  }

  function receive(hook, raw, response) {
    if (hook.state === "revoked") return answer(response, 403, "invalid_token");
    if (hook.state === "removed") return answer(response, 404, "no_service");
    if (hook.state === "archived") return answer(response, 410, "channel_is_archived");
    let payload;
    try {
      payload = JSON.parse(raw);
    } catch {
      return answer(response, 400, "invalid_payload");
    }
    if (typeof payload?.text !== "string" || payload.text.trim() === "") return answer(response, 400, "no_text");
    const now = Date.now();
    // A bucket of BURST messages, refilled at one a second.
    hook.tokens = Math.min(BURST, hook.tokens + (now - hook.refilledAt) / 1000);
    hook.refilledAt = now;
    if (hook.state === "throttled" || hook.tokens < 1) return answer(response, 429, "rate_limited", { "retry-after": "1" });
    hook.tokens -= 1;
    hook.messages.push({ text: payload.text, at: now });
    return answer(response, 200, "ok");
  }

  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(request.url ?? "/", "http://localhost");
      // The journeys' window into the stand-in (not part of Slack).
      if (request.method === "GET" && url.pathname === "/_messages") {
        response.writeHead(200, { "content-type": "application/json" });
        return response.end(JSON.stringify(hooks.get(url.searchParams.get("path") ?? "")?.messages ?? []));
      }
      if (request.method === "POST" && url.pathname === "/_hooks") {
        response.writeHead(200, { "content-type": "application/json" });
        return response.end(JSON.stringify({ url: add() }));
      }
      if (request.method !== "POST") return answer(response, 405, "invalid_method");
      const hook = hooks.get(url.pathname);
      if (!hook) return answer(response, 404, "no_service");
      receive(hook, raw, response);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const origin = `http://127.0.0.1:${/** @type {import("node:net").AddressInfo} */ (server.address()).port}`;

  /** A new webhook; returns its URL. */
  function add() {
    const path = `/services/T${word(4)}/B${word(4)}/${crypto.randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
    hooks.set(path, { state: "ok", messages: [], tokens: BURST, refilledAt: Date.now() });
    return origin + path;
  }

  const hookOf = (url) => {
    const hook = hooks.get(new URL(url).pathname);
    if (!hook) throw new Error(`no such hook ${url}`);
    return hook;
  };

  return {
    origin,
    add,
    messages: (url) => hookOf(url).messages,
    /** "ok", "removed" (404 no_service), "revoked" (403 invalid_token), "archived" (410), "throttled" (429). */
    setState: (url, state) => {
      hookOf(url).state = state;
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
