// Rules: docs/features/team.md ("Handing the business over"), docs/features/emails.md ("The outbox").
import { and, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  apiKey,
  businessIdentity,
  businessMember,
  businessMemberLocation,
  businessProfile,
  campaign,
  customDomain,
  dataErasure,
  location,
  offerCode,
  ownershipHandover,
  session,
  staffAccess,
  subscription,
  syncConnection,
  syncOauthState,
  teamAudit,
  teamInvite,
  upload,
  user,
  webhookEndpoint,
  webhookEvent,
} from "~/db/schema";
import { enqueueEmail } from "~/features/email/outbox.server";
import type { Language } from "~/features/languages/languages";
import { ownerT } from "~/features/languages/owner/owner-language";
import { emailLanguageColumn, recipientLanguage } from "~/features/email/recipient-language.server";
import { DomainError } from "~/utils/domain-error";
import { handoverAnsweredEmail, handoverEmail } from "./invite-email";
import type { Acting } from "./member.server";
import { HANDOVER_DAYS, planIncludesTeams } from "./team";
import { businessNameOf } from "./team.server";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
const DAY_MS = 24 * 60 * 60 * 1000;

const openHandover = () =>
  and(
    isNull(ownershipHandover.acceptedAt),
    isNull(ownershipHandover.declinedAt),
    isNull(ownershipHandover.withdrawnAt),
    gt(ownershipHandover.expiresAt, sql`now()`),
  );

/** The business's open offer (Settings → Team shows it with Withdraw), or null. */
export async function pendingHandoverOf(db: Database, { businessId }: { businessId: string }) {
  const [row] = await db
    .select({ id: ownershipHandover.id, email: user.email, memberId: ownershipHandover.memberId, expiresAt: ownershipHandover.expiresAt })
    .from(ownershipHandover)
    .innerJoin(user, eq(user.id, ownershipHandover.toUserId))
    .where(and(eq(ownershipHandover.businessId, businessId), openHandover()));
  return row ?? null;
}

/** The open offers made to a sign-in (its banner and /team/handover), with each business's name. */
export async function handoversTo(db: Database, { userId }: { userId: string }) {
  const rows = await db
    .select({ id: ownershipHandover.id, businessId: ownershipHandover.businessId, expiresAt: ownershipHandover.expiresAt })
    .from(ownershipHandover)
    .where(and(eq(ownershipHandover.toUserId, userId), openHandover()));
  return Promise.all(rows.map(async (row) => ({ ...row, business: await businessNameOf(db, row.businessId) })));
}

/**
 * The owner offers the business to a current member: one open offer at a time, checked under the
 * owner's row lock; the member is emailed in the same transaction.
 */
export async function offerHandover(db: Database, options: { acting: Acting; memberId: string; appOrigin: string; language?: Language }) {
  const { acting } = options;
  const t = ownerT("team", options.language);
  if (!planIncludesTeams(acting.plan)) throw new DomainError("plan_required", t("handover.refusals.plan"));
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, acting.businessId)).for("update");
    const [member] = await tx
      .select({ id: businessMember.id, userId: businessMember.userId, email: user.email, language: emailLanguageColumn })
      .from(businessMember)
      .innerJoin(user, eq(user.id, businessMember.userId))
      .where(and(eq(businessMember.id, options.memberId), eq(businessMember.businessId, acting.businessId), ne(businessMember.role, "owner")));
    if (!member) return false;
    const [open] = await tx
      .select({ email: user.email })
      .from(ownershipHandover)
      .innerJoin(user, eq(user.id, ownershipHandover.toUserId))
      .where(and(eq(ownershipHandover.businessId, acting.businessId), openHandover()));
    if (open) throw new DomainError("handover_refused", t("handover.refusals.onePending", { email: open.email }));
    await tx.insert(ownershipHandover).values({
      businessId: acting.businessId,
      memberId: member.id,
      toUserId: member.userId,
      expiresAt: new Date(Date.now() + HANDOVER_DAYS * DAY_MS),
    });
    await tx
      .insert(teamAudit)
      .values({ businessId: acting.businessId, actorEmail: acting.user.email, subjectEmail: member.email, action: "handover_offered" });
    const business = await businessNameOf(tx, acting.businessId);
    await enqueueEmail(tx, {
      kind: "team_handover",
      to: member.email,
      // In the member's language: it is the owner's request, not theirs.
      content: handoverEmail(
        { business, owner: acting.user.email, link: `${options.appOrigin}/team/handover`, days: HANDOVER_DAYS },
        recipientLanguage(member.language),
      ),
    });
    return true;
  });
}

export async function withdrawHandover(db: Database, { acting }: { acting: Acting }) {
  const [row] = await db
    .update(ownershipHandover)
    .set({ withdrawnAt: new Date() })
    .where(and(eq(ownershipHandover.businessId, acting.businessId), openHandover()))
    .returning({ toUserId: ownershipHandover.toUserId });
  if (!row) return false;
  const [to] = await db.select({ email: user.email }).from(user).where(eq(user.id, row.toUserId));
  await db
    .insert(teamAudit)
    .values({ businessId: acting.businessId, actorEmail: acting.user.email, subjectEmail: to?.email ?? "", action: "handover_withdrawn" });
  return true;
}

/** Who answers an offer: the member signed in, and where the owner's email links to. */
/** `language`: the words of a refusal, the member's (English without it). */
type Answer = { userId: string; email: string; handoverId: string; appOrigin: string; language?: Language };

export async function declineHandover(db: Database, options: Answer) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(ownershipHandover)
      .set({ declinedAt: new Date() })
      .where(and(eq(ownershipHandover.id, options.handoverId), eq(ownershipHandover.toUserId, options.userId), openHandover()))
      .returning({ businessId: ownershipHandover.businessId });
    if (!row) return false;
    await tx
      .insert(teamAudit)
      .values({ businessId: row.businessId, actorEmail: options.email, subjectEmail: options.email, action: "handover_declined" });
    const [owner] = await tx.select({ email: user.email, language: emailLanguageColumn }).from(user).where(eq(user.id, row.businessId));
    const business = await businessNameOf(tx, row.businessId);
    await enqueueEmail(tx, {
      kind: "team_handover_answered",
      to: owner!.email,
      content: handoverAnsweredEmail(
        { business, member: options.email, accepted: false, paying: false, link: `${options.appOrigin}/settings/team` },
        recipientLanguage(owner!.language),
      ),
    });
    return true;
  });
}

/**
 * The member takes the business over, in one transaction: every row the business owns moves from
 * the old owner's user id to theirs, the old owner becomes a Manager of every location, and the
 * history records it. Refused when the member runs a business of their own. False when the offer
 * is gone (withdrawn, declined, expired, accepted, or the member removed).
 */
export async function acceptHandover(db: Database, options: Answer) {
  return db.transaction(async (tx) => {
    const [offer] = await tx
      .select({ businessId: ownershipHandover.businessId, memberId: ownershipHandover.memberId })
      .from(ownershipHandover)
      .where(and(eq(ownershipHandover.id, options.handoverId), eq(ownershipHandover.toUserId, options.userId), openHandover()));
    if (!offer) return false;
    const from = offer.businessId;
    const to = options.userId;
    // Both accounts locked in id order: two hand-overs crossing each other cannot deadlock.
    await tx
      .select({ id: user.id })
      .from(user)
      .where(inArray(user.id, [from, to]))
      .orderBy(user.id)
      .for("update");
    const [still] = await tx
      .select({ id: ownershipHandover.id })
      .from(ownershipHandover)
      .where(and(eq(ownershipHandover.id, options.handoverId), openHandover()))
      .for("update");
    if (!still) return false;
    await refuseWhenRunningABusiness(tx, to, options.language);
    await tx.update(ownershipHandover).set({ acceptedAt: new Date() }).where(eq(ownershipHandover.id, options.handoverId));
    await moveBusinessRows(tx, from, to);
    await makeManager(tx, { businessId: to, userId: from, newOwnerMemberId: offer.memberId });
    // Sessions that acted for the business follow it; the old owner's act for it as its manager.
    await tx.update(session).set({ actingBusinessId: to }).where(eq(session.actingBusinessId, from));
    await tx.update(session).set({ actingBusinessId: to }).where(eq(session.userId, from));
    const [old] = await tx
      .select({ email: user.email, language: emailLanguageColumn, isPro: user.isPro, isEnterprise: user.isEnterprise })
      .from(user)
      .where(eq(user.id, from));
    // An admin's grant was the business's plan: it goes with the business (the new owner's own grant stays).
    if (old!.isPro || old!.isEnterprise)
      await tx
        .update(user)
        .set({ isPro: sql`${user.isPro} or ${old!.isPro}`, isEnterprise: sql`${user.isEnterprise} or ${old!.isEnterprise}` })
        .where(eq(user.id, to));
    await tx.insert(teamAudit).values({ businessId: to, actorEmail: options.email, subjectEmail: old!.email, action: "handed_over" });
    // The old owner is told, and whether their card still pays ("Not built yet": the Stripe customer stays).
    const [paid] = await tx
      .select({ userId: subscription.userId })
      .from(subscription)
      .where(and(eq(subscription.userId, to), eq(subscription.status, "active")));
    await enqueueEmail(tx, {
      kind: "team_handover_answered",
      to: old!.email,
      content: handoverAnsweredEmail(
        {
          business: await businessNameOf(tx, to),
          member: options.email,
          accepted: true,
          paying: paid !== undefined,
          link: `${options.appOrigin}/dashboard`,
        },
        recipientLanguage(old!.language),
      ),
    });
    return true;
  });
}

/** A sign-in that runs a business of its own cannot take another over: the two would merge. */
async function refuseWhenRunningABusiness(tx: Tx, userId: string, language?: Language) {
  const [own] = await tx
    .select({
      campaigns: sql<boolean>`exists(select 1 from ${campaign} where ${campaign.userId} = ${userId})`,
      other: sql<boolean>`exists(select 1 from ${location} where ${location.userId} = ${userId})
        or exists(select 1 from ${businessMember} where ${businessMember.businessId} = ${userId})
        or exists(select 1 from ${customDomain} where ${customDomain.userId} = ${userId})
        or exists(select 1 from ${apiKey} where ${apiKey.userId} = ${userId})
        or exists(select 1 from ${webhookEndpoint} where ${webhookEndpoint.userId} = ${userId})
        or exists(select 1 from ${syncConnection} where ${syncConnection.userId} = ${userId})
        or exists(select 1 from ${staffAccess} where ${staffAccess.userId} = ${userId})
        or exists(select 1 from ${subscription} where ${subscription.userId} = ${userId} and ${subscription.status} = 'active')`,
    })
    .from(user)
    .where(eq(user.id, userId));
  const t = ownerT("team", language);
  if (own?.campaigns) throw new DomainError("handover_refused", t("handover.refusals.ownsCampaigns"));
  if (own?.other) throw new DomainError("handover_refused", t("handover.refusals.ownsBusiness"));
}

/**
 * Every row keyed by the business (its owner's user id) moves to the new owner. Rows of one per
 * account (profile, identity, a lapsed subscription) that the new owner had are replaced by the
 * business's. Personal rows stay with each person: sign-in, passkeys, sessions, their own alert
 * channels and notification settings, the summaries emailed to them.
 */
async function moveBusinessRows(tx: Tx, from: string, to: string) {
  for (const table of [subscription, businessProfile, businessIdentity]) {
    const [has] = await tx.select({ userId: table.userId }).from(table).where(eq(table.userId, from));
    if (has) await tx.delete(table).where(eq(table.userId, to));
  }
  await tx.delete(syncOauthState).where(eq(syncOauthState.userId, from));
  for (const table of [
    campaign,
    location,
    offerCode,
    staffAccess,
    customDomain,
    webhookEndpoint,
    webhookEvent,
    apiKey,
    syncConnection,
    subscription,
    businessProfile,
    businessIdentity,
    upload,
    dataErasure,
  ]) {
    await tx.update(table).set({ userId: to }).where(eq(table.userId, from));
  }
  for (const table of [teamInvite, teamAudit, ownershipHandover]) {
    await tx.update(table).set({ businessId: to }).where(eq(table.businessId, from));
  }
}

/** The new owner's membership ends (they need none); the old owner becomes a Manager of every location. */
async function makeManager(tx: Tx, options: { businessId: string; userId: string; newOwnerMemberId: string }) {
  await tx.delete(businessMember).where(eq(businessMember.id, options.newOwnerMemberId));
  await tx.update(businessMember).set({ businessId: options.businessId }).where(eq(businessMember.businessId, options.userId));
  const [manager] = await tx
    .insert(businessMember)
    .values({ businessId: options.businessId, userId: options.userId, role: "manager", invitedBy: options.businessId })
    .returning({ id: businessMember.id });
  const places = await tx.select({ id: location.id }).from(location).where(eq(location.userId, options.businessId));
  if (places.length) await tx.insert(businessMemberLocation).values(places.map((place) => ({ memberId: manager!.id, locationId: place.id })));
}
