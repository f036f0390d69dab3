// Offer codes: issuing a visitor's code (one per claimant and campaign), the campaign's offer
// rule, and how many codes were claimed and redeemed.
// Rules: docs/features/offers-and-the-counter.md; docs/features/webhooks-and-api.md ("Events").
import { createHash } from "node:crypto";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { campaign, lead, offerCode, offerRule } from "~/db/schema";
import { generateOfferCode } from "./code";
import { endOfDayIn, expiryOf, type OfferRuleInput, type StoredOfferRule } from "./offer";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** The claimant of a campaign's offer: a hash of the campaign and the normalised email. */
export function claimantKeyOf(campaignId: string, email: string) {
  return sha256(`${campaignId}:${email.trim().toLowerCase()}`);
}

/**
 * A lead's "Redeemed At" (epoch ms), in raw SQL over the alias `l` (lead): the claimant's code,
 * joined as `o`, so a repeated claim by the same email shows the same redeem. `lead.claimant_key`
 * is claimantKeyOf() computed by a trigger on insert. A join, not a subquery per row: the export
 * of 200k leads spends a second less.
 */
export const REDEEMED_AT_JOIN_SQL = sql.raw(`left join offer_code o on o.campaign_id = l.campaign_id and o.claimant_key = l.claimant_key`);
export const REDEEMED_AT_SQL = sql.raw(`(extract(epoch from o.redeemed_at) * 1000)::float8`);

export type Claim = { code: string; expiresAt: string | null };
/** A claim as issued: whether this call drew it, and the lead it belongs to (the first claimant's). */
export type IssuedClaim = Claim & { isNew: boolean; leadId: string };

/**
 * The claimant's code for this campaign: the existing one when the same email claimed before,
 * else a new one. Runs inside the lead transaction (under its per-campaign lock), so a lead the
 * visitor saw accepted always has its code.
 */
/**
 * Whoever stores a claimant's code holds the claimant's lock until its transaction ends (decision
 * 421). A lead batch that finds the lock held leaves that lead out at once, to be stored alone,
 * instead of waiting on the code's unique index for the other transaction and failing after it.
 * The batch's statement (lead-batch.server.ts) computes the same key.
 */
export async function lockClaimant(tx: Pick<Database, "execute">, campaignId: string, claimantKey: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${campaignId}::uuid::text || ':' || ${claimantKey}, 0))`);
}

export async function claimOfferCode(
  tx: Database,
  options: { campaignId: string; email: string; leadId: string | null; at: string; draw?: () => string },
): Promise<IssuedClaim | null> {
  const claimantKey = claimantKeyOf(options.campaignId, options.email);
  await lockClaimant(tx, options.campaignId, claimantKey);
  const existing = async (): Promise<IssuedClaim | null> => {
    const [row] = await tx
      .select({ code: offerCode.code, expiresAt: offerCode.expiresAt, leadId: offerCode.leadId })
      .from(offerCode)
      .where(and(eq(offerCode.campaignId, options.campaignId), eq(offerCode.claimantKey, claimantKey)));
    return row ? { code: row.code, expiresAt: row.expiresAt?.toISOString() ?? null, leadId: row.leadId, isNew: false } : null;
  };
  // A stored lead's claim is usually a new claimant: the insert below finds out, one read fewer
  // per lead under a surge; a repeated post looks first.
  const found = options.leadId ? null : await existing();
  if (found) return found;

  let leadId = options.leadId;
  if (!leadId) {
    // A repeated post of an already stored lead that has no code yet (e.g. stored before codes existed).
    const [first] = await tx
      .select({ id: lead.id })
      .from(lead)
      .where(and(eq(lead.campaignId, options.campaignId), eq(lead.claimantKey, claimantKey)))
      .orderBy(asc(lead.collectedAt))
      .limit(1);
    if (!first) return null;
    leadId = first.id;
  }
  const [owner] = await tx
    .select({
      userId: campaign.userId,
      rule: { expiry: offerRule.expiry, validUntil: offerRule.validUntil, validUntilAt: offerRule.validUntilAt, validDays: offerRule.validDays },
    })
    .from(campaign)
    .leftJoin(offerRule, eq(offerRule.campaignId, campaign.id))
    .where(eq(campaign.id, options.campaignId));
  if (!owner) return null;
  // A collision on the code (1 in ~10^11 per existing code) just draws again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const [inserted] = await tx
      .insert(offerCode)
      .values(
        newOfferCodeRow({
          campaignId: options.campaignId,
          userId: owner.userId,
          leadId,
          email: options.email,
          at: options.at,
          rule: owner.rule,
          draw: options.draw,
        }),
      )
      .onConflictDoNothing()
      .returning({ code: offerCode.code, expiresAt: offerCode.expiresAt });
    if (inserted) return { code: inserted.code, expiresAt: inserted.expiresAt?.toISOString() ?? null, leadId, isNew: true };
    const raced = await existing();
    if (raced) return raced;
  }
  throw new Error("could not draw a free offer code");
}

/** The campaign's offer rule as stored, or nulls where the campaign has none. */
export type StoredRuleColumns = { expiry: string | null; validUntil: string | null; validUntilAt: Date | null; validDays: number | null } | null;

/** A new claimant's code: drawn here, valid by the campaign's rule from the moment of the claim. */
export function newOfferCodeRow(options: {
  campaignId: string;
  userId: string;
  leadId: string;
  email: string;
  at: string;
  rule: StoredRuleColumns;
  draw?: () => string;
}) {
  const claimedAt = new Date(options.at);
  return {
    code: (options.draw ?? generateOfferCode)(),
    campaignId: options.campaignId,
    userId: options.userId,
    leadId: options.leadId,
    claimantKey: claimantKeyOf(options.campaignId, options.email),
    claimedAt,
    expiresAt: expiryOf(options.rule?.expiry ? (options.rule as StoredOfferRule) : null, claimedAt),
  };
}

// ---------- offer rules (wizard) ----------

/** Saves the campaign's rule; only for a campaign of this owner. */
export async function saveOfferRule(db: Database, options: { userId: string; campaignId: string; rule: OfferRuleInput }) {
  const { rule } = options;
  const [owned] = await db
    .select({ id: campaign.id })
    .from(campaign)
    .where(and(eq(campaign.id, options.campaignId), eq(campaign.userId, options.userId)));
  if (!owned) return false;
  const values = {
    expiry: rule.expiry,
    validUntil: rule.expiry === "until" ? rule.validUntil : null,
    validUntilAt: rule.expiry === "until" ? endOfDayIn(rule.validUntil, rule.timeZone) : null,
    validDays: rule.expiry === "days" ? rule.validDays : null,
    updatedAt: new Date(),
  };
  await db
    .insert(offerRule)
    .values({ campaignId: options.campaignId, ...values })
    .onConflictDoUpdate({ target: offerRule.campaignId, set: values });
  return true;
}

export async function getOfferRule(db: Database, options: { userId: string; campaignId: string }) {
  const [row] = await db
    .select({ expiry: offerRule.expiry, validUntil: offerRule.validUntil, validDays: offerRule.validDays })
    .from(offerRule)
    .innerJoin(campaign, eq(campaign.id, offerRule.campaignId))
    .where(and(eq(offerRule.campaignId, options.campaignId), eq(campaign.userId, options.userId)));
  return row ?? { expiry: "none" as const, validUntil: null, validDays: null };
}

// ---------- the funnel ----------

export type RedeemCounts = { claims: number; redeemed: number };

/** Claims (codes) and redeemed codes per campaign of the owner. */
export async function countRedeemsByCampaign(db: Database, options: { userId: string; campaignIds?: string[] }) {
  if (options.campaignIds && options.campaignIds.length === 0) return new Map<string, RedeemCounts>();
  const rows = await db
    .select({
      campaignId: offerCode.campaignId,
      claims: count(),
      redeemed: sql<number>`count(${offerCode.redeemedAt})::int`,
    })
    .from(offerCode)
    .where(and(eq(offerCode.userId, options.userId), options.campaignIds ? inArray(offerCode.campaignId, options.campaignIds) : undefined))
    .groupBy(offerCode.campaignId);
  return new Map(rows.map((row) => [row.campaignId, { claims: Number(row.claims), redeemed: Number(row.redeemed) }]));
}

/** The owner's totals over all campaigns. */
export async function countRedeems(db: Database, options: { userId: string }): Promise<RedeemCounts> {
  const [row] = await db
    .select({ claims: count(), redeemed: sql<number>`count(${offerCode.redeemedAt})::int` })
    .from(offerCode)
    .where(eq(offerCode.userId, options.userId));
  return { claims: Number(row?.claims ?? 0), redeemed: Number(row?.redeemed ?? 0) };
}
