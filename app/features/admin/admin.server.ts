// Rules: docs/features/domains.md ("White label").
import { and, count, desc, eq, gte, ilike, inArray, isNull, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { blogPost, campaign, lead, subscription, user } from "~/db/schema";
import { planGrantOf, type PlanGrant, type SubscriptionStatus } from "~/features/billing/plan";
import { PLAN_COLUMNS, planOfRow, SUBSCRIPTION_OF_USER } from "~/features/billing/plan.server";
import { recordAdminAction } from "~/utils/audit.server";
import { PAGE_SIZE, pageOffset } from "~/utils/paging";
import { containsPattern } from "~/utils/text";
import type { ROLE_FILTERS, SUBSCRIPTION_FILTERS } from "./admin.schema";
import { campaignLeads, campaignScans } from "~/features/scans/scan-count.server";
import { leadMatches } from "~/features/leads/leads.server";

/** The overview's "new this week" counts look back this many days. */
const RECENT_DAYS = 7;

function recentSince(now: Date) {
  return new Date(now.getTime() - RECENT_DAYS * 24 * 60 * 60 * 1000);
}

export type GetAdminStatsOptions = { now?: Date };

export async function getAdminStats(db: Database, { now = new Date() }: GetAdminStatsOptions = {}) {
  const since = recentSince(now);
  const one = async (query: Promise<Array<{ value: number }>>) => (await query)[0]?.value ?? 0;
  const [users, campaigns, leads, blogPosts, subscriptions, newUsers, newCampaigns] = await Promise.all([
    one(db.select({ value: count() }).from(user)),
    one(db.select({ value: count() }).from(campaign)),
    one(db.select({ value: count() }).from(lead)),
    one(db.select({ value: count() }).from(blogPost)),
    one(db.select({ value: count() }).from(subscription)),
    one(db.select({ value: count() }).from(user).where(gte(user.createdAt, since))),
    one(db.select({ value: count() }).from(campaign).where(gte(campaign.createdAt, since))),
  ]);
  return { users, campaigns, leads, blogPosts, subscriptions, newUsers, newCampaigns };
}

/** Admin by role, or by ADMIN_EMAILS (as the session decides). */
function isEffectiveAdmin(adminEmails: string[]) {
  return adminEmails.length ? or(eq(user.role, "admin"), inArray(user.email, adminEmails))! : eq(user.role, "admin");
}

export type ListUsersOptions = {
  adminEmails: string[];
  proPriceId: string | undefined;
  q: string;
  role: (typeof ROLE_FILTERS)[number];
  page: number;
};

/** Users with their role and plan (the same plan Subscription Management shows, from `planOfRow`). */
export async function listUsers(db: Database, { adminEmails, proPriceId, q, role, page }: ListUsersOptions) {
  const conditions: SQL[] = [];
  if (q) conditions.push(ilike(user.email, containsPattern(q)));
  if (role === "admin") conditions.push(isEffectiveAdmin(adminEmails));
  if (role === "user") {
    conditions.push(ne(user.role, "admin"));
    if (adminEmails.length) conditions.push(notInArray(user.email, adminEmails));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: user.id, email: user.email, role: user.role, createdAt: user.createdAt, ...PLAN_COLUMNS })
      .from(user)
      .leftJoin(subscription, SUBSCRIPTION_OF_USER)
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ value: count() }).from(user).where(where),
  ]);
  return {
    rows: rows.map(({ adminGrant, enterprise, subscriptionStatus, priceId, ...row }) => ({
      ...row,
      plan: planOfRow({ adminGrant, enterprise, subscriptionStatus, priceId }, proPriceId).name,
      isConfiguredAdmin: adminEmails.includes(row.email.toLowerCase()),
    })),
    total: total?.value ?? 0,
  };
}

/** `actorId` is the admin acting; `userId` the account changed (as in every admin change below). */
export type ChangeUserRoleOptions = { actorId: string; adminEmails: string[]; userId: string; role: "user" | "admin" };

export type RoleChangeResult = { ok: true } | { ok: false; reason: "not_found" | "last_admin" | "configured_admin" };

/**
 * Sets a user's role. The admin rows are locked first, so two admins demoting each other at the
 * same time cannot leave the product without one. Only the role makes a session an admin, so only
 * the role counts here: an address in ADMIN_EMAILS that has not been verified is no admin yet.
 */
export async function changeUserRole(db: Database, { actorId, adminEmails, userId, role }: ChangeUserRoleOptions): Promise<RoleChangeResult> {
  return db.transaction(async (tx) => {
    const admins = await tx.select({ id: user.id }).from(user).where(eq(user.role, "admin")).for("update");
    const [target] = await tx.select({ id: user.id, email: user.email, role: user.role }).from(user).where(eq(user.id, userId)).for("update");
    if (!target) return { ok: false, reason: "not_found" } as const;
    if (role === "user") {
      if (adminEmails.includes(target.email.toLowerCase())) return { ok: false, reason: "configured_admin" } as const;
      if (!admins.some((admin) => admin.id !== target.id)) return { ok: false, reason: "last_admin" } as const;
    }
    if (target.role === role) return { ok: true } as const;
    await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, userId));
    await recordAdminAction(tx, {
      actorId,
      action: "user.set_role",
      target: `user:${userId}`,
      detail: { email: target.email, from: target.role, to: role },
    });
    return { ok: true } as const;
  });
}

export type ListSubscriptionsOptions = { proPriceId: string | undefined; q: string; status: (typeof SUBSCRIPTION_FILTERS)[number]; page: number };

/** Every user with their subscription, if any, so Pro can be granted to anyone. */
export async function listSubscriptions(db: Database, { proPriceId, q, status, page }: ListSubscriptionsOptions) {
  const conditions: SQL[] = [];
  if (q) conditions.push(or(ilike(user.email, containsPattern(q)), ilike(subscription.stripeCustomerId, containsPattern(q)))!);
  if (status === "none") conditions.push(isNull(subscription.userId));
  else if (status !== "all") conditions.push(eq(subscription.status, status));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: user.id,
        email: user.email,
        ...PLAN_COLUMNS,
        stripeCustomerId: subscription.stripeCustomerId,
        subscribedAt: subscription.createdAt,
      })
      .from(user)
      .leftJoin(subscription, SUBSCRIPTION_OF_USER)
      .where(where)
      .orderBy(sql`${subscription.createdAt} desc nulls last`, desc(user.createdAt), desc(user.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ value: count() }).from(user).leftJoin(subscription, SUBSCRIPTION_OF_USER).where(where),
  ]);
  return {
    rows: rows.map(({ adminGrant, enterprise, subscriptionStatus, priceId, ...row }) => ({
      ...row,
      grant: planGrantOf({ isPro: adminGrant, isEnterprise: enterprise ?? false }),
      status: subscriptionStatus,
      plan: planOfRow({ adminGrant, enterprise, subscriptionStatus, priceId }, proPriceId).name,
    })),
    total: total?.value ?? 0,
  };
}

export type SetSubscriptionStatusOptions = { actorId: string; userId: string; status: SubscriptionStatus };

/** False when the user has no subscription row to change. */
export async function setSubscriptionStatus(db: Database, { actorId, userId, status }: SetSubscriptionStatusOptions) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ status: subscription.status }).from(subscription).where(eq(subscription.userId, userId)).for("update");
    if (!before) return false;
    await tx.update(subscription).set({ status, updatedAt: new Date() }).where(eq(subscription.userId, userId));
    await recordAdminAction(tx, {
      actorId,
      action: "subscription.set_status",
      target: `user:${userId}`,
      detail: { from: before.status, to: status },
    });
    return true;
  });
}

export type SetPlanGrantOptions = { actorId: string; userId: string; plan: PlanGrant };

/**
 * The admin's plan grant, one choice of Free, Pro or Enterprise ("White label": Enterprise is Pro
 * without our name before visitors), stored apart from Stripe's state: an active subscription
 * still makes an account Pro whatever the grant. False for an unknown user.
 */
export async function setPlanGrant(db: Database, { actorId, userId, plan }: SetPlanGrantOptions) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ email: user.email, isPro: user.isPro, isEnterprise: user.isEnterprise })
      .from(user)
      .where(eq(user.id, userId))
      .for("update");
    if (!before) return false;
    const from = planGrantOf(before);
    if (from === plan) return true;
    await tx
      .update(user)
      .set({ isPro: plan !== "free", isEnterprise: plan === "enterprise", updatedAt: new Date() })
      .where(eq(user.id, userId));
    await recordAdminAction(tx, { actorId, action: "user.set_plan", target: `user:${userId}`, detail: { email: before.email, from, to: plan } });
    return true;
  });
}

export type ListAllCampaignsOptions = { q: string; page: number };

export async function listAllCampaigns(db: Database, { q, page }: ListAllCampaignsOptions) {
  const where = q ? or(ilike(campaign.title, containsPattern(q)), ilike(user.email, containsPattern(q))) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: campaign.id,
        title: campaign.title,
        businessType: campaign.businessType,
        status: campaign.status,
        scans: campaignScans,
        leads: campaignLeads,
        createdAt: campaign.createdAt,
        ownerEmail: user.email,
      })
      .from(campaign)
      .innerJoin(user, eq(user.id, campaign.userId))
      .where(where)
      .orderBy(desc(campaign.createdAt), desc(campaign.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ value: count() }).from(campaign).innerJoin(user, eq(user.id, campaign.userId)).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export type ListAllLeadsOptions = { q: string; page: number };

/** Leads across all owners, unmasked: this is the admin's view, not an owner's plan-limited one. */
export async function listAllLeads(db: Database, { q, page }: ListAllLeadsOptions) {
  const where = q ? leadMatches(q, lead.searchText) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: lead.id,
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        collectedAt: lead.collectedAt,
        campaignTitle: campaign.title,
        ownerEmail: user.email,
      })
      .from(lead)
      .innerJoin(campaign, eq(campaign.id, lead.campaignId))
      .innerJoin(user, eq(user.id, campaign.userId))
      .where(where)
      .orderBy(desc(lead.collectedAt), desc(lead.id))
      .limit(PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ value: count() }).from(lead).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
