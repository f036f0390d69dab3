// Building an Intl.DateTimeFormat costs about a third of a millisecond; formatting with a built one
// a few microseconds. A leads page formats a hundred instants, so formatters are built once per
// locale, zone and options. Zones are a fixed set (an unknown one throws and is not kept).
const formatters = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function calendarDay(instant: Date, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD.
  return dateTimeFormat("en-CA", timeZone, { year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

/** "2024-03-09" → "Mar 9" ("9. März" in "de-DE"). The day is a calendar date, so it is formatted in UTC. */
export function dayLabel(day: string, locale = "en-US"): string {
  return dateTimeFormat(locale, "UTC", { month: "short", day: "numeric" }).format(new Date(`${day}T00:00:00Z`));
}
