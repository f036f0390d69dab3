// Loads of a capture page that were not scans (previewers, bots, repeats…), per campaign, day and reason.
// Rules: docs/features/capture-and-leads.md ("What counts as a scan").
import type { Database } from "~/db/client.server";
import type { ScanExclusionReason } from "~/db/schema";
import { dailyCounter } from "./buffered-counts.server";
import { utcDay } from "./visitors";

const countExclusion = dailyCounter("scan_exclusion");

/**
 * Counts one load that was not a scan. No row per hit: a flood of bots costs one upsert per
 * campaign and reason every FLUSH_EVERY_MS. A crash loses at most that window of these counts.
 * `n` = -1 takes one back: a burst's load whose lead arrived is a scan after all.
 */
export function recordExclusion(db: Database, campaignId: string, reason: ScanExclusionReason, day: string = utcDay(), n: 1 | -1 = 1) {
  countExclusion(db, `${campaignId}|${day}|${reason}`, n);
}
