// Pure rules of the analytics page: date ranges, the exclusions sentence, shares.
// Rules: docs/features/capture-and-leads.md ("Token budgets"); docs/features/counting.md ("The campaign page").
import { SCAN_EXCLUSION_REASONS, type ScanExclusionReason } from "~/db/schema/scans";
import { LEAD_REFUSAL_REASONS, type LeadRefusalReason } from "~/db/schema/capture";
import type { Language } from "~/features/languages/languages";
import { ownerT } from "~/features/languages/owner/owner-language";
import { MAX_RANGE_DAYS, type AnalyticsRangeQuery, type RangePreset } from "./analytics.schema";

export { conversionRate } from "~/features/campaigns/campaigns";
/** The exclusion reasons in the order the page lists them; routes read them here, not from the schema. */
export { SCAN_EXCLUSION_REASONS };

export type DateRange = {
  preset: RangePreset | "custom";
  /** First and last calendar day (YYYY-MM-DD) of the owner's time zone, both included. */
  from: string;
  to: string;
  days: number;
  /** Why a custom range was replaced by the default, for the page to say. */
  notice: string | null;
};

const MS_PER_DAY = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / MS_PER_DAY;
export const addDays = (day: string, count: number) => new Date(Date.parse(`${day}T00:00:00Z`) + count * MS_PER_DAY).toISOString().slice(0, 10);

/** The range the page shows, from its URL and the owner's `today`; a notice in the member's language. */
export function resolveRange(query: AnalyticsRangeQuery, today: string, language: Language = "en"): DateRange {
  const t = ownerT("analytics", language);
  const preset = (days: RangePreset, notice: string | null = null): DateRange => ({
    preset: days,
    from: addDays(today, -(Number(days) - 1)),
    to: today,
    days: Number(days),
    notice,
  });
  if (query.range !== "custom") return preset(query.range);
  if (!query.from || !query.to) return preset("30", t("range.notices.missing"));
  if (query.from > query.to) return preset("30", t("range.notices.reversed"));
  if (query.from > today) return preset("30", t("range.notices.future"));
  const days = dayNumber(query.to) - dayNumber(query.from) + 1;
  if (days > MAX_RANGE_DAYS) return preset("30", t("range.notices.tooLong", { days: MAX_RANGE_DAYS }));
  return { preset: "custom", from: query.from, to: query.to, days, notice: null };
}

/** Every calendar day of a range, in order. */
export function daysOf(range: Pick<DateRange, "from" | "days">): string[] {
  return Array.from({ length: range.days }, (_, index) => addDays(range.from, index));
}

/** The reasons with a count, largest first (ties in the reasons' own order), and their total. */
function rankReasons<Reason extends string>(order: readonly Reason[], counts: Partial<Record<Reason, number>>) {
  const reasons = order
    .map((reason, index) => ({ reason, index, count: counts[reason] ?? 0 }))
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count || a.index - b.index);
  return { reasons, total: reasons.reduce((total, entry) => total + entry.count, 0) };
}

const EXCLUSION_NOUNS: Record<ScanExclusionReason, [singular: string, plural: string]> = {
  preview: ["link preview", "link previews"],
  bot: ["bot", "bots"],
  head: ["HEAD request", "HEAD requests"],
  prefetch: ["prefetch", "prefetches"],
  repeat: ["repeat", "repeats"],
  owner: ["you", "you"],
  burst: ["burst from one address", "burst from one address"],
};

/** What each reason means, for the legend under the sentence. */
export const EXCLUSION_EXPLANATIONS: Record<ScanExclusionReason, string> = {
  preview: "chat and social apps fetching the link to draw a preview",
  bot: "crawlers and other automated clients",
  head: "HEAD requests, which ask for headers only",
  prefetch: "browsers loading the page ahead of a click (prefetch, prerender)",
  repeat: "the same visitor loading the page again within 30 minutes",
  owner: "your own visits while signed in",
  burst:
    "new visitors from one network address (an IPv6 /64 is one) beyond what one address may add in 10 minutes (a script, or a crowd larger than the allowance)",
};

export type ExclusionCounts = Partial<Record<ScanExclusionReason, number>>;

const plural = (count: number, singular: string, many: string) => `${count.toLocaleString("en-US")} ${count === 1 ? singular : many}`;

/**
 * "812 scans counted · 143 not counted: 97 link previews, 31 bots, 12 repeats, 3 you": reasons
 * largest first (ties in a fixed order), reasons with no loads left out.
 */
export function exclusionSentence(counted: number, exclusions: ExclusionCounts): string {
  const { reasons, total: excluded } = rankReasons(SCAN_EXCLUSION_REASONS, exclusions);
  const head = `${plural(counted, "scan", "scans")} counted`;
  if (excluded === 0) return `${head} · 0 not counted`;
  const parts = reasons.map((entry) => plural(entry.count, ...EXCLUSION_NOUNS[entry.reason]));
  return `${head} · ${excluded.toLocaleString("en-US")} not counted: ${parts.join(", ")}`;
}

const REFUSAL_NOUNS: Record<LeadRefusalReason, [singular: string, plural: string]> = {
  rate_limited: ["too many tries from one visitor", "too many tries from one visitor"],
  no_scan: ["without a scan of this campaign", "without a scan of this campaign"],
  consent_required: ["without the required consent", "without the required consent"],
  invalid_fields: ["with invalid details", "with invalid details"],
  inactive: ["while the campaign was paused", "while the campaign was paused"],
};

export type RefusalCounts = Partial<Record<LeadRefusalReason, number>>;

/**
 * "3 forms were turned away: 2 with invalid details, 1 without a scan of this campaign": the
 * owner sees why forms were not stored; largest first, empty reasons left out.
 */
export function refusalSentence(refusals: RefusalCounts): string {
  const { reasons, total: refused } = rankReasons(LEAD_REFUSAL_REASONS, refusals);
  if (refused === 0) return "No forms were turned away.";
  const parts = reasons.map((entry) => `${entry.count.toLocaleString("en-US")} ${REFUSAL_NOUNS[entry.reason][entry.count === 1 ? 0 : 1]}`);
  return `${refused === 1 ? "1 form was" : `${refused.toLocaleString("en-US")} forms were`} turned away: ${parts.join(", ")}.`;
}

/**
 * The range in one sentence: visits, people, where they came from and how many left
 * their details, so the analysis below needs no second row of the same numbers.
 */
export function rangeSummarySentence(
  totals: { scans: number; unique: number; qr: number; link: number; leads: number; conversion: number },
  rangeLabel: string,
): string {
  if (totals.scans === 0) return `No visits in the ${rangeLabel} yet.`;
  const visits = plural(totals.scans, "visit", "visits");
  const people = plural(totals.unique, "person", "different people");
  const sources = `${totals.qr.toLocaleString("en-US")} from the printed code, ${totals.link.toLocaleString("en-US")} from a shared link`;
  const leads =
    totals.leads === 0
      ? "nobody left their details yet"
      : `${totals.leads.toLocaleString("en-US")} left their details (${totals.conversion}% of the people who came)`;
  return `In the ${rangeLabel}: ${visits} by ${people} (${sources}); ${leads}.`;
}

/** `part` as a whole percentage of `total` (0 when there is no total). */
export function share(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}

/** ISO weekdays 1 (Monday) to 7 (Sunday). */
export const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/** "09:00" style label of an hour of the day. */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/**
 * How far "different people" can be trusted, in one sentence: the share of counted visits whose
 * browser never sent its visitor id back, each possibly a person counted again.
 */
export function uniqueExactnessSentence(scans: number, neverBack: number): string {
  if (scans === 0) return "No visits in this range yet, so nobody was counted twice.";
  const shown = Math.min(neverBack, scans);
  if (shown === 0) {
    const all = scans === 1 ? "The one visit" : `All ${scans.toLocaleString("en-US")} visits`;
    return `${all} came from a browser recognised again, so nobody was counted twice.`;
  }
  return `${shown.toLocaleString("en-US")} of ${plural(scans, "visit", "visits")} (${share(shown, scans)}%) came from a browser that refused or dropped our cookie; each of these may be a person counted twice.`;
}
