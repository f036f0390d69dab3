// Rules: docs/features/domains.md ("What a name serves").
import { and, eq, inArray } from "drizzle-orm";
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

/**
 * The account a name currently serves: a verified domain, or one whose records
 * broke (its printed codes keep opening while the owner is warned). A pending, expired or removed
 * name, or one whose account is gone, serves nobody. One row at most: the unique index on
 * verified and broken names.
 */
export async function findServingDomain(db: Database, hostname: string): Promise<{ userId: string; broken: boolean } | null> {
  const [row] = await db
    .select({ userId: customDomain.userId, state: customDomain.state })
    .from(customDomain)
    .where(and(eq(customDomain.hostname, hostname), inArray(customDomain.state, ["verified", "broken"])));
  return row ? { userId: row.userId, broken: row.state === "broken" } : null;
}
