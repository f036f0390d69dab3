// The webhook event catalogue and payload envelope: pure, safe in the browser.
// Rules: docs/features/webhooks-and-api.md ("Delivery").

/**
 * Events an endpoint may subscribe to: the triggers an automation tool offers first, then the
 * older change events (`lead.redeemed`, `lead.consent_changed`), kept for the endpoints that use them.
 */
export const WEBHOOK_EVENT_TYPES = [
  "lead.created",
  "lead.confirmed",
  "offer.redeemed",
  "lead.redeemed",
  "lead.consent_changed",
  "campaign.updated",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent only by "Send test event", to the one endpoint being tested. */
export const TEST_EVENT_TYPE = "webhook.test";

export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "lead.created": "A visitor left their details on a capture page",
  "lead.confirmed": "A lead confirmed their email address (double opt-in)",
  "offer.redeemed": "An offer code was redeemed at the counter",
  "lead.redeemed": "A lead's offer code was redeemed at the counter (the older shape of offer.redeemed)",
  "lead.consent_changed": "A lead confirmed or withdrew consent",
  "campaign.updated": "A campaign was edited, paused or activated",
};

/** Bumped only for breaking changes to payloads; receivers can branch on it. */
export const WEBHOOK_PAYLOAD_VERSION = 1;

export type WebhookPayload = {
  id: string;
  type: string;
  version: number;
  timestamp: string;
  data: Record<string, unknown>;
};

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** Attempt `n` failed: wait before attempt n+1. Doubling from a minute, capped at six hours. */
export function webhookBackoffMs(attempt: number, baseMs = 60_000, maxMs = 6 * 60 * 60_000) {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

/** With these defaults the retries of one delivery span about 26.5 hours: at least 24 h, so a receiver down for a day still gets it. */
export const WEBHOOK_MAX_ATTEMPTS = 13;

/**
 * Why an endpoint stopped after its receiver answered 410 Gone, as the owner reads it: the REST
 * hook convention for "unsubscribe me" (an automation tool whose flow was turned off or deleted).
 */
export const WEBHOOK_GONE_REASON = "Unsubscribed: the receiver answered 410 Gone, so nothing more is sent to it";

/** Consecutive failed attempts (across deliveries) after which an endpoint is paused and its owner emailed. */
export const WEBHOOK_PAUSE_AFTER_FAILURES = 10;
