/* Types for the Stripe stand-in used by tests (the implementation is plain JS so the e2e server can load it). */
type StubEvent = { id: string; object: "event"; type: string; created: number; data: { object: any } };
type StubSession = Record<string, any> & {
  id: string;
  customer: string;
  success_url: string;
  cancel_url: string;
  mode: string;
  client_reference_id: string | null;
};
export function startStripeStub(options?: { webhookUrl?: string; webhookSecret?: string; priceId?: string }): Promise<{
  url: string;
  priceId: string;
  state: {
    customers: Map<string, any>;
    sessions: Map<string, StubSession>;
    subscriptions: Map<string, any>;
    portalSessions: Array<{ customer: string; return_url: string; url: string }>;
    requests: Array<{ method: string; path: string; body: Record<string, string> }>;
  };
  event(type: string, object: any, created?: number): StubEvent;
  sign(payload: string, secret?: string, timestamp?: number): string;
  deliver(event: StubEvent, options?: { secret?: string; timestamp?: number }): Promise<{ status: number; body: string }>;
  completeCheckout(sessionId: string): Promise<{ session: StubSession; subscription: any }>;
  subscriptionFor(customer: string, status?: string): any;
  setWebhookUrl(url: string): void;
  close(): Promise<void>;
}>;
