// "Send my existing N leads": the leads an owner had before choosing a destination
// go through the same outbox as new ones, marked as a backfill so the page can show progress. A
// lead already held by this destination, or already waiting, is not queued again, so pressing
// twice never duplicates; Mailchimp's count holds only leads with marketing consent.
// Rules: docs/features/lead-sync.md ("Backfill on request").
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { refused } from "~/features/languages/owner/refusals";
import { connectionOf, knownProvider, type ConnectionRow } from "./connections.server";

/** The SQL twin of `consentStatusOf` allowing a subscription: notice shown, consented, or confirmed, and not withdrawn. */
const MARKETING_CONSENT = sql`lc.withdrawn_at is null and (lc.mode = 'notice' or (lc.ticked and (lc.mode = 'checkbox' or lc.confirmed_at is not null)))`;

/** The owner's leads this connection could still receive: `select` picks what to read of them. */
function waitingLeads(row: ConnectionRow, select: SQL) {
  const consent = knownProvider(row.provider).needsMarketingConsent ? MARKETING_CONSENT : sql`true`;
  return sql`
    select ${select} from lead l
      join campaign c on c.id = l.campaign_id
      left join lead_consent lc on lc.lead_id = l.id
     where c.user_id = ${row.userId}
       and ${consent}
       and not exists (select 1 from sync_campaign_off o where o.connection_id = ${row.id} and o.campaign_id = c.id)
       and not exists (select 1 from sync_record r where r.connection_id = ${row.id} and r.lead_id = l.id and r.remote_key = ${row.destinationId})
       and not exists (select 1 from sync_job j where j.connection_id = ${row.id} and j.lead_id = l.id and j.status in ('pending', 'sending'))`;
}

export type BackfillState = {
  /** Existing leads this destination does not hold yet (consenting ones only, for an audience). */
  waiting: number;
  /** The backfill under way: how many were queued and how many are done (sent, skipped or failed). */
  queued: number;
  done: number;
};

export async function backfillStateOf(db: Database, row: ConnectionRow): Promise<BackfillState | null> {
  if (!row.destinationId) return null;
  const [counts] = rowsOf<{ waiting: number; queued: number; done: number }>(
    await db.execute(sql`
      select (${waitingLeads(row, sql`count(*)::int`)}) as waiting,
             count(*)::int as queued,
             count(*) filter (where status not in ('pending', 'sending'))::int as done
        from sync_job where connection_id = ${row.id} and backfill`),
  );
  return counts ?? { waiting: 0, queued: 0, done: 0 };
}

/** Queues a push of every waiting lead; answers how many. A new backfill's progress starts from zero. */
export async function startBackfill(db: Database, options: { userId: string; providerId: string }) {
  const row = await connectionOf(db, options);
  if (!row.destinationId)
    throw refused("not_found", knownProvider(row.provider).destinationNoun === "sheet" ? "sync.chooseSheetFirst" : "sync.chooseAudienceFirst");
  return db.transaction(async (tx) => {
    const queued = rowsOf(
      await tx.execute(sql`
        insert into sync_job (connection_id, lead_id, action, backfill)
        select ${row.id}::uuid, l.id, 'push', true from (${waitingLeads(row, sql`l.id, l.collected_at`)}) l
         order by l.collected_at
        returning id`),
    );
    // The rows just inserted carry this transaction's now(); older ones belong to an earlier backfill.
    if (queued.length > 0)
      await tx.execute(sql`update sync_job set backfill = false where connection_id = ${row.id} and backfill and created_at < now()`);
    return queued.length;
  });
}
