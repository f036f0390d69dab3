import { z } from "zod";

/** Settings → Morning summary: how often, and whether a quiet period is sent too. */
export const SummarySettingsSchema = z.object({
  summaryFrequency: z.enum(["off", "daily", "weekly"], { error: "Please choose off, daily or weekly" }),
  // A checkbox posts "yes" when ticked and nothing otherwise.
  summaryOnQuietDays: z
    .string()
    .optional()
    .transform((value) => value === "yes"),
  summaryToChannels: z
    .string()
    .optional()
    .transform((value) => value === "yes"),
});

export type SummarySettingsInput = z.output<typeof SummarySettingsSchema>;

/** What the section shows: the choice, and the zone 08:00 is read in (null: UTC until a browser tells us). */
export type SummarySettings = { frequency: "off" | "daily" | "weekly"; onQuietDays: boolean; toChannels: boolean; timeZone: string | null };
