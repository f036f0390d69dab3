import { bigint, pgTable, primaryKey, smallint, uuid } from "drizzle-orm/pg-core";
import { campaign } from "./campaigns";

/**
 * Counted scans of unlimited campaigns, spread over a few rows per campaign so that concurrent
 * scans never queue behind one row lock (decision 091). A campaign's scans are
 * `campaign.scan_count` (the free path's exact, gated counter) plus the sum of these rows.
 */
export const campaignScanTally = pgTable(
  "campaign_scan_tally",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaign.id, { onDelete: "cascade" }),
    shard: smallint("shard").notNull(),
    scans: bigint("scans", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.shard] })],
);
