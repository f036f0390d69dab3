// The campaign page's and the dashboard's figures, English: the funnel, the range picker and the
// charts. Spread into the catalogue in en.ts; same rules: a key is a path, and these strings are
// the spec's and the tests' wording.
// Rules: docs/features/visitor-languages.md ("The owner's screens").
export const enAnalytics = {
  analytics: {
    funnel: { label: "Funnel: scans, leads, redeemed", scans: "Scans", leads: "Leads", redeemed: "Redeemed" },
    range: {
      label: "Date range",
      range: "Range",
      last7: "Last 7 days",
      last30: "Last 30 days",
      last90: "Last 90 days",
      custom: "Custom dates",
      from: "From",
      to: "To",
      location: "Location",
      apply: "Apply",
      hint: "Dates are days in your time zone ({{timeZone}}). From and To apply when “Custom dates” is chosen.",
      notices: {
        missing: "Choose both a start and an end date. Showing the last 30 days.",
        reversed: "The start date is after the end date. Showing the last 30 days.",
        future: "The range starts in the future. Showing the last 30 days.",
        tooLong: "A range can span at most {{days}} days. Showing the last 30 days.",
      },
    },
    byDay: {
      title: "Scans and leads by day",
      busiest: "Busiest day: {{day}} with {{scans}} ({{unique}} unique) and {{leads}}.",
      scansLine: "Scans",
      uniqueLine: "Unique scans",
      leadsLine: "Leads",
      showTable: "Show as table",
      caption: "Scans, unique scans, scans from the QR code, leads and conversion per day",
      date: "Date",
      scansColumn: "Scans",
      uniqueColumn: "Unique",
      qrColumn: "From QR",
      leadsColumn: "Leads",
      conversionColumn: "Conversion",
    },
    scanCount_one: "{{count}} scan",
    scanCount_other: "{{count}} scans",
    leadCount_one: "{{count}} lead",
    leadCount_other: "{{count}} leads",
    noScans: "No scans in this range yet.",
    heat: {
      title: "When people scan",
      busiest: "Busiest hour: {{weekday}} {{from}}–{{to}} with {{scans}}, in your time zone.",
      wide: "Scans by weekday and hour",
      wideCaption: "Scans by weekday (rows) and hour of the day (columns)",
      narrow: "Scans by hour and weekday",
      narrowCaption: "Scans by hour of the day (rows) and weekday (columns)",
      hoursShown: "Hours {{from}}–{{to}}; no scans outside them.",
    },
  },
};
