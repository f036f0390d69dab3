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
};

export function signatureHeaders(secret: string, messageId: string, timestamp: Date, body: string) {
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(messageId, timestamp, body),
  };
}

/** POSTs `body` to `url`; resolves (never rejects) with what happened, for the delivery log. */
export function sendWebhook(options: {
  url: string;
  secret: string;
  messageId: string;
  body: string;
  allowPrivate: boolean;
  timeoutMs?: number;
  maxResponseBytes?: number;
}): Promise<AttemptResult> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? SEND_LIMITS.timeoutMs;
  const maxBytes = options.maxResponseBytes ?? SEND_LIMITS.maxResponseBytes;
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: string, statusCode: number | null = null, excerpt = ""): AttemptResult => ({
    ok: false,
    statusCode,
    latencyMs: elapsed(),
    responseExcerpt: excerpt,
    error,
  });

  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    return Promise.resolve(failed("Invalid URL"));
  }
  const isHttps = url.protocol === "https:";
  if (!isHttps && !(options.allowPrivate && url.protocol === "http:")) return Promise.resolve(failed("Only https:// URLs are allowed"));
  if (!isWebhookPort(url)) return Promise.resolve(failed(WEBHOOK_PORT_MESSAGE));
  // Address literals never go through `lookup`, so they are checked here.
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!options.allowPrivate && net.isIP(host) && isPrivateAddress(host)) return Promise.resolve(failed(PRIVATE_ADDRESS_MESSAGE));

  const headers = {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(options.body)),
    "user-agent": "LeadQR-Webhooks/1",
    ...signatureHeaders(options.secret, options.messageId, new Date(), options.body),
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
    const request = (isHttps ? https : http).request(url, {
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
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const text = Buffer.concat(chunks).toString("utf8").slice(0, SEND_LIMITS.excerptChars);
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) {
          finish({ ok: true, statusCode: status, latencyMs: elapsed(), responseExcerpt: text, error: null });
        } else if (status >= 300 && status < 400) {
          finish(failed("Redirects are not followed; use the final URL", status, text));
        } else {
          finish(failed(`Receiver answered ${status}`, status, text));
        }
      };
      response.on("data", (chunk: Buffer) => {
        if (size >= maxBytes) return;
        chunks.push(chunk.subarray(0, maxBytes - size));
        size += chunk.length;
        // Enough read: answer with what we have and close the connection.
        if (size >= maxBytes) done();
      });
      response.on("end", done);
      response.on("error", () => done());
    });
    request.end(options.body);
  });
}
