// The morning summary's settings section, English. Spread into the catalogue by en.ts.
// Rules: docs/features/visitor-languages.md ("The owner's screens").
export const enSummary = {
  summary: {
    title: "Morning summary",
    description: "One email at 08:00 with your scans, visitors, leads and redemptions, each compared with the period before.",
    legend: "Send me a summary",
    off: "Off",
    offHelp: "No summary (the default).",
    daily: "Every morning",
    dailyHelp: "Yesterday's figures, at 08:00.",
    weekly: "Every Monday",
    weeklyHelp: "Last week's figures (Monday to Sunday), on Monday at 08:00.",
    quietDays: "Send it even on a quiet day",
    quietDaysHelp: "Without this, nothing is sent for a day or week with no scans, leads or redemptions and nothing to fix.",
    toChannels: "Also post it to my Slack and Telegram",
    toChannelsHelp: "The same summary as plain text, on each channel above that you have proven and switched on.",
    zone: "Sent at 08:00 in {{zone}}, the time zone of the browser you last saved your settings from.",
    noZone: "Sent at 08:00 UTC until you save this from your own browser, which tells us your time zone.",
    save: "Save summary settings",
    saved: "Summary settings saved",
  },
};
