// Pure rules of the morning summary (docs/features/summary.md): which period is due at a moment in
// the owner's zone, and how a figure's change against the period before is written.
import { addDays } from "~/features/analytics/analytics";
import { DEFAULT_LANGUAGE, INTL_LOCALES, type Language } from "~/features/languages/languages";
import { dateTimeFormat } from "~/utils/dates";

export type SummaryFrequency = "daily" | "weekly";

/** The summary goes at this hour of the owner's clock… */
export const SUMMARY_HOUR = 8;
/** …or, when no process ran then (a restart, an outage), within this many hours after; later it is skipped. */
export const SUMMARY_CATCH_UP_HOURS = 4;

/** A period of the owner's calendar days (both included) and the period of equal length before it. */
export type SummaryPeriod = { frequency: SummaryFrequency; from: string; to: string; previousFrom: string; previousTo: string };

/** The owner's calendar day (YYYY-MM-DD), hour (0–23) and ISO weekday (1 = Monday) at `now`. */
export function ownerClock(now: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
    weekday: "short",
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? "";
  const weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(part("weekday")) + 1;
  return { day: `${part("year")}-${part("month")}-${part("day")}`, hour: Number(part("hour")), weekday };
}

/** A zone Intl knows, else UTC: a stored zone is checked when saved, but tz data differ between versions. */
export function usableZone(timeZone: string | null | undefined) {
  if (!timeZone) return "UTC";
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

/**
 * The period whose summary is due at `now`, or null: daily, yesterday, from 08:00; weekly, last
 * Monday-to-Sunday week, from Monday 08:00. Each within the catch-up hours only.
 */
export function duePeriod(now: Date, timeZone: string, frequency: SummaryFrequency): SummaryPeriod | null {
  const clock = ownerClock(now, timeZone);
  if (clock.hour < SUMMARY_HOUR || clock.hour >= SUMMARY_HOUR + SUMMARY_CATCH_UP_HOURS) return null;
  if (frequency === "daily") {
    const day = addDays(clock.day, -1);
    return { frequency, from: day, to: day, previousFrom: addDays(day, -1), previousTo: addDays(day, -1) };
  }
  if (clock.weekday !== 1) return null;
  return {
    frequency,
    from: addDays(clock.day, -7),
    to: addDays(clock.day, -1),
    previousFrom: addDays(clock.day, -14),
    previousTo: addDays(clock.day, -8),
  };
}

/**
 * A count against the period before: "+12 %", "-5 %", "±0 %", "new" (from nothing), "—" (nothing
 * either time). Rounded to whole percents.
 */
export function countChange(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? "—" : "new";
  const percent = Math.round(((current - previous) / previous) * 100);
  return signed(percent, "%");
}

/**
 * A conversion (null: nobody visited) against the period before, in percentage points: "+4.5 pts",
 * "-3 pts", "±0 pts"; "new" when nobody visited before, "—" when nobody visited now.
 */
export function conversionChange(current: number | null, previous: number | null): string {
  if (current === null) return "—";
  if (previous === null) return "new";
  return signed(Math.round((current - previous) * 10) / 10, "pts");
}

function signed(value: number, unit: string) {
  if (value === 0) return `±0 ${unit}`;
  return `${value > 0 ? "+" : "-"}${Math.abs(value)} ${unit}`;
}

/** English days in the British order ("Monday 23 November 2026"); every other language in its own forms. */
const localeOf = (language: Language) => (language === DEFAULT_LANGUAGE ? "en-GB" : INTL_LOCALES[language]);

/**
 * "Monday 23 November 2026" for a day; "16 – 22 November 2026" or "30 November – 6 December 2026"
 * for a week; in another language its own forms ("Montag, 23. November 2026").
 */
export function periodLabel(period: Pick<SummaryPeriod, "from" | "to">, language: Language = DEFAULT_LANGUAGE) {
  const locale = localeOf(language);
  const from = new Date(`${period.from}T00:00:00Z`);
  const to = new Date(`${period.to}T00:00:00Z`);
  if (period.from === period.to) {
    const day = dateTimeFormat(locale, "UTC", { weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(from);
    return language === DEFAULT_LANGUAGE ? day.replace(",", "") : day;
  }
  const sameMonth = period.from.slice(0, 7) === period.to.slice(0, 7);
  const start = sameMonth
    ? dateTimeFormat(locale, "UTC", { day: "numeric" }).format(from)
    : dateTimeFormat(locale, "UTC", { day: "numeric", month: "long" }).format(from);
  return `${start} – ${dateTimeFormat(locale, "UTC", { day: "numeric", month: "long", year: "numeric" }).format(to)}`;
}
