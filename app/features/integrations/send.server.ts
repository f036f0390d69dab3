/* eslint-disable edge/no-node-http-in-features -- outbound deliveries read the responses to our own requests. */
// One HTTP attempt at a webhook: signed, time-boxed, size-capped, never following redirects.
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { Webhook } from "standardwebhooks";
import { guardedLookup, isPrivateAddress, isWebhookPort, PRIVATE_ADDRESS_MESSAGE, WEBHOOK_PORT_MESSAGE } from "./address-guard.server";

export const SEND_LIMITS = {
  timeoutMs: 10_000,
  /** Bytes of the response body read at most; the rest is discarded unread. */
  maxResponseBytes: 64 * 1024,
  /** Characters of the response kept in the delivery log. */
  excerptChars: 500,
};

export type AttemptResult = {
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string;
  error: string | null;
  /** The receiver's Retry-After header, when it sent one (Slack's 429). */
  retryAfter?: string | null;
};

export function signatureHeaders(secret: string, messageId: string, timestamp: Date, body: string) {
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(messageId, timestamp, body),
  };
}

type SendOptions = {
  url: string;
  /** Signs the post (Standard Webhooks); without one (lead alerts to Slack), it goes unsigned. */
  secret?: string;
  messageId?: string;
  body: string | Buffer;
  /** Headers of the receiver's protocol (Web Push's TTL, Content-Encoding, Authorization); they replace ours of the same name. */
  headers?: Record<string, string>;
  allowPrivate: boolean;
  timeoutMs?: number;
  maxResponseBytes?: number;
};

/** POSTs `body` to `url`; resolves (never rejects) with what happened, for the delivery log. */
export function sendWebhook(options: SendOptions): Promise<AttemptResult> {
  const started = performance.now();
  const failed = failure(() => Math.round(performance.now() - started));
  const target = targetOf(options);
  if (typeof target === "string") return Promise.resolve(failed(target));
  return postOnce(target, options, failed);
}

type Failure = (error: string, statusCode?: number | null, excerpt?: string) => AttemptResult;

function failure(elapsed: () => number): Failure {
  return (error, statusCode = null, excerpt = "") => ({
    ok: false,
    statusCode,
    latencyMs: elapsed(),
    responseExcerpt: excerpt,
    error,
  });
}

/** The URL to post to, or why it is refused before any connection is made. */
function targetOf(options: SendOptions): URL | string {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    return "Invalid URL";
  }
  if (url.protocol !== "https:" && !(options.allowPrivate && url.protocol === "http:")) return "Only https:// URLs are allowed";
  if (!isWebhookPort(url)) return WEBHOOK_PORT_MESSAGE;
  // Address literals never go through `lookup`, so they are checked here.
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!options.allowPrivate && net.isIP(host) && isPrivateAddress(host)) return PRIVATE_ADDRESS_MESSAGE;
  return url;
}

function postOnce(url: URL, options: SendOptions, failed: Failure): Promise<AttemptResult> {
  const timeoutMs = options.timeoutMs ?? SEND_LIMITS.timeoutMs;
  const headers = {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(options.body)),
    "user-agent": "LeadQR-Webhooks/1",
    ...(options.secret && options.messageId && typeof options.body === "string"
      ? signatureHeaders(options.secret, options.messageId, new Date(), options.body)
      : {}),
    ...Object.fromEntries(Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value])),
  };
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(result);
    };
    const request = (url.protocol === "https:" ? https : http).request(url, {
      method: "POST",
      headers,
      lookup: guardedLookup(options.allowPrivate) as unknown as net.LookupFunction,
      agent: false,
    });
    // One budget for connect, send and read: a slow receiver cannot hold a worker longer.
    const timer = setTimeout(() => finish(failed(`Timed out after ${timeoutMs / 1000} s`)), timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) => {
      finish(failed(error.code === "EUNSAFEDEST" ? PRIVATE_ADDRESS_MESSAGE : `Connection failed: ${error.code ?? error.message}`));
    });
    request.on("response", (response) => {
      readCapped(response, options.maxResponseBytes ?? SEND_LIMITS.maxResponseBytes, (text) =>
        finish({ ...judgeAnswer(response.statusCode ?? 0, text, failed), retryAfter: headerOf(response, "retry-after") }),
      );
    });
    request.end(options.body);
  });
}

/** Reads at most `maxBytes` of the answer, then calls `done` once with its excerpt. */
function readCapped(response: http.IncomingMessage, maxBytes: number, done: (excerpt: string) => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  let called = false;
  const end = () => {
    if (called) return;
    called = true;
    done(Buffer.concat(chunks).toString("utf8").slice(0, SEND_LIMITS.excerptChars));
  };
  response.on("data", (chunk: Buffer) => {
    if (size >= maxBytes) return;
    chunks.push(chunk.subarray(0, maxBytes - size));
    size += chunk.length;
    // Enough read: answer with what we have and close the connection.
    if (size >= maxBytes) end();
  });
  response.on("end", end);
  response.on("error", end);
}

function headerOf(response: http.IncomingMessage, name: string) {
  const value = response.headers[name];
  return typeof value === "string" ? value : null;
}

function judgeAnswer(status: number, text: string, failed: Failure): AttemptResult {
  if (status >= 200 && status < 300) return { ...failed(""), ok: true, statusCode: status, responseExcerpt: text, error: null };
  if (status >= 300 && status < 400) return failed("Redirects are not followed; use the final URL", status, text);
  // 410 Gone is how a REST hook's receiver unsubscribes; the worker stops the endpoint for it.
  if (status === 410) return failed("Receiver answered 410 Gone: unsubscribed", status, text);
  return failed(`Receiver answered ${status}`, status, text);
}
