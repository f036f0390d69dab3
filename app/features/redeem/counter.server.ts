// The counter: who stands at it (the owner, a member or a staff link), finding, redeeming and
// undoing a code within their scope, and the guessing budgets. The staff links: staff-links.server.ts.
// Rules: docs/features/offers-and-the-counter.md ("Guessing budgets"); docs/features/webhooks-and-api.md ("Events").
import { and, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { redeemerOf } from "~/db/redeemed-by";
import { campaign, lead, location, offerCode, placement } from "~/db/schema";
import { queueRedeemedAlert } from "~/features/alerts/event-alerts.server";
import { enqueueLeadChanged } from "~/features/integrations/webhooks.server";
import { consumeRateLimit, refundRateLimit } from "~/utils/rate-limit.server";
import { clientBudgetKey } from "~/utils/client-budget-key.server";
import { codeStatusOf, formatOfferCode, normalizeOfferCode, type CodeStatus } from "./code";
import { formatDate, formatDateTime, formatMoment, UNDO_WINDOW_MS } from "./offer";

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

const actorKey = (actor: RedeemActor) => actor.staffAccessId ?? `owner:${actor.userId}`;

/**
 * The address budget belongs to the codes' owner at that address: a counter only
 * ever finds its own owner's codes, so a stranger's misses on the same Wi-Fi say nothing about this
 * shop's codes and must not spend its budget.
 */
const ownerAddressKey = ({ actor, clientAddress }: CounterBudgetOptions) => `${actor.userId}:${clientBudgetKey(clientAddress)}`;

/** The budgets are the rate limiter's (its own store), so these two take no `db`. */
export type CounterBudgetOptions = { actor: RedeemActor; clientAddress: string };

/**
 * Guessing is the threat, not a busy counter: only codes that do not exist keep their point.
 * Every attempt takes a point first, in one atomic step of the limiter, and a code that exists
 * gives it back (`refundCounterAttempt`). Checking first and spending after a miss let 300
 * parallel guesses all pass a budget of 60; taking first cannot overrun.
 * Throws DomainError `rate_limited` when either budget is spent.
 */
export async function reserveCounterAttempt({ actor, clientAddress }: CounterBudgetOptions) {
  await consumeRateLimit("redeemMissByOwnerAddress", ownerAddressKey({ actor, clientAddress }));
  try {
    await consumeRateLimit("redeemMissByActor", actorKey(actor));
  } catch (error) {
    await refundRateLimit("redeemMissByOwnerAddress", ownerAddressKey({ actor, clientAddress }));
    throw error;
  }
}

/** The attempt found a real code: it does not count against guessing. */
export async function refundCounterAttempt({ actor, clientAddress }: CounterBudgetOptions) {
  await refundRateLimit("redeemMissByOwnerAddress", ownerAddressKey({ actor, clientAddress }));
  await refundRateLimit("redeemMissByActor", actorKey(actor));
}

/** Who redeemed, as the counter names them: the staff link's name, or "the owner". */
export function redeemerName(redeemedBy: string | null) {
  if (!redeemedBy) return null;
  return redeemedBy === "Owner" ? "the owner" : redeemerOf(redeemedBy).name;
}

/** "Already redeemed on Nov 26 at 3:13 PM by Front counter": what a used code shouts at the counter. */
export function alreadyRedeemedSentence(at: Date | string, redeemedBy: string | null, timeZone: string) {
  const who = redeemerName(redeemedBy);
  return `Already redeemed on ${formatMoment(at, timeZone)}${who ? ` by ${who}` : ""}`;
}

export type CounterCode = {
  code: string;
  offer: string;
  condition: string;
  campaignTitle: string;
  firstName: string;
  claimedOn: string;
  status: CodeView["status"];
  statusText: string;
  /** Set only for a redeemed code: the alert the counter shows above everything else. */
  alreadyRedeemed: string | null;
  canUndo: boolean;
};

/** A code as the counter shows it, with dates in the staff's time zone. */
export function presentCode(view: CodeView, timeZone: string): CounterCode {
  const alreadyRedeemed = view.status === "redeemed" ? alreadyRedeemedSentence(view.redeemedAt!, view.redeemedBy, timeZone) : null;
  const statusText =
    view.status === "redeemed"
      ? `Redeemed on ${formatDateTime(view.redeemedAt!, timeZone)}`
      : view.status === "expired"
        ? `Expired on ${formatDateTime(view.expiresAt!, timeZone)}`
        : view.expiresAt
          ? `Valid until ${formatDateTime(view.expiresAt, timeZone)}`
          : "Valid · no expiry";
  return {
    code: view.code,
    offer: view.offer,
    condition: view.condition,
    campaignTitle: view.campaignTitle,
    firstName: view.firstName,
    claimedOn: formatDate(view.claimedAt, timeZone),
    status: view.status,
    statusText,
    alreadyRedeemed,
    canUndo: view.undoUntil !== null,
  };
}

export type LookupForCounterOptions = { actor: RedeemActor; code: string; timeZone: string };

export async function lookupForCounter(db: Database, options: LookupForCounterOptions) {
  const view = await lookupOfferCode(db, { actor: options.actor, code: options.code });
  return view ? presentCode(view, options.timeZone) : null;
}

/** `redeemedCode`: the code this very action redeemed, so the counter can say "Redeemed just now". */
export type CounterActionResult = { ok: boolean; message: string; redeemedCode?: string };

/** What happened at the counter; the route answers each with its status. */
export type CounterOutcome = "redeemed" | "undone" | "already_redeemed" | "expired" | "too_late_to_undo" | "not_found";

export type CounterAction = CounterActionResult & { outcome: CounterOutcome };

export type RedeemAtCounterOptions = { actor: RedeemActor; code: string; timeZone: string };

export async function redeemAtCounter(db: Database, options: RedeemAtCounterOptions): Promise<CounterAction> {
  const result = await redeemOfferCode(db, { actor: options.actor, code: options.code });
  switch (result.outcome) {
    case "redeemed":
      return { outcome: "redeemed", ok: true, message: "Redeemed. Hand over the offer.", redeemedCode: options.code };
    case "already":
      return { outcome: "already_redeemed", ok: false, message: alreadyRedeemedSentence(result.at, result.by, options.timeZone) };
    case "expired":
      return { outcome: "expired", ok: false, message: `This code expired on ${formatDateTime(result.at, options.timeZone)}` };
    case "not-found":
      return { outcome: "not_found", ok: false, message: CODE_NOT_FOUND };
  }
}

export type UndoAtCounterOptions = { actor: RedeemActor; code: string };

export async function undoAtCounter(db: Database, options: UndoAtCounterOptions): Promise<CounterAction> {
  if (await undoRedeem(db, options)) return { outcome: "undone", ok: true, message: "Redeem undone. The code can be used again." };
  return { outcome: "too_late_to_undo", ok: false, message: "This redeem can no longer be undone (more than 5 minutes have passed)." };
}

export const CODE_NOT_FOUND = "No code matches. Check the characters and try again.";

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
