// Words next to a campaign's figures in the member's language: the business type (the stored value
// stays English, as the API and the webhooks carry it) and the Free plan's scan usage.
// Apart from billing/plan.ts, which the capture page imports and so never reads the owner catalogue.
// Rules: docs/features/visitor-languages.md ("The owner's screens").
import { FREE_SCAN_LIMIT } from "~/features/billing/plan";
import { numberFormat, type Language } from "~/features/languages/languages";
import { ownerT, type OwnerT } from "~/features/languages/owner/owner-language";
import { BUSINESS_TYPES, type BusinessType } from "./campaigns";

const isBusinessType = (value: string): value is BusinessType => (BUSINESS_TYPES as readonly string[]).includes(value);

/** The label of a stored business type; a value outside the list (older rows) as it is. */
export function businessTypeLabel(t: OwnerT<"campaignSentences">, stored: string): string {
  return isBusinessType(stored) ? t(`businessTypes.${stored}`) : stored;
}

/**
 * `scanUsageLabel` in a language: "count / limit" on the free plan, the count alone on Pro; the
 * digits in the language's forms, without grouping ("1234", as in English).
 */
export function scanUsageIn(language: Language, scans: number, options: { isPro: boolean; limit?: number }): string {
  const digits = numberFormat(language, { useGrouping: false });
  if (options.isPro) return digits.format(scans);
  return ownerT("campaignSentences", language)("scanUsage", {
    scans: digits.format(scans),
    limit: digits.format(options.limit ?? FREE_SCAN_LIMIT),
  });
}
