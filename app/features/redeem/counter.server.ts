import { getServices } from "~/utils/services.server";
import { checkRateLimit, clientAddress, consumeRateLimit } from "~/utils/rate-limit.server";
import { formatDate, formatDateTime } from "./offer";
import { lookupOfferCode, redeemOfferCode, undoRedeem, type CodeView, type RedeemActor } from "./redeem.server";
import { isDomainError } from "~/utils/domain-error";

const actorKey = (actor: RedeemActor) => actor.staffAccessId ?? `owner:${actor.userId}`;

/**
 * Guessing is the threat, not a busy counter: only codes that do not exist spend the budgets, and
 * every attempt is refused once either is spent.
 */
export async function checkCounterBudget(request: Request, actor: RedeemActor) {
  await checkRateLimit("redeemMissByAddress", clientAddress(request));
  await checkRateLimit("redeemMissByActor", actorKey(actor));
}

export async function spendCounterMiss(request: Request, actor: RedeemActor) {
  try {
    await consumeRateLimit("redeemMissByAddress", clientAddress(request));
    await consumeRateLimit("redeemMissByActor", actorKey(actor));
  } catch (error) {
    // This answer is "not found" anyway; the next attempt is the one refused.
    if (!isDomainError(error, "rate_limited")) throw error;
  }
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
  canUndo: boolean;
};

/** A code as the counter shows it, with dates in the staff's time zone. */
export function presentCode(view: CodeView, timeZone: string): CounterCode {
  const statusText =
    view.status === "redeemed"
      ? `Already redeemed on ${formatDateTime(view.redeemedAt!, timeZone)}`
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
    canUndo: view.undoUntil !== null,
  };
}

export async function lookupForCounter(options: { actor: RedeemActor; code: string; timeZone: string }) {
  const { db } = await getServices();
  const view = await lookupOfferCode(db, { actor: options.actor, code: options.code });
  return view ? presentCode(view, options.timeZone) : null;
}

export type CounterActionResult = { ok: boolean; message: string };

export async function redeemAtCounter(options: {
  actor: RedeemActor;
  code: string;
  timeZone: string;
}): Promise<{ status: number; body: CounterActionResult }> {
  const { db } = await getServices();
  const result = await redeemOfferCode(db, { actor: options.actor, code: options.code });
  switch (result.outcome) {
    case "redeemed":
      return { status: 200, body: { ok: true, message: "Redeemed. Hand over the offer." } };
    case "already":
      return { status: 409, body: { ok: false, message: `Already redeemed on ${formatDateTime(result.at, options.timeZone)}` } };
    case "expired":
      return { status: 409, body: { ok: false, message: `This code expired on ${formatDateTime(result.at, options.timeZone)}` } };
    case "not-found":
      return { status: 404, body: { ok: false, message: CODE_NOT_FOUND } };
  }
}

export async function undoAtCounter(options: { actor: RedeemActor; code: string }): Promise<{ status: number; body: CounterActionResult }> {
  const { db } = await getServices();
  if (await undoRedeem(db, options)) return { status: 200, body: { ok: true, message: "Redeem undone. The code can be used again." } };
  return { status: 409, body: { ok: false, message: "This redeem can no longer be undone (more than 5 minutes have passed)." } };
}

export const CODE_NOT_FOUND = "No code matches. Check the characters and try again.";
