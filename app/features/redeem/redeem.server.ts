// Rules: docs/features/webhooks-and-api.md ("Events").
import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { campaign, lead, location, offerCode, offerRule, placement, staffAccess } from "~/db/schema";
import { codeStatusOf, formatOfferCode, generateOfferCode, normalizeOfferCode, type CodeStatus } from "./code";
import { endOfDayIn, expiryOf, UNDO_WINDOW_MS, type OfferRuleInput, type StoredOfferRule } from "./offer";
import { queueRedeemedAlert } from "~/features/alerts/event-alerts.server";
import { enqueueLeadChanged } from "~/features/integrations/webhooks.server";

/** Who is at the counter: the owner (signed in) or a staff link, always scoped to one owner. */
export type RedeemActor = {
  userId: string;
  campaignId: string | null;
  staffAccessId: string | null;
  label: string;
  /** A signed-in member's locations: only codes claimed through a placement there (null: every code). */
  locationIds?: string[] | null;
  /** The signed-in member at the counter (they undo only their own redeems); null for the owner or a shared device. */
  memberUserId?: string | null;
};

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

// ---------- the counter ----------

/** The location of the placement a code's lead came through (null: none). */
const codeLocation = (id: typeof offerCode.id | typeof offerCode.leadId = offerCode.leadId) =>
  sql`(select ${placement.locationId} from ${lead} join ${placement} on ${placement.id} = ${lead.placementId} where ${lead.id} = ${id})`;

const inScope = (actor: RedeemActor) =>
  and(
    eq(offerCode.userId, actor.userId),
    actor.campaignId ? eq(offerCode.campaignId, actor.campaignId) : undefined,
    actor.locationIds
      ? actor.locationIds.length
        ? sql`${codeLocation()} in (${sql.join(
            actor.locationIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
        : sql`false`
      : undefined,
  );

export type CodeView = {
  code: string;
  offer: string;
  condition: string;
  campaignTitle: string;
  firstName: string;
  claimedAt: string;
  expiresAt: string | null;
  redeemedAt: string | null;
  /** Who pressed "Mark redeemed": "Owner" or "Staff: {link name}"; null before it was recorded. */
  redeemedBy: string | null;
  status: CodeStatus;
  /** Until when "Undo" is offered (only for a redeem within the last 5 minutes). */
  undoUntil: string | null;
};

const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? "";

/** One code of the actor's scope as the counter shows it; null when not found (or not theirs). */
export async function lookupOfferCode(db: Database, options: { actor: RedeemActor; code: string }): Promise<CodeView | null> {
  const code = normalizeOfferCode(options.code);
  if (!code) return null;
  const [row] = await db
    .select({
      code: offerCode.code,
      offer: campaign.discount,
      condition: campaign.minOrder,
      campaignTitle: campaign.title,
      name: lead.name,
      claimedAt: offerCode.claimedAt,
      expiresAt: offerCode.expiresAt,
      redeemedAt: offerCode.redeemedAt,
      redeemedBy: offerCode.redeemedBy,
      redeemedByUserId: offerCode.redeemedByUserId,
      now: sql<string>`now()::text`,
    })
    .from(offerCode)
    .innerJoin(campaign, eq(campaign.id, offerCode.campaignId))
    .innerJoin(lead, eq(lead.id, offerCode.leadId))
    .where(and(eq(offerCode.code, code), inScope(options.actor)));
  if (!row) return null;
  const now = new Date(row.now);
  const status = codeStatusOf(row, now);
  const mine = !options.actor.memberUserId || row.redeemedByUserId === options.actor.memberUserId;
  const undoUntil =
    mine && row.redeemedAt && now.getTime() - row.redeemedAt.getTime() < UNDO_WINDOW_MS
      ? new Date(row.redeemedAt.getTime() + UNDO_WINDOW_MS).toISOString()
      : null;
  return {
    code: formatOfferCode(row.code),
    offer: row.offer,
    condition: row.condition,
    campaignTitle: row.campaignTitle,
    firstName: firstNameOf(row.name),
    claimedAt: row.claimedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
    redeemedBy: row.redeemedAt ? row.redeemedBy : null,
    status,
    undoUntil,
  };
}

export type RedeemOutcome =
  | { outcome: "redeemed"; at: string }
  | { outcome: "already"; at: string; by: string | null }
  | { outcome: "expired"; at: string }
  | { outcome: "not-found" };

/**
 * Marks a code redeemed exactly once. The code's row is locked for the decision, so concurrent
 * presses, and an undo racing a press, queue behind each other and each reads the state the one
 * before it left (a plain conditional UPDATE followed by a read could see an undo land in between
 * and had no answer for it: a 500).
 */
export async function redeemOfferCode(db: Database, options: { actor: RedeemActor; code: string }): Promise<RedeemOutcome> {
  const code = normalizeOfferCode(options.code);
  if (!code) return { outcome: "not-found" };
  return db.transaction(async (tx): Promise<RedeemOutcome> => {
    const [row] = await tx
      .select({
        id: offerCode.id,
        leadId: offerCode.leadId,
        redeemedAt: offerCode.redeemedAt,
        redeemedBy: offerCode.redeemedBy,
        expiresAt: offerCode.expiresAt,
        isExpired: sql<boolean>`(${offerCode.expiresAt} is not null and ${offerCode.expiresAt} <= now())`,
      })
      .from(offerCode)
      .where(and(eq(offerCode.code, code), inScope(options.actor)))
      .for("update");
    if (!row) return { outcome: "not-found" };
    if (row.redeemedAt) return { outcome: "already", at: row.redeemedAt.toISOString(), by: row.redeemedBy };
    if (row.isExpired) return { outcome: "expired", at: row.expiresAt!.toISOString() };
    const [place] = await tx
      .select({ name: location.name })
      .from(lead)
      .innerJoin(placement, eq(placement.id, lead.placementId))
      .innerJoin(location, eq(location.id, placement.locationId))
      .where(eq(lead.id, row.leadId));
    const [done] = await tx
      .update(offerCode)
      .set({
        redeemedAt: sql`now()`,
        redeemedBy: options.actor.label,
        redeemedByUserId: options.actor.memberUserId ?? null,
        redeemedLocation: place?.name ?? null,
      })
      .where(eq(offerCode.id, row.id))
      .returning({ at: offerCode.redeemedAt });
    const at = done!.at!.toISOString();
    // Integrations hear of it in the same transaction, so a redeem is never announced twice or lost.
    await enqueueLeadChanged(tx as unknown as Database, {
      leadId: row.leadId,
      changes: [
        // The code as the visitor was shown it, which is what a CRM's user will search for.
        { type: "offer.redeemed", code: formatOfferCode(code), redeemedAt: at },
        { type: "lead.redeemed", code, redeemedAt: at },
      ],
    });
    // The owner's "code redeemed" alert, when asked for (docs/features/alerts.md).
    await queueRedeemedAlert(tx, {
      leadId: row.leadId,
      by: options.actor.staffAccessId || options.actor.memberUserId ? options.actor.label : null,
      location: place?.name ?? null,
    });
    return { outcome: "redeemed", at };
  });
}

/** Takes back a redeem made less than 5 minutes ago; false when too late or not found. */
export async function undoRedeem(db: Database, options: { actor: RedeemActor; code: string }): Promise<boolean> {
  const code = normalizeOfferCode(options.code);
  if (!code) return false;
  const rows = await db
    .update(offerCode)
    .set({ redeemedAt: null, redeemedBy: null, redeemedByUserId: null, redeemedLocation: null })
    .where(
      and(
        eq(offerCode.code, code),
        inScope(options.actor),
        // A member takes back only what they redeemed themselves.
        options.actor.memberUserId ? eq(offerCode.redeemedByUserId, options.actor.memberUserId) : undefined,
        isNotNull(offerCode.redeemedAt),
        gt(offerCode.redeemedAt, sql`now() - ${`${UNDO_WINDOW_MS / 1000} seconds`}::interval`),
      ),
    )
    .returning({ id: offerCode.id });
  return rows.length > 0;
}

// ---------- staff links ----------

export const STAFF_COOKIE = "leadqr_staff";

/** Creates a staff link; the secret is returned once (only its hash is kept). */
export async function createStaffAccess(db: Database, options: { userId: string; label: string; campaignId: string | null }) {
  if (options.campaignId) {
    const [owned] = await db
      .select({ id: campaign.id })
      .from(campaign)
      .where(and(eq(campaign.id, options.campaignId), eq(campaign.userId, options.userId)));
    if (!owned) return null;
  }
  const token = randomBytes(24).toString("base64url");
  const [row] = await db
    .insert(staffAccess)
    .values({ userId: options.userId, campaignId: options.campaignId, label: options.label, tokenHash: sha256(token) })
    .returning({ id: staffAccess.id });
  return { id: row!.id, token };
}

export async function listStaffAccess(db: Database, options: { userId: string }) {
  return db
    .select({
      id: staffAccess.id,
      label: staffAccess.label,
      campaignTitle: campaign.title,
      createdAt: staffAccess.createdAt,
      lastUsedAt: staffAccess.lastUsedAt,
    })
    .from(staffAccess)
    .leftJoin(campaign, eq(campaign.id, staffAccess.campaignId))
    .where(and(eq(staffAccess.userId, options.userId), isNull(staffAccess.revokedAt)))
    .orderBy(desc(staffAccess.createdAt));
}

export async function revokeStaffAccess(db: Database, options: { userId: string; staffAccessId: string }) {
  if (!/^[0-9a-f-]{36}$/i.test(options.staffAccessId)) return false;
  const rows = await db
    .update(staffAccess)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffAccess.id, options.staffAccessId), eq(staffAccess.userId, options.userId), isNull(staffAccess.revokedAt)))
    .returning({ id: staffAccess.id });
  return rows.length > 0;
}

/** The actor behind a staff link's secret; null when unknown or revoked. */
export async function getStaffActor(db: Database, options: { token: string }): Promise<RedeemActor | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(options.token)) return null;
  const [row] = await db
    .update(staffAccess)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(staffAccess.tokenHash, sha256(options.token)), isNull(staffAccess.revokedAt)))
    .returning({ id: staffAccess.id, userId: staffAccess.userId, campaignId: staffAccess.campaignId, label: staffAccess.label });
  if (!row) return null;
  return { userId: row.userId, campaignId: row.campaignId, staffAccessId: row.id, label: `Staff: ${row.label}` };
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
