// What an alert says (docs/features/alerts.md, "What an alert says"): the visitor's first name,
// never their email or phone, since a lock screen or a shared chat shows it to anyone nearby.

export type LeadAlertFacts = {
  /** Null: the recipient may not see a lead's details (a viewer), so the visitor goes unnamed. */
  name: string | null;
  campaignTitle: string;
  placement: string | null;
  /** The placement's location, when the owner has locations (team.md). */
  location?: string | null;
  collectedAt: Date;
  timeZone: string;
  leadUrl: string;
};

/** Alerts per minute per channel sent one by one; the next wait and fold into one message. */
export const ALERTS_PER_MINUTE = 5;
/** A folded message goes at most once a minute per channel. */
export const FOLD_EVERY_MS = 60_000;

/** The first word of the name as the visitor typed it, or "Someone"; an address never passes as a name. */
export function firstNameOf(name: string) {
  const first = name
    .replace(/[\p{Cc}\p{Cf}]/gu, " ")
    .trim()
    .split(/\s+/)[0];
  if (!first || first.includes("@") || /\d{3}/.test(first)) return "Someone";
  return first.length > 40 ? `${first.slice(0, 39)}…` : first;
}

/** "Maria, " or nothing for a recipient who may not see lead details. */
function whoOf(name: string | null) {
  return name === null ? "" : `${firstNameOf(name)}, `;
}

function timeOf(at: Date, timeZone: string) {
  return new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit" }).format(at);
}

/** "New lead: Maria, Spring Offer (Window poster at Harbour), 14:32" and the lead's link on a second line. */
export function leadAlertText(facts: LeadAlertFacts) {
  const place = [facts.placement, facts.location].filter(Boolean).join(" at ");
  const where = place ? ` (${place})` : "";
  return `New lead: ${whoOf(facts.name)}${facts.campaignTitle}${where}, ${timeOf(facts.collectedAt, facts.timeZone)}\n${facts.leadUrl}`;
}

/** "in the last minute", "in the last 2 minutes", "in the last 3 hours". */
export function sinceWords(oldest: Date, now: Date) {
  const minutes = Math.max(1, Math.ceil((now.getTime() - oldest.getTime()) / 60_000));
  if (minutes === 1) return "in the last minute";
  if (minutes < 120) return `in the last ${minutes} minutes`;
  return `in the last ${Math.round(minutes / 60)} hours`;
}

/** "23 new leads in the last 2 minutes on Spring Offer" (or "… on Spring Offer and 2 other campaigns"), then the leads' link. */
export function foldedAlertText(options: { count: number; campaigns: string[]; oldest: Date; now: Date; leadsUrl: string }) {
  const [first, ...others] = options.campaigns;
  const on = others.length === 0 ? first : `${first} and ${others.length} other campaign${others.length === 1 ? "" : "s"}`;
  const leads = options.count === 1 ? "1 new lead" : `${options.count} new leads`;
  return `${leads} ${sinceWords(options.oldest, options.now)} on ${on}\n${options.leadsUrl}`;
}

export const TEST_ALERT_TEXT = "LeadQR test alert: this channel will receive your lead alerts.";
export const LINKED_TEXT = "LeadQR is linked to this chat: new leads will be announced here.";

export function proofText(code: string) {
  return `Your LeadQR code is ${code}. Type it on Settings → Notifications to send lead alerts to this channel.`;
}

/** Minutes after midnight ("22:00" → 1320), or null when not a time. */
export function minutesOf(value: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export function clockOf(minutes: number) {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** Whether `at` falls in quiet hours [from, until) in the zone; a range may cross midnight. */
export function isQuiet(at: Date, timeZone: string, from: number | null, until: number | null) {
  if (from === null || until === null || from === until) return false;
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(at);
  const minutes = Number(parts.find((p) => p.type === "hour")!.value) * 60 + Number(parts.find((p) => p.type === "minute")!.value);
  return from < until ? minutes >= from && minutes < until : minutes >= from || minutes < until;
}

/** "Code redeemed: Maria, Spring Offer (at Harbour, by Sam), 14:32" and the lead's link. */
export function redeemedAlertText(facts: Omit<LeadAlertFacts, "placement"> & { by: string | null }) {
  const details = [facts.location ? `at ${facts.location}` : null, facts.by ? `by ${facts.by}` : null].filter(Boolean).join(", ");
  const where = details ? ` (${details})` : "";
  return `Code redeemed: ${whoOf(facts.name)}${facts.campaignTitle}${where}, ${timeOf(facts.collectedAt, facts.timeZone)}\n${facts.leadUrl}`;
}

/** "Spring Offer has reached its 100 free scans: …" and the pricing page's link. */
export function scanLimitAlertText(options: { campaignTitle: string; limit: number; pricingUrl: string }) {
  return `${options.campaignTitle} has reached its ${options.limit} free scans: visitors now see an upgrade message instead of your offer.\n${options.pricingUrl}`;
}
