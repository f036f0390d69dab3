// Web Push, "This phone or browser" (docs/features/alerts.md): the server's VAPID keys, a
// browser's subscription checked as webhook endpoints are, and one push sent through the webhook
// sender (public addresses, allowed ports, no redirects) with web-push's encryption and VAPID JWT.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import webpush from "web-push";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { assertSafeDestination } from "~/features/integrations/address-guard.server";
import { sendWebhook } from "~/features/integrations/send.server";
import { refused } from "~/features/languages/owner/refusals";
import { getEnv } from "~/utils/env.server";
import { getServices } from "~/utils/services.server";
import { openToken, sealToken } from "~/utils/token-seal.server";
import type { ChannelAnswer } from "./channels.server";

export type PushSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };
type VapidKeys = { publicKey: string; privateKey: string };

/** A push waits at the push service this long for a phone that is off (seconds): an alert older than a day is noise. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** RFC 8030 §7.2: a push service may refuse more than 4096 bytes; the record's header and padding take some. */
const MAX_BODY_CHARS = 1_000;

const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .refine((value) => Buffer.from(value, "base64url").length === bytes);

const SubscriptionSchema = z.object({
  endpoint: z.string().max(2_000),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
});

let cached: Promise<VapidKeys> | undefined;

/** The VAPID key pair: from the environment, or made once and kept in the database (the private key sealed). */
export function vapidKeys(db: Database): Promise<VapidKeys> {
  const env = getEnv();
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return Promise.resolve({ publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY });
  cached ??= storedKeys(db).catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

async function storedKeys(db: Database): Promise<VapidKeys> {
  const { secret } = await getServices();
  const made = webpush.generateVAPIDKeys();
  // Two processes starting at once keep the first pair written.
  await db.execute(
    sql`insert into vapid_key (id, public_key, private_key) values (1, ${made.publicKey}, ${sealToken(secret, made.privateKey)}) on conflict do nothing`,
  );
  const [row] = rowsOf<{ public_key: string; private_key: string }>(
    await db.execute(sql`select public_key, private_key from vapid_key where id = 1`),
  );
  try {
    return { publicKey: row!.public_key, privateKey: openToken(secret, row!.private_key) };
  } catch {
    // Sealed under another secret: a new pair; browsers subscribed under the old one subscribe again.
    await db.execute(sql`update vapid_key set public_key = ${made.publicKey}, private_key = ${sealToken(secret, made.privateKey)} where id = 1`);
    return made;
  }
}

function vapidSubject() {
  const env = getEnv();
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  if (env.appUrl.protocol === "https:") return env.appOrigin;
  const address = /<([^>]+)>/.exec(env.EMAIL_FROM)?.[1] ?? env.EMAIL_FROM;
  return `mailto:${address.trim()}`;
}

/** The subscription a browser handed over, its endpoint checked as webhook endpoints are; throws DomainError for the owner. */
export async function checkPushSubscription(raw: string): Promise<PushSubscription> {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = null;
  }
  const parsed = SubscriptionSchema.safeParse(value);
  if (!parsed.success) throw refused("alert_refused", "alerts.pushUnusable");
  await assertSafeDestination(parsed.data.endpoint, { allowPrivate: getEnv().WEBHOOKS_ALLOW_PRIVATE });
  return parsed.data;
}

export function endpointHash(endpoint: string) {
  return crypto.createHash("sha256").update(endpoint).digest("hex");
}

/**
 * What the service worker shows: the alert's first line as the body, its link to open on a tap.
 * Alerts carry only a first name, campaign, placement and location, time and link (alert-text.ts).
 */
export function pushPayload(text: string) {
  const lines = text.split("\n");
  const url = lines.length > 1 && /^https?:\/\//.test(lines.at(-1)!) ? lines.pop()! : null;
  const body = lines.join("\n");
  return JSON.stringify({ title: "LeadQR", body: body.length > MAX_BODY_CHARS ? `${body.slice(0, MAX_BODY_CHARS - 1)}…` : body, url });
}

function secondsOf(value: string | null | undefined) {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3600) * 1000 : 30_000;
}

/** Encrypts `text` for the subscription (RFC 8291) and posts it to its push service with a VAPID JWT (RFC 8292). */
export async function sendToPush(db: Database, subscription: PushSubscription, text: string): Promise<ChannelAnswer> {
  const keys = await vapidKeys(db);
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails(subscription, pushPayload(text), {
      vapidDetails: { subject: vapidSubject(), ...keys },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: "aes128gcm",
      urgency: "high",
    });
  } catch (error) {
    return { ok: false, outcome: `Not sent: ${(error as Error).message}`, verdict: "refused" };
  }
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
  const result = await sendWebhook({ url: request.endpoint, body: request.body as Buffer, headers, allowPrivate: getEnv().WEBHOOKS_ALLOW_PRIVATE });
  const word = result.responseExcerpt.replace(/\s+/g, " ").trim().slice(0, 80);
  const outcome = result.statusCode === null ? (result.error ?? "No answer") : `${result.statusCode} ${word || statusWord(result.statusCode)}`.trim();
  if (result.ok) return { ok: true, outcome };
  if (result.statusCode === null) return { ok: false, outcome, verdict: "retry" };
  if (result.statusCode === 404 || result.statusCode === 410) return { ok: false, outcome, verdict: "gone" };
  if (result.statusCode === 429) return { ok: false, outcome, verdict: "rate", retryAfterMs: secondsOf(result.retryAfter) };
  if (result.statusCode >= 500) return { ok: false, outcome, verdict: "retry" };
  return { ok: false, outcome, verdict: "refused" };
}

function statusWord(status: number) {
  return (
    ({ 201: "Created", 404: "Not Found", 410: "Gone", 413: "Payload Too Large", 429: "Too Many Requests" } as Record<number, string>)[status] ?? ""
  );
}

/** "Chrome on Android", "Safari on iPhone": how the owner tells their subscribed browsers apart. */
export function browserFamily(userAgent: string) {
  const browser = /EdgA?\//.test(userAgent)
    ? "Edge"
    : /SamsungBrowser\//.test(userAgent)
      ? "Samsung Internet"
      : /OPR\//.test(userAgent)
        ? "Opera"
        : /Firefox\/|FxiOS\//.test(userAgent)
          ? "Firefox"
          : /Chrome\/|CriOS\//.test(userAgent)
            ? "Chrome"
            : /Safari\//.test(userAgent)
              ? "Safari"
              : "Browser";
  const system = /iPhone/.test(userAgent)
    ? "iPhone"
    : /iPad/.test(userAgent)
      ? "iPad"
      : /Android/.test(userAgent)
        ? "Android"
        : /Mac OS X|Macintosh/.test(userAgent)
          ? "Mac"
          : /Windows/.test(userAgent)
            ? "Windows"
            : /CrOS/.test(userAgent)
              ? "ChromeOS"
              : /Linux/.test(userAgent)
                ? "Linux"
                : null;
  return system ? `${browser} on ${system}` : browser;
}
