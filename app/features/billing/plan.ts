// Rules: docs/features/domains.md ("White label", "Verified by TXT and CNAME").
import type { BadgeColor } from "~/components/ui/badge";

export const FREE_CAMPAIGN_LIMIT = 1;
export const FREE_SCAN_LIMIT = 5;
/** Free owners see (and export) this many leads unmasked, oldest first. */
export const FREE_VISIBLE_LEADS = FREE_SCAN_LIMIT;
export const PRO_PRICE_USD = 29.99;

/** The pricing and settings wording of the free plan, built from the limits themselves. */
export const FREE_PLAN_LIMITS_TEXT = `Limited to ${FREE_CAMPAIGN_LIMIT} campaign and ${FREE_SCAN_LIMIT} scans`;
/** The campaign limit, as the banner and the server's refusal say it. */
export const CAMPAIGN_LIMIT_TEXT = `Free accounts are limited to ${FREE_CAMPAIGN_LIMIT} campaign.`;

export const PRO_PLAN = {
  name: "LeadQR Pro",
  description: "Unlimited Campaigns | Unlimited QR Scans | AI-Generated Copy | Advanced Analytics | Priority Support | Custom Branding | CSV Export",
  mode: "subscription",
  price: PRO_PRICE_USD,
} as const;

export type SubscriptionStatus = "active" | "inactive" | "canceled";

export const SUBSCRIPTION_STATUS_COLOR: Record<SubscriptionStatus, BadgeColor> = { active: "green", inactive: "gray", canceled: "red" };

/** `whiteLabel`: Enterprise, whose visitors never see the LeadQR name. */
export type Plan = { isPro: boolean; name: string; whiteLabel?: boolean };

export const ENTERPRISE_PLAN_NAME = "Enterprise";

/**
 * The one rule for Pro: an active subscription or an admin grant.
 * Every limit, mask and badge asks this.
 */
export function resolvePlan(input: {
  adminGrant: boolean;
  /** An admin's Enterprise grant: Pro's limits, without our name before visitors. */
  enterprise?: boolean;
  subscriptionStatus: SubscriptionStatus | null;
  priceId: string | null;
  proPriceId: string | undefined;
}): Plan {
  if (input.enterprise) return { isPro: true, name: ENTERPRISE_PLAN_NAME, whiteLabel: true };
  const subscribed = input.subscriptionStatus === "active";
  const isPro = subscribed || input.adminGrant;
  if (subscribed && input.priceId && input.priceId === input.proPriceId) {
    return { isPro, name: PRO_PLAN.name };
  }
  return { isPro, name: isPro ? "Pro" : "Free" };
}

/** Whether the button and the wizard are offered; `createCampaign` enforces the same limit atomically. */
export function canCreateCampaign(plan: Pick<Plan, "isPro">, campaignCount: number) {
  return plan.isPro || campaignCount < FREE_CAMPAIGN_LIMIT;
}

/** Scans as an owner sees them: "count / limit" on the free plan, the count alone on Pro. */
export function scanUsageLabel(scans: number, options: { isPro: boolean; limit?: number }) {
  return options.isPro ? String(scans) : `${scans} / ${options.limit ?? FREE_SCAN_LIMIT}`;
}

/** Domains an account may point at us; the plans that include them. */
export const CUSTOM_DOMAINS_PER_ACCOUNT = 1;

/** What an admin can grant an account by hand (Admin → Subscription Management), whatever Stripe says. */
export const PLAN_GRANTS = ["free", "pro", "enterprise"] as const;
export type PlanGrant = (typeof PLAN_GRANTS)[number];

/** Each grant's name, as the admin's plan control shows it (what it means is on the owner catalogue, `admin`). */
export const PLAN_GRANT_MEANINGS: Record<PlanGrant, { label: string }> = {
  free: { label: "Free" },
  pro: { label: "Pro" },
  enterprise: { label: "Enterprise" },
};

/** The grant an account's two stored flags stand for (Enterprise includes Pro). */
export function planGrantOf(row: { isPro: boolean; isEnterprise: boolean }): PlanGrant {
  return row.isEnterprise ? "enterprise" : row.isPro ? "pro" : "free";
}

/** Whether new codes may use the owner's own domain and Caddy may get its certificate. */
export function planIncludesCustomDomains(plan: Pick<Plan, "isPro">) {
  return plan.isPro;
}
