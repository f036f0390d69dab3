// The summary as words (docs/features/summary.md, "What it says"): the email's text part, and what a
// chat channel (Slack, Telegram) posts line by line. Pure: it only reads the built summary.
import { conversionChange, countChange, periodLabel } from "./period";
import type { Compared, Figures, OwnerSummary } from "./summary.server";

export const METRICS = [
  { key: "scans", label: "scans", one: "scan" },
  { key: "unique", label: "unique visitors", one: "unique visitor" },
  { key: "leads", label: "leads", one: "lead" },
  { key: "redemptions", label: "redeemed", one: "redeemed" },
] as const;

const NUMBER = new Intl.NumberFormat("en-US");

/** "1 lead", "1,240 leads". */
export function counted(count: number, key: (typeof METRICS)[number]["key"]) {
  const metric = METRICS.find((candidate) => candidate.key === key)!;
  return `${NUMBER.format(count)} ${count === 1 ? metric.one : metric.label}`;
}

/** "33.3 %", or "no visitors" when nobody came to divide by. */
export function conversionText(conversion: Figures["conversion"]) {
  return conversion === null ? "no visitors" : `${conversion} %`;
}

/** Each figure with its change: [label, value, change], conversion last. */
export function figureCells(compared: Compared): Array<[string, string, string]> {
  return [
    ...METRICS.map(({ key, label }): [string, string, string] => [
      label,
      NUMBER.format(compared.current[key]),
      countChange(compared.current[key], compared.previous[key]),
    ]),
    ["conversion", conversionText(compared.current.conversion), conversionChange(compared.current.conversion, compared.previous.conversion)],
  ];
}

/** "12 scans (+20 %), 9 unique visitors (new), …, conversion 33.3 % (+5 pts)". */
export function figuresLine(compared: Compared) {
  const counts = METRICS.map(({ key }) => `${counted(compared.current[key], key)} (${countChange(compared.current[key], compared.previous[key])})`);
  const conversion = `conversion ${conversionText(compared.current.conversion)} (${conversionChange(compared.current.conversion, compared.previous.conversion)})`;
  return [...counts, conversion].join(", ");
}

/** The subject: "Yesterday on LeadQR: 3 leads from 12 scans" / "Last week on LeadQR: …". */
export function summarySubject(summary: OwnerSummary) {
  const when = summary.period.frequency === "daily" ? "Yesterday" : "Last week";
  const { leads, scans } = summary.totals.current;
  if (leads === 0 && scans === 0) return `${when} on LeadQR: a quiet ${summary.period.frequency === "daily" ? "day" : "week"}`;
  return `${when} on LeadQR: ${counted(leads, "leads")} from ${counted(scans, "scans")}`;
}

/** "Wed 25 Nov, 18:00" in the owner's zone. */
export function momentText(at: string, timeZone: string) {
  return new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone }).format(
    new Date(at),
  );
}

export function brokenText(thing: OwnerSummary["broken"][number]) {
  const what = { domain: "Your domain", sync: "Lead sync to", webhook: "Webhook endpoint" }[thing.kind];
  const state = { domain: "stopped pointing at LeadQR", sync: "stopped working", webhook: "is paused" }[thing.kind];
  return `${what} ${thing.name} ${state}${thing.reason ? `: ${thing.reason}` : ""}`;
}

export function expiringText(row: OwnerSummary["expiringCodes"][number], timeZone: string) {
  return `${row.campaignTitle}: ${row.codes} ${row.codes === 1 ? "code" : "codes"} not redeemed yet, the first expires ${momentText(row.firstExpiresAt, timeZone)}`;
}

/** The whole summary as plain lines, in the email's order; a chat channel sends them as they are. */
export function summaryAsLines(summary: OwnerSummary): string[] {
  const compared = summary.period.frequency === "daily" ? "the day before" : "the week before";
  const lines = [`LeadQR summary for ${periodLabel(summary.period)} (${summary.timeZone}), changes against ${compared}`];
  if (summary.campaigns.length === 0) lines.push("No scans, leads or redemptions.");
  else lines.push(`All campaigns: ${figuresLine(summary.totals)}`);
  if (summary.bestPlacement) {
    const best = summary.bestPlacement;
    lines.push(
      `Best placement: ${best.name} (${best.campaignTitle}), ${counted(best.current.leads, "leads")} from ${counted(best.current.scans, "scans")}`,
    );
  }
  for (const campaign of summary.campaigns) {
    lines.push(`${campaign.title}: ${figuresLine(campaign)}`);
    for (const row of campaign.breakdowns.location) lines.push(`  - ${row.name} (location): ${figuresLine(row)}`);
    for (const row of campaign.breakdowns.placement) lines.push(`  - ${row.name}: ${figuresLine(row)}`);
  }
  if (summary.expiringCodes.length > 0) {
    lines.push("Codes about to expire:");
    for (const row of summary.expiringCodes) lines.push(`  - ${expiringText(row, summary.timeZone)}`);
  }
  if (summary.broken.length > 0) {
    lines.push("Needs your attention:");
    for (const thing of summary.broken) lines.push(`  - ${brokenText(thing)}`);
  }
  return lines;
}
