export const FREE_CAMPAIGN_LIMIT = 1;
export const FREE_SCAN_LIMIT = 5;
/** Free owners see (and export) this many leads unmasked, oldest first. */
export const FREE_VISIBLE_LEADS = FREE_SCAN_LIMIT;
export const PRO_PRICE_USD = 29.99;

export const PRO_PLAN = {
  name: "LeadQR Pro",
  description: "Unlimited Campaigns | Unlimited QR Scans | AI-Generated Copy | Advanced Analytics | Priority Support | Custom Branding | CSV Export",
  mode: "subscription",
  price: PRO_PRICE_USD,
} as const;

export type SubscriptionStatus = "active" | "inactive" | "canceled";

export type Plan = { isPro: boolean; name: string };

/**
 * The one rule for Pro (DESIGN decision 1): an active subscription or an admin grant.
 * Every limit, mask and badge asks this.
 */
export function resolvePlan(input: {
  adminGrant: boolean;
  subscriptionStatus: SubscriptionStatus | null;
  priceId: string | null;
  proPriceId: string | undefined;
}): Plan {
  const subscribed = input.subscriptionStatus === "active";
  const isPro = subscribed || input.adminGrant;
  if (subscribed && input.priceId && input.priceId === input.proPriceId) {
    return { isPro, name: PRO_PLAN.name };
  }
  return { isPro, name: isPro ? "Pro" : "Free" };
}
