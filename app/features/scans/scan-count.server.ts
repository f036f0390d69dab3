// Rules: docs/features/capture-and-leads.md ("Unlimited campaigns: group commit, no hot row", "Token budgets");
//   docs/features/counting.md ("Conversion").
import { sql } from "drizzle-orm";

/**
 * A campaign's counted scans: the free path's gated counter plus the sharded tally of unlimited
 * campaigns. Use this wherever a campaign's scan number is shown or checked.
 * Written out in full: inside a one-table select Drizzle would render the columns unqualified.
 */
export const campaignScans =
  sql<number>`("campaign"."scan_count" + coalesce((select sum(t.scans) from campaign_scan_tally t where t.campaign_id = "campaign"."id"), 0))::int`.mapWith(
    Number,
  );

/**
 * A campaign's stored leads: the kept count plus the tally rows the insert trigger spreads over
 * connections. Use this wherever a campaign's lead number is shown.
 */
export const campaignLeads =
  sql<number>`("campaign"."lead_count" + coalesce((select sum(t.leads) from campaign_lead_tally t where t.campaign_id = "campaign"."id"), 0))::int`.mapWith(
    Number,
  );

/** The same for a campaign aliased `c` in hand-written SQL. */
export const campaignLeadsOfC = sql`(c.lead_count + coalesce((select sum(t.leads) from campaign_lead_tally t where t.campaign_id = c.id), 0))::int`;

/**
 * A campaign's unique visitors and those who became leads, conversion's two terms:
 * the sums of the tally rows the scan and lead triggers keep (migration 0016), equal to what
 * `countConversion` counts from the rows. Use these wherever a campaign's kept conversion is shown.
 */
export const campaignVisitors =
  sql<number>`coalesce((select sum(t.uniques) from campaign_visitor_tally t where t.campaign_id = "campaign"."id"), 0)::int`.mapWith(Number);

export const campaignConvertedVisitors =
  sql<number>`coalesce((select sum(t.converted) from campaign_visitor_tally t where t.campaign_id = "campaign"."id"), 0)::int`.mapWith(Number);
