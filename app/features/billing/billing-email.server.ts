// The Stripe customer's email, kept equal to the account's.
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { subscription } from "~/db/schema";
import { logger } from "~/utils/logger.server";
import { getStripe } from "./stripe.server";

export type UpdateBillingEmailOptions = { userId: string; email: string };

/** Stripe's receipts follow the account's email; a failure here must not undo the change. */
export async function updateBillingEmail(db: Database, { userId, email }: UpdateBillingEmailOptions) {
  const stripe = getStripe();
  if (!stripe) return;
  const [row] = await db.select({ customerId: subscription.stripeCustomerId }).from(subscription).where(eq(subscription.userId, userId));
  if (!row?.customerId) return;
  await stripe.customers
    .update(row.customerId, { email })
    .catch((error) => logger.error({ err: error, userId }, "Stripe customer email not updated"));
}
