import { eq, sql } from "drizzle-orm";
import { subscription, user } from "~/db/schema";
import type { SessionUser } from "~/features/auth/session.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { getStripe } from "./stripe.server";
import { isDomainError } from "~/utils/domain-error";

export const STRIPE_NOT_CONFIGURED = "Stripe is not configured. Please set up your Stripe keys in the environment variables.";

/** The Checkout page to send the user to, or why there is none (the status and the message shown). */
export type CheckoutOutcome = { ok: true; url: string } | { ok: false; status: number; error: string };

export type StartCheckoutOptions = { user: SessionUser };

/** Starts a Stripe Checkout for Pro, or answers why it cannot. */
export async function startCheckout({ user }: StartCheckoutOptions): Promise<CheckoutOutcome> {
  const env = getEnv();
  const stripe = getStripe();
  const refused = (status: number, error: string): CheckoutOutcome => ({ ok: false, status, error });
  if (!stripe) return refused(503, STRIPE_NOT_CONFIGURED);
  if (!env.STRIPE_PRICE_ID) return refused(503, "Product configuration error");
  if (user.plan.isPro) return refused(409, "You are already on the Pro plan.");
  try {
    await consumeRateLimit("checkoutByUser", user.id);
    const customer = await getOrCreateCustomer(user);
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      // The price is ours, never the browser's.
      line_items: [{ price: env.STRIPE_PRICE_ID, quantity: 1 }],
      success_url: `${env.appOrigin}/dashboard?success=true`,
      cancel_url: `${env.appOrigin}/pricing`,
      client_reference_id: user.id,
      metadata: { userId: user.id },
      subscription_data: { metadata: { userId: user.id } },
    });
    if (!session.url) return refused(502, "No checkout URL received");
    return { ok: true, url: session.url };
  } catch (error) {
    if (isDomainError(error, "rate_limited")) return refused(error.status, error.message);
    logger.error({ err: error, userId: user.id }, "checkout failed");
    return refused(502, "Failed to start checkout");
  }
}

/** One Stripe customer per user, created on first checkout and kept in `subscription`. */
async function getOrCreateCustomer(sessionUser: SessionUser) {
  const { db } = await getServices();
  const stripe = getStripe()!;
  const [existing] = await db.select({ customerId: subscription.stripeCustomerId }).from(subscription).where(eq(subscription.userId, sessionUser.id));
  if (existing?.customerId) return existing.customerId;

  const customer = await stripe.customers.create(
    { email: sessionUser.email, metadata: { userId: sessionUser.id } },
    // Two clicks at once create one customer.
    { idempotencyKey: `customer-${sessionUser.id}` },
  );
  const [row] = await db
    .insert(subscription)
    .values({ userId: sessionUser.id, stripeCustomerId: customer.id })
    .onConflictDoUpdate({
      target: subscription.userId,
      set: { stripeCustomerId: sql`coalesce(${subscription.stripeCustomerId}, excluded.stripe_customer_id)`, updatedAt: new Date() },
    })
    .returning({ customerId: subscription.stripeCustomerId });
  return row!.customerId!;
}

/** A Billing Portal session for the user's own customer; null when they never subscribed. */
export async function createPortalSession(userId: string): Promise<{ url?: string; error?: string }> {
  const stripe = getStripe();
  if (!stripe) return { error: STRIPE_NOT_CONFIGURED };
  const { db } = await getServices();
  const [row] = await db
    .select({ customerId: subscription.stripeCustomerId })
    .from(subscription)
    .innerJoin(user, eq(user.id, subscription.userId))
    .where(eq(subscription.userId, userId));
  if (!row?.customerId) return { error: "No billing account yet. Upgrade to Pro first." };
  const portal = await stripe.billingPortal.sessions.create({
    customer: row.customerId,
    return_url: `${getEnv().appOrigin}/settings`,
  });
  return { url: portal.url };
}
