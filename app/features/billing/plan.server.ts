import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { subscription, user } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { resolvePlan, type Plan, type SubscriptionStatus } from "./plan";

/**
 * The one plan lookup: select `PLAN_COLUMNS` from a query that has `user` and left-joins
 * `subscription` on `SUBSCRIPTION_OF_USER`, then pass the row to `planOfRow`.
 */
export const PLAN_COLUMNS = {
  adminGrant: user.isPro,
  enterprise: user.isEnterprise,
  subscriptionStatus: subscription.status,
  priceId: subscription.priceId,
};
export const SUBSCRIPTION_OF_USER = eq(subscription.userId, user.id);

export type PlanRow = { adminGrant: boolean; enterprise?: boolean; subscriptionStatus: SubscriptionStatus | null; priceId: string | null };

export function planOfRow(row: PlanRow, proPriceId: string | undefined = getEnv().STRIPE_PRICE_ID): Plan {
  return resolvePlan({
    adminGrant: row.adminGrant,
    enterprise: row.enterprise ?? false,
    subscriptionStatus: row.subscriptionStatus,
    priceId: row.priceId,
    proPriceId,
  });
}

export type GetPlanOfUserOptions = { userId: string };

/** The plan of any user (e.g. a campaign's owner). */
export async function getPlanOfUser(db: Database, { userId }: GetPlanOfUserOptions): Promise<Plan> {
  const [row] = await db.select(PLAN_COLUMNS).from(user).leftJoin(subscription, SUBSCRIPTION_OF_USER).where(eq(user.id, userId));
  return planOfRow(row ?? { adminGrant: false, subscriptionStatus: null, priceId: null });
}
