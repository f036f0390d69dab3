// Rules: docs/features/capture-and-leads.md ("Unlimited campaigns: group commit, no hot row", "Token budgets");
//   docs/features/counting.md ("Conversion").
import { bigint, date, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { campaign } from "./campaigns";

/**
 * Counted scans of unlimited campaigns, spread over a few rows per campaign so that concurrent
 * scans never queue behind one row lock. A campaign's scans are
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

/**
 * Stored leads of a campaign beyond `campaign.lead_count`, spread over rows chosen by the
 * database connection (migration 0011): concurrent lead inserts never queue behind one row lock
 *. A campaign's leads are `campaign.lead_count` plus the sum of these rows.
 */
export const campaignLeadTally = pgTable(
  "campaign_lead_tally",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaign.id, { onDelete: "cascade" }),
    shard: smallint("shard").notNull(),
    leads: bigint("leads", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.shard] })],
);

export const LEAD_REFUSAL_REASONS = ["rate_limited", "no_scan", "consent_required", "invalid_fields", "inactive"] as const;
export type LeadRefusalReason = (typeof LEAD_REFUSAL_REASONS)[number];

/** Refused lead submissions, aggregated per campaign, UTC day and reason (buffered like scan exclusions). */
export const leadRefusal = pgTable(
  "lead_refusal",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaign.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    reason: text("reason", { enum: LEAD_REFUSAL_REASONS }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day, t.reason] })],
);

/**
 * A campaign's unique visitors and those who became leads (conversion's two terms),
 * spread over rows chosen by the database connection like `campaign_lead_tally`. Written only by
 * the triggers of migration 0016 on `scan` and `lead`; a campaign's figures are the sums of its rows
 * and equal what `countConversion` counts from the rows.
 */
export const campaignVisitorTally = pgTable(
  "campaign_visitor_tally",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaign.id, { onDelete: "cascade" }),
    shard: smallint("shard").notNull(),
    uniques: bigint("uniques", { mode: "number" }).notNull().default(0),
    converted: bigint("converted", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.shard] })],
);

/**
 * How many leads came from each visitor of a campaign (the scans' visitor hash, or the scan itself
 * when it has none): the triggers of migration 0016 learn from it whether a lead is a visitor's
 * first (its unique scans become converted) or a deleted lead was its last. Never read by the app.
 */
export const visitorLead = pgTable(
  "visitor_lead",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaign.id, { onDelete: "cascade" }),
    visitorKey: text("visitor_key").notNull(),
    leads: integer("leads").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.visitorKey] })],
);

/**
 * How many visitors new to a process's window each client (an IPv4 address or an IPv6 /64) added to
 * the counts of unlimited campaigns in its current 10-minute window, across every process
 * (docs/features/crowds.md): written by the scan batch's statement, read by nothing else. Old
 * windows are deleted by the email worker's housekeeping. UNLOGGED (migration 0026): no WAL on the
 * capture path, and a crash only forgets windows of ten minutes.
 */
export const captureBurst = pgTable("capture_burst", {
  clientKey: text("client_key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  visitors: integer("visitors").notNull(),
});
