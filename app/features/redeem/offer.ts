// Rules: docs/features/offers-and-the-counter.md ("Double opt-in carries the code").
import { calendarDay, dateTimeFormat } from "~/utils/dates";
import { z } from "zod";
import { OFFER_EXPIRY_KINDS, type OfferExpiryKind } from "~/db/schema/redeem";

export const MAX_VALID_DAYS = 365;
/** What the form says under the offer and its condition: an invitation, never a thank-you before the claim. */
export const FORM_INVITATION = "Leave your name and email to get your code. Show it at the counter to redeem this offer.";
/** The thank-you's words when the code is sent only to the visitor's mailbox. */
/** A second claim with an email that already has a code: the code goes to that mailbox, never the screen. */
export const ALREADY_CLAIMED_PREFIX = "This offer was already claimed with this email address.";
export const ALREADY_CLAIMED_TEXT = `${ALREADY_CLAIMED_PREFIX} We sent the code to that address.`;

export const CODE_BY_EMAIL_TEXT = {
  sent: "Your offer code is in the email we sent you.",
  "not-sent": "We could not email your offer code just now. Please try again later.",
} as const;

/** A mistaken "Mark redeemed" can be undone for this long. */
export const UNDO_WINDOW_MS = 5 * 60 * 1000;

export type OfferRuleInput = { expiry: "none" } | { expiry: "until"; validUntil: string; timeZone: string } | { expiry: "days"; validDays: number };

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** The wizard's offer-rule fields (`offerExpiry`, `offerValidUntil`, `offerValidDays`, `offerTimeZone`). */
export const OfferRuleSchema = z
  .object({
    offerExpiry: z.enum(OFFER_EXPIRY_KINDS, { error: "Please choose how long the offer is valid" }).default("none"),
    offerValidUntil: z.string().trim().max(20).optional(),
    offerValidDays: z.string().trim().max(10).optional(),
    offerTimeZone: z.string().trim().max(64).optional(),
  })
  .transform((input, context): OfferRuleInput => {
    if (input.offerExpiry === "until") {
      const day = input.offerValidUntil ?? "";
      if (
        !/^\d{4}-\d{2}-\d{2}$/.test(day) ||
        Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ||
        new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day
      ) {
        context.addIssue({ code: "custom", path: ["offerValidUntil"], message: "Please choose the last day the offer is valid" });
        return z.NEVER;
      }
      const zone = input.offerTimeZone && isTimeZone(input.offerTimeZone) ? input.offerTimeZone : "UTC";
      if (day < calendarDay(new Date(), zone)) {
        context.addIssue({ code: "custom", path: ["offerValidUntil"], message: "The last valid day cannot be in the past" });
        return z.NEVER;
      }
      return { expiry: "until", validUntil: day, timeZone: zone };
    }
    if (input.offerExpiry === "days") {
      const days = Number(input.offerValidDays);
      if (!/^\d+$/.test(input.offerValidDays ?? "") || days < 1 || days > MAX_VALID_DAYS) {
        context.addIssue({ code: "custom", path: ["offerValidDays"], message: `Please enter a number of days from 1 to ${MAX_VALID_DAYS}` });
        return z.NEVER;
      }
      return { expiry: "days", validDays: days };
    }
    return { expiry: "none" };
  });

/** The instant a day ends in a time zone (the first instant of the next day there). */
export function endOfDayIn(day: string, timeZone: string): Date {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  // The zone's offset at that moment, found by formatting it there and reading it back as UTC.
  const parts = dateTimeFormat("en-US", timeZone, {
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(next);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return new Date(next.getTime() - (asUtc - next.getTime()));
}

export type StoredOfferRule = { expiry: OfferExpiryKind; validUntil: string | null; validUntilAt: Date | null; validDays: number | null };

/** When a code claimed at `claimedAt` stops working under a campaign's rule; null: never. */
export function expiryOf(rule: StoredOfferRule | null | undefined, claimedAt: Date): Date | null {
  if (!rule || rule.expiry === "none") return null;
  if (rule.expiry === "until") return rule.validUntilAt;
  if (rule.expiry === "days" && rule.validDays) return new Date(claimedAt.getTime() + rule.validDays * 24 * 60 * 60 * 1000);
  return null;
}

export function formatDate(at: Date | string, timeZone: string) {
  return dateTimeFormat("en-US", timeZone, { dateStyle: "medium" }).format(new Date(at));
}

export function formatDateTime(at: Date | string, timeZone: string) {
  return dateTimeFormat("en-US", timeZone, { dateStyle: "medium", timeStyle: "short" }).format(new Date(at));
}

/** "Nov 26 at 3:13 PM" in the staff's zone; the year only when it is not this year's. */
export function formatMoment(at: Date | string, timeZone: string, now: Date = new Date()) {
  const instant = new Date(at);
  const year = dateTimeFormat("en-US", timeZone, { year: "numeric" });
  const dayOptions: Intl.DateTimeFormatOptions =
    year.format(instant) === year.format(now) ? { month: "short", day: "numeric" } : { month: "short", day: "numeric", year: "numeric" };
  const day = dateTimeFormat("en-US", timeZone, dayOptions).format(instant);
  const time = dateTimeFormat("en-US", timeZone, { hour: "numeric", minute: "2-digit" }).format(instant);
  return `${day} at ${time}`;
}

/** The day a code is last valid: the end of a day is its next midnight, so the last valid minute's day. */
export function lastValidMoment(expiresAt: Date | string) {
  return new Date(new Date(expiresAt).getTime() - 60_000);
}

/** The validity line under a code: "Valid until Dec 31, 2026", or "No expiry". */
export function validityText(expiresAt: Date | string | null, timeZone: string) {
  if (!expiresAt) return "No expiry";
  return `Valid until ${formatDate(lastValidMoment(expiresAt), timeZone)}`;
}

/** The wizard's words for a stored rule (and for its summary step). */
export function describeRule(rule: { expiry: OfferExpiryKind; validUntil?: string | null; validDays?: number | null }) {
  if (rule.expiry === "until" && rule.validUntil) return `Valid until ${formatDate(`${rule.validUntil}T12:00:00Z`, "UTC")}`;
  if (rule.expiry === "days" && rule.validDays) return `Valid for ${rule.validDays} day${rule.validDays === 1 ? "" : "s"} after the claim`;
  return "No expiry";
}

/** Redeemed share of claims, in percent with one decimal (0 without claims). */
export function redemptionRate(redeemed: number, claims: number) {
  if (!claims) return 0;
  return Math.round((redeemed / claims) * 1000) / 10;
}
