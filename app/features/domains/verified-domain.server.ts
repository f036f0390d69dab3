import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customDomain, subscription, user } from "~/db/schema";
import { planIncludesCustomDomains } from "~/features/billing/plan";
import { PLAN_COLUMNS, planOfRow, SUBSCRIPTION_OF_USER } from "~/features/billing/plan.server";

export type VerifiedDomain = { userId: string; hostname: string; planIncludesDomains: boolean };

/** The verified domain of an account, or the account of a verified name, with whether its plan includes domains. */
export async function findVerifiedDomain(db: Database, by: { userId: string } | { hostname: string }): Promise<VerifiedDomain | null> {
  const [row] = await db
    .select({ userId: customDomain.userId, hostname: customDomain.hostname, ...PLAN_COLUMNS })
    .from(customDomain)
    .innerJoin(user, eq(user.id, customDomain.userId))
    .leftJoin(subscription, SUBSCRIPTION_OF_USER)
    .where(and("userId" in by ? eq(customDomain.userId, by.userId) : eq(customDomain.hostname, by.hostname), eq(customDomain.state, "verified")));
  return row ? { userId: row.userId, hostname: row.hostname, planIncludesDomains: planIncludesCustomDomains(planOfRow(row)) } : null;
}
