import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { subscription, user } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import type { Plan } from "./plan";
import { getStripe } from "./stripe.server";
import { refused, words, wordsIn } from "~/features/languages/owner/refusals";
import { DomainError } from "~/utils/domain-error";

export const STRIPE_NOT_CONFIGURED = wordsIn(words("billing.stripeNotConfigured"));
/** Said after the refusal on a server without payments: how its operator lifts an account's limits anyway. */
export const LIFT_LIMITS_WITHOUT_STRIPE =
  "Running LeadQR without Stripe? An admin can lift the limits by hand: Admin → Subscriptions → set the account's plan to Pro.";

/** The signed-in buyer: what checkout reads of the session's user. */
export type CheckoutUser = { id: string; email: string; plan: Plan };

export type StartCheckoutOptions = { user: CheckoutUser };

/**
 * Starts a Stripe Checkout for Pro and returns the page to send the user to; refuses with a
 * DomainError (not configured, already Pro, rate limited, Stripe failed) whose message is shown.
 */
export async function startCheckout(db: Database, { user }: StartCheckoutOptions): Promise<{ url: string }> {
  const env = getEnv();
  const stripe = getStripe();
  if (!stripe) throw refused("not_configured", "billing.stripeNotConfigured");
  if (!env.STRIPE_PRICE_ID) throw refused("not_configured", "billing.productConfiguration");
  if (user.plan.isPro) throw refused("already_pro", "billing.alreadyPro");
  try {
    await consumeRateLimit("checkoutByUser", user.id);
    const customer = await getOrCreateCustomer(db, user);
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
    if (!session.url) throw refused("provider_failed", "billing.noCheckoutUrl");
    return { url: session.url };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    logger.error({ err: error, userId: user.id }, "checkout failed");
    throw refused("provider_failed", "billing.checkoutFailed");
  }
}

/** One Stripe customer per user, created on first checkout and kept in `subscription`. */
async function getOrCreateCustomer(db: Database, sessionUser: CheckoutUser) {
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

export type CreatePortalSessionOptions = { userId: string };

/** The Billing Portal page of the user's own customer, or why there is none (never subscribed, no Stripe). */
export type PortalOutcome = { ok: true; url: string } | { ok: false; error: string };

export async function createPortalSession(db: Database, { userId }: CreatePortalSessionOptions): Promise<PortalOutcome> {
  const stripe = getStripe();
  if (!stripe) return { ok: false, error: STRIPE_NOT_CONFIGURED };
  const [row] = await db
    .select({ customerId: subscription.stripeCustomerId })
    .from(subscription)
    .innerJoin(user, eq(user.id, subscription.userId))
    .where(eq(subscription.userId, userId));
  if (!row?.customerId) return { ok: false, error: "No billing account yet. Upgrade to Pro first." };
  const portal = await stripe.billingPortal.sessions.create({
    customer: row.customerId,
    return_url: `${getEnv().appOrigin}/settings`,
  });
  return { ok: true, url: portal.url };
}
