// What the owner sees of lead sync: each provider's state, the sync log, the per-campaign
// switches; and what they may do with a failure (Retry).
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { campaign, lead, syncCampaignOff, syncConnection, syncJob } from "~/db/schema";
import { refused } from "~/features/languages/owner/refusals";
import { backfillStateOf } from "./backfill.server";
import { SYNC_PROVIDERS } from "./providers.server";

/** The sync log shows this many recent jobs. */
export const SYNC_LOG_SIZE = 50;

export type SyncLogEntry = {
  id: string;
  provider: string;
  at: string;
  /** The lead's email, or "Erased lead". */
  lead: string;
  status: "pending" | "sending" | "succeeded" | "skipped" | "failed";
  result: string | null;
  attempts: number;
};

export type BrokenSync = { provider: string; reason: string };

/** The owner's connections that stopped syncing, for the dashboard's banner until they are fixed. */
export async function brokenSyncConnections(db: Database, options: { userId: string }): Promise<BrokenSync[]> {
  const rows = await db
    .select({ provider: syncConnection.provider, reason: syncConnection.brokenReason })
    .from(syncConnection)
    .where(and(eq(syncConnection.userId, options.userId), eq(syncConnection.status, "broken")));
  return rows.map((row) => ({ provider: providerLabel(row.provider), reason: row.reason ?? "" }));
}

export async function syncOverview(db: Database, options: { userId: string }) {
  const connections = await db.select().from(syncConnection).where(eq(syncConnection.userId, options.userId));
  const connectionIds = connections.map((row) => row.id);
  const [log, campaigns, off, lastSynced, backfills] = await Promise.all([
    syncLog(db, connectionIds),
    db.select({ id: campaign.id, title: campaign.title }).from(campaign).where(eq(campaign.userId, options.userId)).orderBy(desc(campaign.createdAt)),
    connectionIds.length ? db.select().from(syncCampaignOff).where(inArray(syncCampaignOff.connectionId, connectionIds)) : [],
    lastSyncOf(db, connectionIds),
    Promise.all(connections.map((row) => backfillStateOf(db, row))),
  ]);
  const providers = SYNC_PROVIDERS.map((provider) => {
    const row = connections.find((connection) => connection.provider === provider.id);
    return {
      id: provider.id,
      label: provider.label,
      destinationNoun: provider.destinationNoun,
      canCreate: provider.createDestination !== null,
      needsMarketingConsent: provider.needsMarketingConsent,
      missingConfiguration: provider.missingConfiguration(),
      connection: row
        ? {
            status: row.status,
            brokenReason: row.brokenReason,
            accountName: row.accountName,
            destinationName: row.destinationName,
            lastSyncAt: lastSynced.get(row.id) ?? null,
            failures: log.filter((entry) => entry.provider === provider.id && entry.status === "failed").length,
            campaignsOff: off.filter((entry) => entry.connectionId === row.id).map((entry) => entry.campaignId),
            backfill: backfills[connections.indexOf(row)] ?? null,
          }
        : null,
    };
  });
  return { providers, log: log.map((entry) => ({ ...entry, provider: providerLabel(entry.provider) })), campaigns };
}

const providerLabel = (id: string) => SYNC_PROVIDERS.find((provider) => provider.id === id)?.label ?? id;

async function syncLog(db: Database, connectionIds: string[]): Promise<SyncLogEntry[]> {
  if (connectionIds.length === 0) return [];
  const rows = await db
    .select({
      id: syncJob.id,
      provider: syncConnection.provider,
      at: sql<string>`coalesce(${syncJob.completedAt}, ${syncJob.createdAt})`,
      email: lead.email,
      status: syncJob.status,
      result: syncJob.lastResult,
      attempts: syncJob.attempts,
    })
    .from(syncJob)
    .innerJoin(syncConnection, eq(syncConnection.id, syncJob.connectionId))
    .leftJoin(lead, eq(lead.id, syncJob.leadId))
    .where(inArray(syncJob.connectionId, connectionIds))
    .orderBy(desc(syncJob.createdAt))
    .limit(SYNC_LOG_SIZE);
  return rows.map((row) => ({ ...row, at: new Date(row.at).toISOString(), lead: row.email ?? "Erased lead" }));
}

async function lastSyncOf(db: Database, connectionIds: string[]) {
  if (connectionIds.length === 0) return new Map<string, string>();
  const rows = rowsOf<{ connection_id: string; at: string | Date }>(
    await db.execute(sql`
      select connection_id, max(completed_at) as at from sync_job
       where status = 'succeeded' and connection_id in (${sql.join(
         connectionIds.map((id) => sql`${id}`),
         sql`, `,
       )})
       group by connection_id`),
  );
  return new Map(rows.filter((row) => row.at).map((row) => [row.connection_id, new Date(row.at).toISOString()]));
}

/** Turns one destination on or off for one of the owner's campaigns. */
export async function setCampaignSync(db: Database, options: { userId: string; providerId: string; campaignId: string; on: boolean }) {
  const [target] = await db
    .select({ connectionId: syncConnection.id, campaignId: campaign.id })
    .from(syncConnection)
    .innerJoin(campaign, eq(campaign.userId, syncConnection.userId))
    .where(
      and(
        eq(syncConnection.userId, options.userId),
        eq(syncConnection.provider, options.providerId as "mailchimp"),
        eq(campaign.id, options.campaignId),
      ),
    );
  if (!target) throw refused("not_found", "sync.noTarget");
  if (options.on)
    await db
      .delete(syncCampaignOff)
      .where(and(eq(syncCampaignOff.connectionId, target.connectionId), eq(syncCampaignOff.campaignId, target.campaignId)));
  else await db.insert(syncCampaignOff).values(target).onConflictDoNothing();
}

/** "Retry": a failed job of the owner's goes back to the queue, due now, with a fresh count of attempts. */
export async function retrySyncJob(db: Database, options: { userId: string; jobId: string }) {
  const retried = rowsOf(
    await db.execute(sql`
      update sync_job j set status = 'pending', attempts = 0, next_attempt_at = now(), completed_at = null
        from sync_connection c
       where j.id = ${options.jobId}::uuid and c.id = j.connection_id and c.user_id = ${options.userId} and j.status = 'failed'
      returning j.id`),
  );
  if (retried.length === 0) throw refused("not_found", "sync.notWaiting");
}
