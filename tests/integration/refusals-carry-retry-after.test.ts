// A page's 429 carries Retry-After through React Router's own request handler (decision 303): the
// route modules' data() headers reach the browser only through each route's `headers` export, so
// these requests go through the same server build the server runs, as a document and as `.data`.
process.env.WEBHOOKS_ALLOW_PRIVATE = "true";

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWebhookEndpoint, sendTestEvent } from "~/features/integrations/webhooks.server";
import { reserveCounterAttempt } from "~/features/redeem/counter.server";
import { consumeRateLimit, RATE_LIMITS } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { createUser } from "../support/factories";
import { ORIGIN } from "../support/http";

type Handler = (request: Request) => Promise<Response>;
let handle: Handler;
let closeVite: () => Promise<void>;

beforeAll(async () => {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true, hmr: false, watch: null }, appType: "custom", logLevel: "error" });
  const build = await vite.ssrLoadModule("virtual:react-router/server-build");
  const { createRequestHandler } = await import("react-router");
  const handler = createRequestHandler(build as never, "production");
  handle = (request) => handler(request, { cspNonce: "" } as never);
  closeVite = () => vite.close();
}, 120_000);
afterAll(() => closeVite?.());

const post = (path: string, cookie: string, form: Record<string, string>) =>
  handle(new Request(`${ORIGIN}${path}`, { method: "POST", headers: { cookie, origin: ORIGIN }, body: new URLSearchParams(form) }));

describe("a refused page request carries Retry-After", () => {
  it("on the webhook page, for Send test event and Resend, with and without JavaScript", async () => {
    const owner = await createUser({ isPro: true });
    const { db } = await getServices();
    const endpoint = await createWebhookEndpoint(db, { userId: owner.id, url: "https://127.0.0.1:8443/hook", events: ["lead.created"] });
    const scope = { userId: owner.id, endpointId: endpoint.id };
    for (let i = 0; i < RATE_LIMITS.webhookManualSendByUser.points; i++) await sendTestEvent(db, scope);
    const page = `/settings/integrations/webhooks/${endpoint.id}`;
    const [delivery] = await db.query.webhookDelivery.findMany({ where: (row, { eq }) => eq(row.endpointId, endpoint.id), limit: 1 });
    const forms: Array<Record<string, string>> = [{ intent: "test" }, { intent: "resend", deliveryId: delivery!.id }];
    for (const form of forms) {
      for (const path of [page, `${page}.data`]) {
        const refused = await post(path, owner.cookie, form);
        expect({ path, intent: form.intent, status: refused.status }).toEqual({ path, intent: form.intent, status: 429 });
        expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
        await refused.arrayBuffer();
      }
    }
  });

  it("at the counter, once a guesser's budget is spent", async () => {
    const owner = await createUser();
    const budget = { actor: { userId: owner.id, campaignId: null, staffAccessId: null, label: "Owner" }, clientAddress: "unknown" };
    for (let i = 0; i < RATE_LIMITS.redeemMissByActor.points; i++) await reserveCounterAttempt(budget);
    for (const path of ["/redeem?code=AAAA-BBBB", "/redeem.data?code=AAAA-BBBB"]) {
      const refused = await handle(new Request(`${ORIGIN}${path}`, { headers: { cookie: owner.cookie } }));
      expect({ path, status: refused.status }).toEqual({ path, status: 429 });
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(refused.headers.get("Cache-Control")).toBe("no-store");
      await refused.arrayBuffer();
    }
  });

  it("on the sign-in page, once an address's attempts are spent", async () => {
    const address = "203.0.113.231";
    for (let i = 0; i < RATE_LIMITS.signInByAddress.points; i++) await consumeRateLimit("signInByAddress", address);
    const form = new URLSearchParams({ email: "someone@example.com", password: "not-the-password" });
    for (const path of ["/signin", "/signin.data"]) {
      const refused = await handle(
        new Request(`${ORIGIN}${path}`, { method: "POST", headers: { origin: ORIGIN, "x-leadqr-client-ip": address }, body: form }),
      );
      expect({ path, status: refused.status }).toEqual({ path, status: 429 });
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      await refused.arrayBuffer();
    }
  });
});
