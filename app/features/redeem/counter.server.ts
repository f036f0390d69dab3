// Rules: docs/features/offers-and-the-counter.md ("Guessing budgets").
import type { Database } from "~/db/client.server";
import { consumeRateLimit, refundRateLimit } from "~/utils/rate-limit.server";
import { clientBudgetKey } from "~/utils/client-budget-key.server";
import { formatDate, formatDateTime, formatMoment } from "./offer";
import { lookupOfferCode, redeemOfferCode, undoRedeem, type CodeView, type RedeemActor } from "./redeem.server";

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
  return redeemedBy === "Owner" ? "the owner" : redeemedBy.replace(/^Staff: /, "");
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
