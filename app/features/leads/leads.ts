// Pure rules of the leads screen: masking, search escaping, CSV cells and file name.
// Rules: docs/features/counting.md ("Masking on the free plan", "Placements"); docs/features/consent-and-erasure.md
//   ("What is recorded"); docs/features/offers-and-the-counter.md ("The counter page");
//   docs/features/visitor-languages.md ("One language per page").
import { redeemerText } from "~/features/redeem/code";
import { calendarDay, dateTimeFormat } from "~/utils/dates";

/** Free owners' leads beyond the visible ones leave the server in this shape, masked. */
export type LeadContact = { name: string; email: string; phone: string | null };

export function maskName(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? `${first}***` : "***";
}

export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  const first = Array.from(email.trim())[0];
  if (at < 0 || !first || first === "@") return "***@***";
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf(".");
  const tld = dot >= 0 ? domain.slice(dot) : "";
  // Only a short alphanumeric TLD is kept; anything longer could carry the hidden value.
  return `${first}***@***${/^\.[a-z]{2,6}$/i.test(tld) ? tld.toLowerCase() : ""}`;
}

export function maskPhone(phone: string | null): string | null {
  if (phone === null || phone.trim() === "") return phone === null ? null : "";
  const digits = phone.replace(/\D/g, "");
  return digits.length >= 7 ? `***-***-${digits.slice(-4)}` : "***-***-****";
}

export function maskLead<T extends LeadContact>(lead: T): T {
  return { ...lead, name: maskName(lead.name), email: maskEmail(lead.email), phone: maskPhone(lead.phone) };
}

export { containsPattern as likePattern } from "~/utils/text";
export { calendarDay } from "~/utils/dates";

// OWASP CSV injection: a cell starting with one of these may run as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A phone number: digits with an optional leading +, and spaces, dots, hyphens, parentheses.
 * No letters, so no function, cell reference or DDE call can hide in it.
 */
const STRICT_PHONE = /^\+?[0-9][0-9 ().-]{5,28}[0-9]$/;

export function safeCsvCell(value: string | null, kind: "text" | "phone" = "text"): string {
  if (value === null) return "";
  if (kind === "phone" && STRICT_PHONE.test(value)) return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * The five original columns, then the placement, the consent record,
 * the redemption and the consent's language, appended so old imports
 * still line up.
 */
export const CSV_COLUMNS = [
  "Name",
  "Email",
  "Phone",
  "Campaign",
  "Collected At",
  "Placement",
  "Consent Status",
  "Consent Wording",
  "Consent Given At",
  "Consent IP Address",
  "Consent User Agent",
  "Confirmed At",
  "Confirmed IP Address",
  "Withdrawn At",
  "Redeemed At",
  "Consent Language",
  // Issue 55: who redeemed (a member, the owner, or a shared device) and at which location.
  "redeemed_by",
  "location",
] as const;

export type CsvConsent = {
  status: string;
  wording: string | null;
  /** The language the wording was shown in (a code such as `es`). */
  language: string | null;
  givenAt: Date | null;
  clientAddress: string | null;
  userAgent: string | null;
  confirmedAt: Date | null;
  confirmedAddress: string | null;
  withdrawnAt: Date | null;
};

const NO_CONSENT: CsvConsent = {
  status: "not recorded",
  wording: null,
  language: null,
  givenAt: null,
  clientAddress: null,
  userAgent: null,
  confirmedAt: null,
  confirmedAddress: null,
  withdrawnAt: null,
};

export function csvRow(
  lead: LeadContact & {
    campaign: string;
    collectedAt: Date;
    placement?: string | null;
    consent?: CsvConsent;
    redeemedAt?: Date | null;
    redeemedBy?: string | null;
    redeemedLocation?: string | null;
  },
): string[] {
  const consent = lead.consent ?? NO_CONSENT;
  const instant = (value: Date | null) => value?.toISOString() ?? "";
  return [
    safeCsvCell(lead.name),
    safeCsvCell(lead.email),
    safeCsvCell(lead.phone, "phone"),
    safeCsvCell(lead.campaign),
    lead.collectedAt.toISOString(),
    safeCsvCell(lead.placement ?? null),
    safeCsvCell(consent.status),
    safeCsvCell(consent.wording),
    instant(consent.givenAt),
    safeCsvCell(consent.clientAddress),
    safeCsvCell(consent.userAgent),
    instant(consent.confirmedAt),
    safeCsvCell(consent.confirmedAddress),
    instant(consent.withdrawnAt),
    lead.redeemedAt ? lead.redeemedAt.toISOString() : "",
    safeCsvCell(consent.language),
    safeCsvCell(lead.redeemedAt ? redeemerText(lead.redeemedBy ?? null) : null),
    safeCsvCell(lead.redeemedAt ? (lead.redeemedLocation ?? null) : null),
  ];
}

/** `leadqr-leads-YYYY-MM-DD.csv`, the date being the owner's calendar day. */
export function csvFileName(now: Date, timeZone: string): string {
  return `leadqr-leads-${calendarDay(now, timeZone)}.csv`;
}

export function formatCollectedAt(instant: Date, timeZone: string): string {
  return dateTimeFormat("en-US", timeZone, {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(instant);
}
