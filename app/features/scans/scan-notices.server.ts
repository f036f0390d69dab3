// Rules: docs/features/emails.md ("Free scan notices").
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { campaign, user } from "~/db/schema";
import { FREE_SCAN_LIMIT } from "~/features/billing/plan";
import { campaignScans } from "~/features/scans/scan-count.server";
import { enqueueEmail } from "~/features/email/outbox.server";
import { recipientLanguage } from "~/features/email/recipient-language.server";
import { scanLimitEmail } from "~/features/email/scan-limit-email";
import { getEnv } from "~/utils/env.server";
import { queueScanLimitAlert } from "~/features/alerts/event-alerts.server";

/** 80 % of the free scans: the owner's early warning (4 of 5). */
export const FREE_SCAN_WARNING = Math.ceil(FREE_SCAN_LIMIT * 0.8);

/**
 * Queues the free-plan notice a counted scan earns, at most once per level and campaign
 *: the level is raised by a conditional UPDATE inside the scan's transaction, so
 * of any number of concurrent scans, across processes, exactly one wins each level.
 */
export async function queueScanNotice(tx: Database, campaignId: string, scans: number) {
  const level = scans >= FREE_SCAN_LIMIT ? 2 : scans >= FREE_SCAN_WARNING ? 1 : 0;
  if (level === 0) return;
  const [raised] = await tx
    .update(campaign)
    .set({ scanNoticeLevel: level })
    .where(and(eq(campaign.id, campaignId), lt(campaign.scanNoticeLevel, level)))
    .returning({
      title: campaign.title,
      owner: sql<string>`(select ${user.email} from ${user} where ${user.id} = ${campaign.userId})`,
      language: sql<string | null>`(select coalesce(${user.language}, ${user.browserLanguage}) from ${user} where ${user.id} = ${campaign.userId})`,
    });
  if (!raised) return;
  await enqueueEmail(tx, {
    kind: level === 2 ? "scan_limit_reached" : "scan_limit_near",
    to: raised.owner,
    campaignId,
    content: scanLimitEmail(
      { campaignTitle: raised.title, scans, limit: FREE_SCAN_LIMIT, reached: level === 2 },
      getEnv().appOrigin,
      recipientLanguage(raised.language),
    ),
  });
  // The owner's "scan limit" alert, when asked for (docs/features/alerts.md), once as the email.
  if (level === 2) await queueScanLimitAlert(tx, { campaignId, campaignTitle: raised.title, limit: FREE_SCAN_LIMIT });
}

/** A free owner's campaigns at or past 80 % of their scans, for the dashboard's banner. */
export async function campaignsNearScanLimit(db: Database, userId: string) {
  const rows = await db
    .select({ id: campaign.id, title: campaign.title, scans: campaignScans })
    .from(campaign)
    .where(and(eq(campaign.userId, userId), gte(campaignScans, FREE_SCAN_WARNING)))
    .orderBy(campaign.createdAt);
  return rows.map((row) => ({ ...row, limit: FREE_SCAN_LIMIT }));
}
