// Exclusions and placements written the way the capture path records them (decision 100); scans
// and leads come from createScanRows and createLeadRow (factories.ts).
import * as schema from "~/db/schema";
import { getServices } from "~/utils/services.server";

export async function insertExclusions(campaignId: string, day: string, counts: Partial<Record<schema.ScanExclusionReason, number>>) {
  const { db } = await getServices();
  const rows = Object.entries(counts).map(([reason, count]) => ({ campaignId, day, reason: reason as schema.ScanExclusionReason, count: count! }));
  if (rows.length) await db.insert(schema.scanExclusion).values(rows);
}

let placementsMade = 0;

/**
 * A placement, created a millisecond after the one before: placements are listed in the order
 * they were made (`created_at`, then id), and two made within one millisecond would tie.
 */
export async function insertPlacement(campaignId: string, name: string) {
  const { db } = await getServices();
  placementsMade += 1;
  const createdAt = new Date(Date.now() + placementsMade);
  const [row] = await db.insert(schema.placement).values({ campaignId, name, createdAt }).returning({ id: schema.placement.id });
  return row!.id;
}

/** The instant `hours` hours after midnight UTC of `day` days ago. */
export function utcAt(daysAgo: number, hours: number) {
  const midnight = new Date();
  midnight.setUTCHours(0, 0, 0, 0);
  return new Date(midnight.getTime() - daysAgo * 86_400_000 + hours * 3_600_000);
}

export const utcDay = (daysAgo: number) => utcAt(daysAgo, 0).toISOString().slice(0, 10);
