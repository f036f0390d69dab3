// Pure rules of the leads screen: masking, search escaping, CSV cells and file name.

/** Free owners' leads beyond the visible ones leave the server in this shape (DESIGN decision 5). */
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

// OWASP CSV injection: a cell starting with one of these may run as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A phone number: digits with an optional leading +, and spaces, dots, hyphens, parentheses.
 * No letters, so no function, cell reference or DDE call can hide in it (decision 042).
 */
const STRICT_PHONE = /^\+?[0-9][0-9 ().-]{5,28}[0-9]$/;

export function safeCsvCell(value: string | null, kind: "text" | "phone" = "text"): string {
  if (value === null) return "";
  if (kind === "phone" && STRICT_PHONE.test(value)) return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export const CSV_COLUMNS = ["Name", "Email", "Phone", "Campaign", "Collected At", "Redeemed At"] as const;

export function csvRow(lead: LeadContact & { campaign: string; collectedAt: Date; redeemedAt?: Date | null }): string[] {
  return [
    safeCsvCell(lead.name),
    safeCsvCell(lead.email),
    safeCsvCell(lead.phone, "phone"),
    safeCsvCell(lead.campaign),
    lead.collectedAt.toISOString(),
    lead.redeemedAt ? lead.redeemedAt.toISOString() : "",
  ];
}

/** `leadqr-leads-YYYY-MM-DD.csv`, the date being the owner's calendar day. */
export function csvFileName(now: Date, timeZone: string): string {
  return `leadqr-leads-${calendarDay(now, timeZone)}.csv`;
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function calendarDay(instant: Date, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

export function formatCollectedAt(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(instant);
}
