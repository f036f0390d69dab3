import { sql } from "drizzle-orm";

/**
 * A campaign's counted scans: the free path's gated counter plus the sharded tally of unlimited
 * campaigns (decision 091). Use this wherever a campaign's scan number is shown or checked.
 * Written out in full: inside a one-table select Drizzle would render the columns unqualified.
 */
export const campaignScans =
  sql<number>`("campaign"."scan_count" + coalesce((select sum(t.scans) from campaign_scan_tally t where t.campaign_id = "campaign"."id"), 0))::int`.mapWith(
    Number,
  );
