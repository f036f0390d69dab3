// Counted scans, the loads that were not, visitor ids and the daily salt of visitor hashes.
// Rules: docs/features/capture-and-leads.md ("What counts as a scan"); docs/features/counting.md ("Conversion").
import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { campaign } from "./campaigns";
import { placement } from "./placements";

export const SCAN_SOURCES = ["qr", "link"] as const;
export type ScanSource = (typeof SCAN_SOURCES)[number];

/**
 * One counted scan: a person's load of the capture page. Partitioned by UTC month on `timestamp`
 * (migration scan_partitions: drizzle-kit knows nothing of partitions), so the primary key holds
 * the partition key; old months are dropped whole at the retention (counting.md, "Partitions and retention").
 */
export const scan = pgTable(
  "scan",
  {
    id: uuid("id")
      .notNull()
      .default(sql`gen_random_uuid()`),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaign.id, { onDelete: "cascade" }),
    timestamp: timestamp("timestamp", { withTimezone: true }).notNull().defaultNow(),
    deviceType: text("device_type", { enum: ["mobile", "desktop"] }).notNull(),
    /** Operating system family from the user agent (iOS, Android, Windows, macOS, Linux, Other). */
    os: text("os"),
    location: text("location"),
    /** Hash of address + user agent with the UTC day's salt; the salt is discarded after the day. */
    visitorHash: text("visitor_hash"),
    /** First counted scan of this visitor for this campaign on this (UTC) day. */
    isUnique: boolean("is_unique").notNull().default(true),
    /** `qr` when the load came from a printed code (`?s=qr`), else `link`. */
    source: text("source", { enum: SCAN_SOURCES }).notNull().default("link"),
    placementId: uuid("placement_id").references(() => placement.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.timestamp] }),
    // Every column the analytics read, after the range key: their queries are index-only scans
    // (no random heap page per scan), "Ranges". It also serves (campaign_id, timestamp).
    index("scan_campaign_analytics_idx").on(t.campaignId, t.timestamp, t.isUnique, t.source, t.placementId, t.deviceType, t.os),
    index("scan_campaign_visitor_idx").on(t.campaignId, t.visitorHash, t.timestamp),
  ],
);

export const SCAN_EXCLUSION_REASONS = ["bot", "preview", "head", "prefetch", "repeat", "owner", "burst"] as const;
export type ScanExclusionReason = (typeof SCAN_EXCLUSION_REASONS)[number];

/** Loads that were not counted, aggregated per campaign, UTC day and reason: never a row per hit. */
export const scanExclusion = pgTable(
  "scan_exclusion",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaign.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    reason: text("reason", { enum: SCAN_EXCLUSION_REASONS }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day, t.reason] })],
);

export const VISITOR_ID_EVENTS = ["issued", "returned"] as const;
export type VisitorIdEvent = (typeof VISITOR_ID_EVENTS)[number];

/**
 * How exact "unique" is: per campaign and UTC day, how many counted scans
 * gave their browser a new visitor id (`issued`), and how many of those ids came back
 * (`returned`). The difference is browsers that refused the cookie or left at once.
 */
export const visitorIdCount = pgTable(
  "visitor_id_count",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaign.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    reason: text("reason", { enum: VISITOR_ID_EVENTS }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day, t.reason] })],
);

/** The salt of each UTC day for visitor hashes, shared by every process; rows of past days are deleted. */
export const visitorSalt = pgTable("visitor_salt", {
  day: date("day").primaryKey(),
  salt: text("salt").notNull(),
});
