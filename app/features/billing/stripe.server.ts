import Stripe from "stripe";
import { getEnv } from "~/utils/env.server";

let client: Stripe | undefined;

/** The Stripe SDK client, or null when Stripe is not configured. */
export function getStripe(): Stripe | null {
  const env = getEnv();
  if (!env.STRIPE_SECRET_KEY) return null;
  if (!client) {
    const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;
    client = new Stripe(env.STRIPE_SECRET_KEY, {
      maxNetworkRetries: 2,
      timeout: 15_000,
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
            protocol: base.protocol === "https:" ? "https" : "http",
          }
        : {}),
    });
  }
  return client;
}

/** Maps Stripe's many subscription states onto ours. */
export function toSubscriptionStatus(stripeStatus: string): "active" | "inactive" | "canceled" {
  if (stripeStatus === "active" || stripeStatus === "trialing") return "active";
  if (stripeStatus === "canceled" || stripeStatus === "incomplete_expired") return "canceled";
  return "inactive";
}
