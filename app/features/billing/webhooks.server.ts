/* eslint-disable no-restricted-syntax -- Stripe's signature covers the raw body, read from the request. */
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { stripeEvent, subscription, user } from "~/db/schema";
import { enqueueEmail } from "~/features/email/outbox.server";
import { emailLanguageColumn, recipientLanguage } from "~/features/email/recipient-language.server";
import { proWelcomeEmail } from "~/features/email/lead-emails";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { getServices } from "~/utils/services.server";
import { getStripe, toSubscriptionStatus } from "./stripe.server";

type SubscriptionState = {
  customerId: string;
  subscriptionId: string;
  status: "active" | "inactive" | "canceled";
  priceId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  cardBrand: string | null;
  cardLast4: string | null;
  userIdHint: string | null;
};

const text = (body: string, status: number) => new Response(body, { status, headers: { "Content-Type": "text/plain" } });

/**
 * Verifies and applies one Stripe webhook delivery. 400 for a bad signature (Stripe stops), 5xx
 * when we cannot apply it now (Stripe retries), 200 once applied or already applied.
 */
export async function handleStripeWebhook(request: Request): Promise<Response> {
  const stripe = getStripe();
  const secret = getEnv().STRIPE_WEBHOOK_SECRET;
  if (!stripe || !secret) return text("Stripe webhooks are not configured", 503);
  const signature = request.headers.get("stripe-signature");
  if (!signature) return text("Missing signature", 400);

  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(await request.text(), signature, secret);
  } catch {
    return text("Invalid signature", 400);
  }

  try {
    await applyStripeEvent(event);
    return text("ok", 200);
  } catch (error) {
    logger.error({ err: error, eventId: event.id, type: event.type }, "stripe event not applied; Stripe will retry");
    return text("Temporarily unable to process the event", 503);
  }
}

export async function applyStripeEvent(event: Stripe.Event) {
  // Read what the event is about before the transaction: it may call Stripe.
  const state = await subscriptionStateOf(event);
  const eventTime = new Date(event.created * 1000);
  const { db } = await getServices();

  await db.transaction(async (tx) => {
    const fresh = await tx.insert(stripeEvent).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvent.id });
    if (fresh.length === 0 || !state) return;

    const owner = await findOwner(tx, state);
    if (!owner) {
      logger.warn({ eventId: event.id, customer: state.customerId }, "stripe event for an unknown customer");
      return;
    }
    const [current] = await tx.select().from(subscription).where(eq(subscription.userId, owner.id)).for("update");
    // Deliveries come in any order: an older event never overwrites a newer state, and a
    // canceled subscription never comes back to life.
    if (current?.stripeStateAt && eventTime < current.stripeStateAt) return;
    if (current?.stripeSubscriptionId === state.subscriptionId && current.status === "canceled" && state.status !== "canceled") return;

    const values = {
      status: state.status,
      stripeCustomerId: state.customerId,
      stripeSubscriptionId: state.subscriptionId,
      priceId: state.priceId,
      currentPeriodEnd: state.currentPeriodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      ...(state.cardLast4 ? { paymentMethodBrand: state.cardBrand, paymentMethodLast4: state.cardLast4 } : {}),
      stripeStateAt: eventTime,
      updatedAt: new Date(),
    };
    const sendWelcome = state.status === "active" && !current?.proWelcomeSentAt;
    if (current) {
      await tx
        .update(subscription)
        .set({ ...values, ...(sendWelcome ? { proWelcomeSentAt: new Date() } : {}) })
        .where(eq(subscription.userId, owner.id));
    } else {
      await tx.insert(subscription).values({ userId: owner.id, ...values, ...(sendWelcome ? { proWelcomeSentAt: new Date() } : {}) });
    }
    if (sendWelcome) {
      await enqueueEmail(tx, {
        kind: "pro_welcome",
        to: owner.email,
        content: proWelcomeEmail(getEnv().appOrigin, recipientLanguage(owner.language)),
      });
    }
  });
}

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof getServices>>["db"]["transaction"]>[0]>[0];

async function findOwner(tx: Tx, state: SubscriptionState) {
  const [byCustomer] = await tx
    .select({ id: user.id, email: user.email, language: emailLanguageColumn })
    .from(subscription)
    .innerJoin(user, eq(user.id, subscription.userId))
    .where(eq(subscription.stripeCustomerId, state.customerId));
  if (byCustomer) return byCustomer;
  if (!state.userIdHint) return null;
  const [byId] = await tx.select({ id: user.id, email: user.email, language: emailLanguageColumn }).from(user).where(eq(user.id, state.userIdHint));
  return byId ?? null;
}

async function subscriptionStateOf(event: Stripe.Event): Promise<SubscriptionState | null> {
  switch (event.type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return fromSubscription(event.data.object);
    case "checkout.session.completed": {
      const session = event.data.object;
      if (session.mode !== "subscription" || !session.subscription) return null;
      const subscriptionId = typeof session.subscription === "string" ? session.subscription : session.subscription.id;
      const state = fromSubscription(await retrieveSubscription(subscriptionId));
      return { ...state, userIdHint: state.userIdHint ?? session.client_reference_id ?? null };
    }
    case "invoice.payment_failed": {
      const invoice = event.data.object as Stripe.Invoice & { subscription?: string | { id: string } | null };
      const ref = invoice.parent?.subscription_details?.subscription ?? invoice.subscription;
      if (!ref) return null;
      return fromSubscription(await retrieveSubscription(typeof ref === "string" ? ref : ref.id));
    }
    default:
      return null;
  }
}

function retrieveSubscription(id: string) {
  return getStripe()!.subscriptions.retrieve(id, { expand: ["default_payment_method"] });
}

function fromSubscription(object: Stripe.Subscription): SubscriptionState {
  const item = object.items?.data?.[0] as (Stripe.SubscriptionItem & { current_period_end?: number }) | undefined;
  const periodEnd = item?.current_period_end ?? (object as unknown as { current_period_end?: number }).current_period_end;
  const paymentMethod = typeof object.default_payment_method === "object" ? object.default_payment_method : null;
  return {
    customerId: typeof object.customer === "string" ? object.customer : object.customer.id,
    subscriptionId: object.id,
    status: toSubscriptionStatus(object.status),
    priceId: item?.price?.id ?? null,
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    cancelAtPeriodEnd: Boolean(object.cancel_at_period_end),
    cardBrand: paymentMethod?.card?.brand ?? null,
    cardLast4: paymentMethod?.card?.last4 ?? null,
    userIdHint: object.metadata?.userId ?? null,
  };
}
