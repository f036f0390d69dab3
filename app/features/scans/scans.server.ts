// Recording one scan of a campaign: counted or a repeat, under the free limit's lock or in the
// unlimited path's batches. Which loads are scans at all is decided by the capture page.
// Rules: docs/features/capture-and-leads.md ("What counts as a scan", "Unlimited campaigns: group commit, no hot row").
import { and, eq, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { campaign, type ScanSource } from "~/db/schema";
import { FREE_SCAN_LIMIT } from "~/features/billing/plan";
import { isUuid } from "~/utils/text";
import { recordUnlimitedScan, type UnlimitedScan } from "./scan-batch.server";
import { campaignScans } from "./scan-count.server";
import { queueScanNotice } from "./scan-notices.server";
import { REPEAT_WINDOW_MINUTES, type ScanOs } from "./visitors";
import { tallyScan } from "./scan-tally.server";

export type ScanFacts = {
  campaignId: string;
  isPro: boolean;
  deviceType: "mobile" | "desktop";
  os?: ScanOs | null;
  /** Salted hash of the visitor; without one, no repeat detection and every scan is unique. */
  visitorHash?: string | null;
  source?: ScanSource;
  /** Kept only when the placement belongs to the campaign. */
  placementId?: string | null;
  /** A visitor new to this process's burst window: unlimited campaigns hold its client to the allowance across processes. */
  burst?: UnlimitedScan["burst"];
};

export type RecordScanResult = { counted: true; scanId: string } | { counted: false; repeatOf?: string; burst?: true };

/**
 * Counts one scan. A load by the same visitor within the repeat
 * window is not counted and answers the earlier scan's id, so a refresh can still submit.
 * Unlimited campaigns: no row every scan must lock, and scans written in batches.
 * Free campaigns: the campaign row lock keeps the limit exact across processes.
 */
export async function recordScan(db: Database, options: ScanFacts): Promise<RecordScanResult> {
  const hash = options.visitorHash ?? null;
  const placementId = isUuid(options.placementId ?? undefined) ? options.placementId! : null;
  if (options.isPro) {
    // No lock shared with other scans, and written in batches; the shown total is added in batches too.
    const result = await recordUnlimitedScan(db, {
      campaignId: options.campaignId,
      deviceType: options.deviceType,
      os: options.os ?? null,
      visitorHash: hash,
      source: options.source ?? "link",
      placementId,
      burst: options.burst ?? null,
    });
    if (result.counted) tallyScan(db, options.campaignId);
    return result;
  }

  const placementOfScan = placementId
    ? sql`(select p.id from placement p where p.id = ${placementId} and p.campaign_id = ${options.campaignId})`
    : sql`null`;
  const values = (isUnique: SQL) => sql`${options.campaignId}, ${options.deviceType}, ${options.os ?? null}, null, ${hash},
      ${isUnique}, ${options.source ?? "link"}, ${placementOfScan}`;
  const columns = sql.raw("campaign_id, device_type, os, location, visitor_hash, is_unique, source, placement_id");
  // The salt changes with the UTC day, so any earlier scan with this hash is from today: the
  // latest one says both "unique today" (none) and "repeat" (within the window). One index probe.
  const latest = latestScanOf(options.campaignId, hash);

  // Read outside the lock: the lock is then held for two statements only. (Two refreshes of one
  // visitor at the same instant may both count; the limit still holds.)
  const [earlier] = rowsOf<{ id: string; recent: boolean }>(await db.execute(latest));
  if (earlier?.recent) return { counted: false, repeatOf: earlier.id };
  return db.transaction(async (tx) => {
    // The conditional increment takes the campaign's row lock: concurrent first loads across
    // processes queue here, and the 6th sees the limit.
    const [counted] = await tx
      .update(campaign)
      .set({ scanCount: sql`${campaign.scanCount} + 1` })
      .where(and(eq(campaign.id, options.campaignId), eq(campaign.status, "active"), lt(campaignScans, FREE_SCAN_LIMIT)))
      .returning({ scans: campaignScans });
    if (!counted) return { counted: false as const };
    await queueScanNotice(tx as unknown as Database, options.campaignId, counted.scans);
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`insert into scan (${columns}) select ${values(earlier ? sql`false` : sql`true`)} returning id`),
    );
    return { counted: true as const, scanId: row!.id };
  });
}

/** This visitor's latest scan of the campaign, and whether it is within the repeat window. */
export function latestScanOf(campaignId: string, visitorHash: string | null) {
  return sql`select id, "timestamp" > now() - make_interval(mins => ${REPEAT_WINDOW_MINUTES}) as recent from scan
      where campaign_id = ${campaignId} and visitor_hash = ${visitorHash} order by "timestamp" desc limit 1`;
}
