// The shown scan total of an unlimited campaign, kept in sharded tally rows instead of one hot row.
// Rules: docs/features/capture-and-leads.md ("Unlimited campaigns: group commit, no hot row").
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { bufferedCounter } from "./buffered-counts.server";

// This process's row of each campaign's tally: processes never wait on each other's rows.
const TALLY_SHARD = Math.floor(Math.random() * 16);

const countTally = bufferedCounter(
  async (db, pending) => {
    const rows = [...pending].map(([campaignId, n]) => ({ campaign_id: campaignId, n }));
    await db.execute(sql`
    insert into campaign_scan_tally (campaign_id, shard, scans)
    select v.campaign_id, ${TALLY_SHARD}, v.n
    from json_to_recordset(${JSON.stringify(rows)}::json) as v(campaign_id uuid, n int)
    where exists (select 1 from campaign c where c.id = v.campaign_id)
    on conflict (campaign_id, shard) do update set scans = campaign_scan_tally.scans + excluded.scans`);
  },
  { message: "scan totals not written yet" },
);

/** Adds a counted scan of an unlimited campaign to the campaign's shown total (its row is already written). */
export function tallyScan(db: Database, campaignId: string) {
  countTally(db, campaignId);
}
