/* Types for the Web Push service stand-in (plain JS so the e2e server can load it). */
type Subscription = { endpoint: string; keys: { p256dh: string; auth: string } };
type Push = { text: string; json: { title: string; body: string; url: string | null } | null; at: number; ttl: number; urgency: string };
export function startPushStandIn(): Promise<{
  origin: string;
  subscribe(): Subscription;
  messages(endpoint: string): Push[];
  vapidKeys(endpoint: string): string[];
  answerWith(endpoint: string, status: 201 | 404 | 410 | 429, retryAfter?: number): void;
  close(): Promise<void>;
}>;
