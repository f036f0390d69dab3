import { z } from "zod";

export const RANGE_PRESETS = ["7", "30", "90"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
/** A custom range spans at most this many days: 24 months (two years and a day for a leap year), read from the rollups. */
export const MAX_RANGE_DAYS = 731;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
function isCalendarDay(value: string) {
  const time = DAY.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
  // 2024-02-30 parses (as March 1st): only a date that prints back the same is a real day.
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/**
 * The analytics page's URL: `?range=7|30|90` or `?range=custom&from=YYYY-MM-DD&to=YYYY-MM-DD`.
 * Bad values fall back to the last 30 days with a message, never an error page.
 */
export const AnalyticsRangeQuerySchema = z.object({
  range: z.enum([...RANGE_PRESETS, "custom"]).catch("30"),
  from: z.string().refine(isCalendarDay).optional().catch(undefined),
  to: z.string().refine(isCalendarDay).optional().catch(undefined),
});

export type AnalyticsRangeQuery = z.infer<typeof AnalyticsRangeQuerySchema>;
