import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getSessionUser } from "~/features/auth/session.server";
import * as portalRoute from "~/routes/billing.portal";
import * as pricing from "~/routes/pricing";
import * as webhook from "~/routes/webhooks.stripe";
import { getServices } from "~/utils/services.server";
import { startStripeStub } from "../support/stripe-stub.mjs";
import { createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { linkFromOutbox, openLink } from "../support/accounts-support";
import { DEFAULT_PASSWORD } from "../support/row-factories";

const WEBHOOK_SECRET = "whsec_integration_secret";
let stub: Awaited<ReturnType<typeof startStripeStub>>;

beforeAll(async () => {
  stub = await startStripeStub({ webhookSecret: WEBHOOK_SECRET });
  process.env.STRIPE_SECRET_KEY = "sk_test_integration";
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_PRICE_ID = stub.priceId;
  process.env.STRIPE_API_BASE = stub.url;
});
afterAll(() => stub.close());

function postEvent(event: object, options: { secret?: string; timestamp?: number; signature?: string } = {}) {
  const body = JSON.stringify(event);
  const signature = options.signature ?? stub.sign(body, options.secret ?? WEBHOOK_SECRET, options.timestamp);
  return callRoute(
    webhook.action,
    makeRequest("/webhooks/stripe", { method: "POST", body, headers: { "stripe-signature": signature, "content-type": "application/json" } }),
  );
}

async function subscriptionRow(userId: string) {
  const { db } = await getServices();
  const [row] = await db.select().from(schema.subscription).where(eq(schema.subscription.userId, userId));
  return row;
}

async function proWelcomes(email: string) {
  const { db } = await getServices();
  const rows = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, email));
  return rows.filter((row) => row.kind === "pro_welcome").length;
}

async function isPro(cookie: string) {
  return (await getSessionUser(makeRequest("/", { cookie })))!.plan;
}

/** Starts checkout through the pricing action and returns the stub's session. */
async function checkout(cookie: string) {
  const response = (await callRoute(pricing.action, makeRequest("/pricing", { method: "POST", cookie, form: {} }))).response!;
  expect(response.status).toBe(302);
  const sessionId = /\/pay\/(cs_[0-9a-f]+)$/.exec(response.headers.get("location")!)![1]!;
  return stub.state.sessions.get(sessionId)!;
}

describe("checkout", () => {
  it("creates one customer and a subscription session for the configured price, with our URLs", async () => {
    const owner = await createUser();
    const session = await checkout(owner.cookie);
    expect(session.mode).toBe("subscription");
    expect(session.success_url).toBe("http://localhost:3000/dashboard?success=true");
    expect(session.cancel_url).toBe("http://localhost:3000/pricing");
    expect(session.client_reference_id).toBe(owner.id);
    const again = await checkout(owner.cookie);
    expect(again.customer).toBe(session.customer);
    expect((await subscriptionRow(owner.id))?.stripeCustomerId).toBe(session.customer);
    expect((await subscriptionRow(owner.id))?.status).toBe("inactive");
  });

  it("grants nothing by landing on the success URL", async () => {
    const owner = await createUser();
    await checkout(owner.cookie);
    expect((await isPro(owner.cookie)).isPro).toBe(false);
  });

  it("requires a session", async () => {
    const result = (await callRoute(pricing.action, makeRequest("/pricing", { method: "POST", form: {} }))).response!;
    expect(result.headers.get("location")).toBe("/signin");
  });
});

describe("webhooks", () => {
  it("makes the user Pro after payment, stores the card and queues one Pro welcome", async () => {
    const owner = await createUser();
    const session = await checkout(owner.cookie);
    const subscription = stub.subscriptionFor(session.customer);
    Object.assign(session, { status: "complete", payment_status: "paid", subscription: subscription.id });
    const result = await postEvent(stub.event("checkout.session.completed", session));
    expect(result.status).toBe(200);
    const row = await subscriptionRow(owner.id);
    expect(row).toMatchObject({
      status: "active",
      priceId: stub.priceId,
      paymentMethodBrand: "visa",
      paymentMethodLast4: "4242",
      stripeSubscriptionId: subscription.id,
    });
    expect(row?.currentPeriodEnd?.getTime()).toBeGreaterThan(Date.now());
    expect(await isPro(owner.cookie)).toEqual({ isPro: true, name: "LeadQR Pro" });
    expect(await proWelcomes(owner.email)).toBe(1);

    // A renewal later does not send the welcome again.
    await postEvent(
      stub.event("customer.subscription.updated", { ...subscription, default_payment_method: "pm_x" }, Math.floor(Date.now() / 1000) + 5),
    );
    expect(await proWelcomes(owner.email)).toBe(1);
  });

  it("refuses forged and stale signatures and changes nothing", async () => {
    const owner = await createUser();
    const session = await checkout(owner.cookie);
    const subscription = stub.subscriptionFor(session.customer);
    const event = stub.event("customer.subscription.created", subscription);
    expect((await postEvent(event, { secret: "whsec_wrong" })).status).toBe(400);
    expect((await postEvent(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(400);
    expect((await postEvent(event, { signature: "t=1,v1=deadbeef" })).status).toBe(400);
    expect((await subscriptionRow(owner.id))?.status).toBe("inactive");
    const { db } = await getServices();
    expect(await db.select().from(schema.stripeEvent).where(eq(schema.stripeEvent.id, event.id))).toHaveLength(0);
  });

  it("applies the same event once, also when delivered concurrently", async () => {
    const owner = await createUser();
    const session = await checkout(owner.cookie);
    const event = stub.event("customer.subscription.created", stub.subscriptionFor(session.customer));
    const results = await Promise.all([postEvent(event), postEvent(event), postEvent(event)]);
    expect(results.map((answer) => answer.status)).toEqual([200, 200, 200]);
    await postEvent(event);
    expect(await proWelcomes(owner.email)).toBe(1);
    const { db } = await getServices();
    expect(await db.select().from(schema.stripeEvent).where(eq(schema.stripeEvent.id, event.id))).toHaveLength(1);
  });

  it("keeps a deleted subscription deleted when an older update arrives late", async () => {
    const owner = await createUser();
    const session = await checkout(owner.cookie);
    const subscription = stub.subscriptionFor(session.customer);
    const t = Math.floor(Date.now() / 1000);
    await postEvent(stub.event("customer.subscription.created", subscription, t - 100));
    await postEvent(stub.event("customer.subscription.deleted", { ...subscription, status: "canceled" }, t));
    await postEvent(stub.event("customer.subscription.updated", { ...subscription, status: "active" }, t - 50));
    expect((await subscriptionRow(owner.id))?.status).toBe("canceled");
    expect((await isPro(owner.cookie)).isPro).toBe(false);
    // Same second, wrong order: canceled still wins.
    await postEvent(stub.event("customer.subscription.updated", { ...subscription, status: "active" }, t));
    expect((await subscriptionRow(owner.id))?.status).toBe("canceled");
  });

  it("marks a failed payment inactive and cancel-at-period-end visible", async () => {
    const owner = await createUser();
    const session = await checkout(owner.cookie);
    const subscription = stub.subscriptionFor(session.customer);
    const t = Math.floor(Date.now() / 1000);
    await postEvent(stub.event("customer.subscription.created", subscription, t - 10));
    await postEvent(stub.event("customer.subscription.updated", { ...subscription, cancel_at_period_end: true }, t - 5));
    expect((await subscriptionRow(owner.id))?.cancelAtPeriodEnd).toBe(true);
    subscription.status = "past_due";
    await postEvent(
      stub.event("invoice.payment_failed", { id: "in_1", object: "invoice", customer: session.customer, subscription: subscription.id }, t),
    );
    expect((await subscriptionRow(owner.id))?.status).toBe("inactive");
    expect((await isPro(owner.cookie)).isPro).toBe(false);
  });

  it("keeps an admin's Pro grant when Stripe cancels", async () => {
    const owner = await createUser({ isPro: true });
    const session = await checkout(owner.cookie).catch(() => null);
    expect(session).toBeNull(); // already Pro: checkout refuses (409)
    const { db } = await getServices();
    await db.insert(schema.subscription).values({ userId: owner.id, stripeCustomerId: "cus_admin_grant", status: "active" });
    const subscription = stub.subscriptionFor("cus_admin_grant", "canceled");
    await postEvent(stub.event("customer.subscription.deleted", subscription));
    expect((await subscriptionRow(owner.id))?.status).toBe("canceled");
    expect(await isPro(owner.cookie)).toEqual({ isPro: true, name: "Pro" });
  });

  it("answers 503 while the database cannot apply the event, then applies it once on redelivery", async () => {
    const owner = await createUser();
    const session = await checkout(owner.cookie);
    const event = stub.event("customer.subscription.created", stub.subscriptionFor(session.customer));
    const { db } = await getServices();
    await db.execute(sql`alter table stripe_event rename to stripe_event_offline`);
    try {
      expect((await postEvent(event)).status).toBe(503);
    } finally {
      await db.execute(sql`alter table stripe_event_offline rename to stripe_event`);
    }
    expect((await subscriptionRow(owner.id))?.status).toBe("inactive");
    expect((await postEvent(event)).status).toBe(200);
    expect((await postEvent(event)).status).toBe(200);
    expect((await subscriptionRow(owner.id))?.status).toBe("active");
    expect(await proWelcomes(owner.email)).toBe(1);
  });
});

describe("billing portal", () => {
  it("opens a portal session for the user's own customer", async () => {
    const owner = await createUser();
    const session = await checkout(owner.cookie);
    const response = (await callRoute(portalRoute.action, makeRequest("/billing/portal", { method: "POST", cookie: owner.cookie, form: {} })))
      .response!;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain(`/portal/${session.customer}`);
    expect(stub.state.portalSessions.at(-1)?.return_url).toBe("http://localhost:3000/settings");
  });

  it("refuses a user who never subscribed", async () => {
    const owner = await createUser();
    const response = (await callRoute(portalRoute.action, makeRequest("/billing/portal", { method: "POST", cookie: owner.cookie, form: {} })))
      .response!;
    expect(response.status).toBe(409);
  });
});

it("pricing reports the checkout message when already Pro", async () => {
  const owner = await createUser({ isPro: true });
  const result = await callRoute(pricing.action, makeRequest("/pricing", { method: "POST", cookie: owner.cookie, form: {} }));
  expect(result.status).toBe(409);
  expect(result.data.error).toBe("You are already on the Pro plan.");
});

it("account deletion cancels the Stripe subscription first", async () => {
  const settings = await import("~/routes/settings");
  const owner = await createUser();
  const session = await checkout(owner.cookie);
  const subscription = stub.subscriptionFor(session.customer);
  await postEvent(stub.event("customer.subscription.created", subscription));
  const response = (
    await callRoute(settings.action, makeRequest("/settings", { cookie: owner.cookie, form: { intent: "delete", confirmation: "DELETE" } }))
  ).response!;
  expect(response.headers.get("location")).toBe("/");
  expect(stub.state.subscriptions.get(subscription.id).status).toBe("canceled");
  expect(await subscriptionRow(owner.id)).toBeUndefined();
});

it("an email change is passed on to the Stripe customer", async () => {
  const settings = await import("~/routes/settings");
  const owner = await createUser();
  const session = await checkout(owner.cookie);
  const next = `billing-${Date.now()}@example.com`;
  const result = await callRoute(
    settings.action,
    makeRequest("/settings", { cookie: owner.cookie, form: { intent: "profile", email: next, currentPassword: DEFAULT_PASSWORD } }),
  );
  expect(result.data.message).toBe(`We sent a confirmation link to ${next}. Your email changes when you open it.`);
  expect(stub.state.customers.get(session.customer).email).not.toBe(next);
  // The customer follows once the new address confirms.
  await openLink(await linkFromOutbox("email_change_confirm", next), owner.cookie);
  expect(stub.state.customers.get(session.customer).email).toBe(next);
});
