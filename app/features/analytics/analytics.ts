// Pure rules of the analytics page: date ranges, the exclusions sentence, shares.
// Rules: docs/features/capture-and-leads.md ("Token budgets"); docs/features/counting.md ("The campaign page").
import { SCAN_EXCLUSION_REASONS, type ScanExclusionReason } from "~/db/schema/scans";
import { LEAD_REFUSAL_REASONS, type LeadRefusalReason } from "~/db/schema/capture";
import { numberFormat, type Language } from "~/features/languages/languages";
import { ownerT, type OwnerKey } from "~/features/languages/owner/owner-language";
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

/** A counted phrase of the sentences' namespace: the plural form by `count`, every number as the language writes it. */
function counted(language: Language, key: CountedKey, count: number, values: Record<string, string | number> = {}): string {
  // `replace` holds what the text shows ("1,234"), `count` picks the form: i18next reads both.
  const t = ownerT("campaignSentences", language) as unknown as (key: string, options: object) => string;
  return t(key, { count, replace: { ...values, count: numberIn(language, count) } });
}
/** The plurals `counted` reads; a name the catalogue lacks fails `tsc`. */
type CountedKey = OwnerKey<"campaignSentences"> &
  (
    | `exclusions.${"counted" | "notCounted" | "notCountedBecause"}`
    | `exclusions.reasons.${ScanExclusionReason}`
    | "refusals.turnedAway"
    | `refusals.reasons.${RefusalKey}`
    | `summary.${"noneLastDays" | "lastDays" | "visits" | "people" | "leads"}`
    | `exactness.${"all" | "partial" | "ofVisits"}`
  );

/** A number in the language's forms ("1,234"; "1.234" in German). */
const numberIn = (language: Language, value: number) => numberFormat(language).format(value);

export type ExclusionCounts = Partial<Record<ScanExclusionReason, number>>;

/**
 * "812 scans counted · 143 not counted: 97 link previews, 31 bots, 12 repeats, 3 you": reasons
 * largest first (ties in a fixed order), reasons with no loads left out; in the member's language.
 */
export function exclusionSentence(counts: number, exclusions: ExclusionCounts, language: Language = "en"): string {
  const t = ownerT("campaignSentences", language);
  const { reasons, total: excluded } = rankReasons(SCAN_EXCLUSION_REASONS, exclusions);
  const head = counted(language, "exclusions.counted", counts);
  if (excluded === 0) return counted(language, "exclusions.notCounted", 0, { counted: head });
  const parts = reasons.map((entry) => counted(language, `exclusions.reasons.${entry.reason}`, entry.count));
  return counted(language, "exclusions.notCountedBecause", excluded, { counted: head, reasons: parts.join(t("listSeparator")) });
}

/** The catalogue's name of each refusal reason. */
const REFUSAL_KEYS = {
  rate_limited: "rateLimited",
  no_scan: "noScan",
  consent_required: "consentRequired",
  invalid_fields: "invalidFields",
  inactive: "inactive",
} as const satisfies Record<LeadRefusalReason, string>;
type RefusalKey = (typeof REFUSAL_KEYS)[LeadRefusalReason];

export type RefusalCounts = Partial<Record<LeadRefusalReason, number>>;

/**
 * "3 forms were turned away: 2 with invalid details, 1 without a scan of this campaign": the
 * owner sees why forms were not stored; largest first, empty reasons left out.
 */
export function refusalSentence(refusals: RefusalCounts, language: Language = "en"): string {
  const t = ownerT("campaignSentences", language);
  const { reasons, total: refused } = rankReasons(LEAD_REFUSAL_REASONS, refusals);
  if (refused === 0) return t("refusals.none");
  const parts = reasons.map((entry) => counted(language, `refusals.reasons.${REFUSAL_KEYS[entry.reason]}`, entry.count));
  return counted(language, "refusals.turnedAway", refused, { reasons: parts.join(t("listSeparator")) });
}

/**
 * The range in one sentence: visits, people, where they came from and how many left
 * their details, so the analysis below needs no second row of the same numbers.
 */
export function rangeSummarySentence(
  totals: { scans: number; unique: number; qr: number; link: number; leads: number; conversion: number },
  range: Pick<DateRange, "preset" | "from" | "to" | "days">,
  language: Language = "en",
): string {
  const t = ownerT("campaignSentences", language);
  const custom = range.preset === "custom";
  const dates = { from: range.from, to: range.to };
  if (totals.scans === 0) return custom ? t("summary.noneCustom", dates) : counted(language, "summary.noneLastDays", range.days);
  const values = {
    visits: counted(language, "summary.visits", totals.scans),
    people: counted(language, "summary.people", totals.unique),
    sources: t("summary.sources", { qr: numberIn(language, totals.qr), link: numberIn(language, totals.link) }),
    leads:
      totals.leads === 0 ? t("summary.noLeads") : counted(language, "summary.leads", totals.leads, { rate: numberIn(language, totals.conversion) }),
  };
  return custom ? t("summary.custom", { ...dates, ...values }) : counted(language, "summary.lastDays", range.days, values);
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
export function uniqueExactnessSentence(scans: number, neverBack: number, language: Language = "en"): string {
  if (scans === 0) return ownerT("campaignSentences", language)("exactness.none");
  const shown = Math.min(neverBack, scans);
  if (shown === 0) return counted(language, "exactness.all", scans);
  return counted(language, "exactness.partial", shown, {
    visits: counted(language, "exactness.ofVisits", scans),
    share: numberIn(language, share(shown, scans)),
  });
}
