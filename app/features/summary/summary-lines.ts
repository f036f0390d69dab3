// The summary as words (docs/features/summary.md, "What it says"): the email's text part, and what a
// chat channel (Slack, Telegram) posts line by line. Pure: it only reads the built summary. In the
// owner's language (the email; a chat channel's post is English), figures in its forms.
import { countedIn, emailT } from "~/features/email/lead-emails";
import { DEFAULT_LANGUAGE, INTL_LOCALES, numberFormat, type Language } from "~/features/languages/languages";
import { dateTimeFormat } from "~/utils/dates";
import { conversionChange, countChange, periodLabel } from "./period";
import type { Compared, Figures, OwnerSummary } from "./summary.server";

export const METRICS = [{ key: "scans" }, { key: "unique" }, { key: "leads" }, { key: "redemptions" }] as const;

type Metric = (typeof METRICS)[number]["key"];

/** "1 lead", "1,240 leads"; "1.240 Leads" in German. */
export function counted(count: number, key: Metric, language: Language = DEFAULT_LANGUAGE) {
  return countedIn(language, `summary.metrics.${key}`, count);
}

/** A number with its decimals in the language's forms ("33.3"; "33,3" in German). */
const decimal = (value: number, language: Language) => numberFormat(language, { maximumFractionDigits: 1 }).format(value);

/** "33.3 %", or "no visitors" when nobody came to divide by. */
export function conversionText(conversion: Figures["conversion"], language: Language = DEFAULT_LANGUAGE) {
  if (conversion === null) return emailT(language)("summary.noVisitors");
  return language === DEFAULT_LANGUAGE ? `${conversion} %` : `${decimal(conversion, language)} %`;
}

/** A change ("+12 %", "new", "+4.5 pts") in the language's words and forms; English as `period.ts` writes it. */
export function changeText(change: string, language: Language = DEFAULT_LANGUAGE) {
  if (language === DEFAULT_LANGUAGE) return change;
  const t = emailT(language);
  if (change === "new") return t("summary.new");
  const parts = /^([+\-±])(\d+(?:\.\d+)?) (%|pts)$/.exec(change);
  if (!parts) return change;
  return `${parts[1]}${decimal(Number(parts[2]), language)} ${parts[3] === "%" ? "%" : t("summary.points")}`;
}

/** Each figure with its change: [label, value, change], conversion last; `raw` the change as `period.ts` wrote it (its sign and "new"). */
export function figureCells(compared: Compared, language: Language = DEFAULT_LANGUAGE): Array<[string, string, string, string]> {
  const t = emailT(language);
  const conversion = conversionChange(compared.current.conversion, compared.previous.conversion);
  return [
    ...METRICS.map(({ key }): [string, string, string, string] => {
      const change = countChange(compared.current[key], compared.previous[key]);
      return [t(`summary.labels.${key}`), numberFormat(language).format(compared.current[key]), changeText(change, language), change];
    }),
    [t("summary.labels.conversion"), conversionText(compared.current.conversion, language), changeText(conversion, language), conversion],
  ];
}

/** "12 scans (+20 %), 9 unique visitors (new), …, conversion 33.3 % (+5 pts)". */
export function figuresLine(compared: Compared, language: Language = DEFAULT_LANGUAGE) {
  const counts = METRICS.map(
    ({ key }) =>
      `${counted(compared.current[key], key, language)} (${changeText(countChange(compared.current[key], compared.previous[key]), language)})`,
  );
  const change = changeText(conversionChange(compared.current.conversion, compared.previous.conversion), language);
  const conversion = `${emailT(language)("summary.conversion", { value: conversionText(compared.current.conversion, language) })} (${change})`;
  return [...counts, conversion].join(", ");
}

/** The subject: "Yesterday on LeadQR: 3 leads from 12 scans" / "Last week on LeadQR: …". */
export function summarySubject(summary: OwnerSummary, language: Language = DEFAULT_LANGUAGE) {
  const t = emailT(language);
  const daily = summary.period.frequency === "daily";
  const { leads, scans } = summary.totals.current;
  if (leads === 0 && scans === 0) return t(daily ? "summary.quietDay" : "summary.quietWeek");
  const values = { leads: counted(leads, "leads", language), scans: counted(scans, "scans", language) };
  return t(daily ? "summary.dailySubject" : "summary.weeklySubject", values);
}

/** "Wed 25 Nov, 18:00" in the owner's zone (in the language's forms). */
export function momentText(at: string, timeZone: string, language: Language = DEFAULT_LANGUAGE) {
  const locale = language === DEFAULT_LANGUAGE ? "en-GB" : INTL_LOCALES[language];
  return dateTimeFormat(locale, timeZone, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }).format(
    new Date(at),
  );
}

export function brokenText(thing: OwnerSummary["broken"][number], language: Language = DEFAULT_LANGUAGE) {
  return `${emailT(language)(`summary.broken.${thing.kind}`, { name: thing.name })}${thing.reason ? `: ${thing.reason}` : ""}`;
}

export function expiringText(row: OwnerSummary["expiringCodes"][number], timeZone: string, language: Language = DEFAULT_LANGUAGE) {
  return emailT(language)("summary.expiringCodes", {
    campaign: row.campaignTitle,
    count: row.codes,
    when: momentText(row.firstExpiresAt, timeZone, language),
  });
}

/** The period the summary covers and what it is compared with, in the language. */
export function comparedWith(summary: OwnerSummary, language: Language = DEFAULT_LANGUAGE) {
  return emailT(language)(summary.period.frequency === "daily" ? "summary.dayBefore" : "summary.weekBefore");
}

/** The whole summary as plain lines, in the email's order; a chat channel sends them as they are. */
export function summaryAsLines(summary: OwnerSummary, language: Language = DEFAULT_LANGUAGE): string[] {
  const t = emailT(language);
  const lines = [
    t("summary.textHeading", { period: periodLabel(summary.period, language), zone: summary.timeZone, compared: comparedWith(summary, language) }),
  ];
  if (summary.campaigns.length === 0) lines.push(t("summary.nothing"));
  else lines.push(t("summary.textAll", { figures: figuresLine(summary.totals, language) }));
  if (summary.bestPlacement) {
    const best = summary.bestPlacement;
    lines.push(
      t("summary.textBest", {
        name: best.name,
        campaign: best.campaignTitle,
        leads: counted(best.current.leads, "leads", language),
        scans: counted(best.current.scans, "scans", language),
      }),
    );
  }
  for (const campaign of summary.campaigns) {
    lines.push(`${campaign.title}: ${figuresLine(campaign, language)}`);
    for (const row of campaign.breakdowns.location) lines.push(`  - ${t("summary.location", { name: row.name })}: ${figuresLine(row, language)}`);
    for (const row of campaign.breakdowns.placement) lines.push(`  - ${row.name}: ${figuresLine(row, language)}`);
  }
  if (summary.expiringCodes.length > 0) {
    lines.push(t("summary.textExpiring"));
    for (const row of summary.expiringCodes) lines.push(`  - ${expiringText(row, summary.timeZone, language)}`);
  }
  if (summary.broken.length > 0) {
    lines.push(t("summary.textAttention"));
    for (const thing of summary.broken) lines.push(`  - ${brokenText(thing, language)}`);
  }
  return lines;
}
