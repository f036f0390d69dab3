// A local Stripe-compatible HTTP server for tests: the real `stripe` SDK talks to it through
// STRIPE_API_BASE. It keeps customers, checkout sessions and subscriptions in memory, serves a
// stand-in hosted checkout page, and delivers webhook events signed with the SDK's own helper.
import crypto from "node:crypto";
import http from "node:http";
import Stripe from "stripe";

const id = (prefix) => `${prefix}_${crypto.randomBytes(8).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

export async function startStripeStub({ webhookUrl, webhookSecret, priceId = "price_pro_monthly" } = {}) {
  const state = { customers: new Map(), sessions: new Map(), subscriptions: new Map(), portalSessions: [], requests: [] };
  const signer = new Stripe("sk_test_stub");

  function subscriptionFor(customer, status = "active") {
    const subscription = {
      id: id("sub"),
      object: "subscription",
      customer,
      status,
      cancel_at_period_end: false,
      created: now(),
      metadata: {},
      default_payment_method: { id: id("pm"), object: "payment_method", card: { brand: "visa", last4: "4242" } },
      items: { object: "list", data: [{ id: id("si"), price: { id: priceId }, current_period_end: now() + 30 * 86400 }] },
    };
    state.subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  function event(type, object, created = now()) {
    return { id: id("evt"), object: "event", type, created, data: { object }, livemode: false, api_version: null };
  }

  function sign(payload, secret = webhookSecret, timestamp) {
    return signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  }

  async function deliver(evt, { secret, timestamp } = {}) {
    const payload = JSON.stringify(evt);
    const response = await fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": sign(payload, secret, timestamp) },
      body: payload,
    });
    return { status: response.status, body: await response.text() };
  }

  /** Completes a checkout session like a customer paying: subscription + the events Stripe sends. */
  async function completeCheckout(sessionId) {
    const session = state.sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    const subscription = subscriptionFor(session.customer);
    subscription.metadata = session.subscription_data?.metadata ?? {};
    Object.assign(session, { status: "complete", payment_status: "paid", subscription: subscription.id });
    const results = [];
    results.push(
      await deliver(event("customer.subscription.created", { ...subscription, default_payment_method: subscription.default_payment_method.id })),
    );
    results.push(await deliver(event("checkout.session.completed", session)));
    return { session, subscription, results };
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, "http://stub");
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const body = Object.fromEntries(new URLSearchParams(raw));
    state.requests.push({ method: req.method, path: url.pathname, body });
    const json = (status, value) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(value));
    };
    const route = `${req.method} ${url.pathname}`;

    if (route === "POST /v1/customers") {
      const customer = { id: id("cus"), object: "customer", email: body.email ?? null, metadata: {} };
      state.customers.set(customer.id, customer);
      return json(200, customer);
    }
    if (route === "POST /v1/checkout/sessions") {
      if (body["line_items[0][price]"] !== priceId) return json(400, { error: { type: "invalid_request_error", message: "No such price" } });
      const session = {
        id: id("cs"),
        object: "checkout.session",
        mode: body.mode,
        customer: body.customer,
        client_reference_id: body.client_reference_id ?? null,
        metadata: { userId: body["metadata[userId]"] },
        subscription_data: { metadata: { userId: body["subscription_data[metadata][userId]"] } },
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        status: "open",
        payment_status: "unpaid",
        subscription: null,
        created: now(),
      };
      session.url = `http://${req.headers.host}/pay/${session.id}`;
      state.sessions.set(session.id, session);
      return json(200, session);
    }
    let match = /^\/v1\/customers\/([^/]+)$/.exec(url.pathname);
    if (match && req.method === "POST") {
      const customer = state.customers.get(match[1]);
      if (!customer) return json(404, { error: { type: "invalid_request_error", message: "No such customer" } });
      if (body.email) customer.email = body.email;
      return json(200, customer);
    }
    match = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (match) {
      const subscription = state.subscriptions.get(match[1]);
      if (!subscription) return json(404, { error: { type: "invalid_request_error", message: "No such subscription" } });
      if (req.method === "DELETE") {
        subscription.status = "canceled";
        return json(200, subscription);
      }
      return json(200, subscription);
    }
    if (route === "POST /v1/billing_portal/sessions") {
      const portal = {
        id: id("bps"),
        object: "billing_portal.session",
        customer: body.customer,
        return_url: body.return_url,
        url: `http://${req.headers.host}/portal/${body.customer}`,
      };
      state.portalSessions.push(portal);
      return json(200, portal);
    }
    // The stand-in hosted pages a browser visits.
    match = /^\/pay\/([^/]+)$/.exec(url.pathname);
    if (match && req.method === "GET") {
      const session = state.sessions.get(match[1]);
      res.writeHead(session ? 200 : 404, { "content-type": "text/html" });
      return res.end(
        session
          ? `<!doctype html><title>Stripe Checkout (test)</title><h1>Pay LeadQR Pro</h1><form method="post"><button>Pay $29.99</button></form>`
          : "not found",
      );
    }
    if (match && req.method === "POST") {
      const { session } = await completeCheckout(match[1]);
      res.writeHead(303, { location: session.success_url });
      return res.end();
    }
    match = /^\/portal\/([^/]+)$/.exec(url.pathname);
    if (match) {
      res.writeHead(200, { "content-type": "text/html" });
      return res.end(`<!doctype html><title>Billing portal (test)</title><h1>Manage your LeadQR subscription</h1>`);
    }
    json(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${route})` } });
  });

  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    priceId,
    state,
    event,
    sign,
    deliver,
    completeCheckout,
    subscriptionFor,
    setWebhookUrl(next) {
      webhookUrl = next;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
