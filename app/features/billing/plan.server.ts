import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { subscription, user } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { resolvePlan, type Plan } from "./plan";

/** The plan of any user (e.g. a campaign's owner), by the one rule of `resolvePlan`. */
export async function getPlanOfUser(db: Database, userId: string): Promise<Plan> {
  const [row] = await db
    .select({ isPro: user.isPro, status: subscription.status, priceId: subscription.priceId })
    .from(user)
    .leftJoin(subscription, eq(subscription.userId, user.id))
    .where(eq(user.id, userId));
  return resolvePlan({
    adminGrant: row?.isPro ?? false,
    subscriptionStatus: row?.status ?? null,
    priceId: row?.priceId ?? null,
    proPriceId: getEnv().STRIPE_PRICE_ID,
  });
}
