import { startStripeStub } from "../../support/stripe-stub.mjs";

export async function start() {
  const webhookSecret = "whsec_e2e_stub_secret";
  const stub = await startStripeStub({ webhookUrl: `${process.env.APP_URL}/webhooks/stripe`, webhookSecret });
  return {
    STRIPE_SECRET_KEY: "sk_test_e2e_stub",
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_ID: stub.priceId,
    STRIPE_API_BASE: stub.url,
  };
}
