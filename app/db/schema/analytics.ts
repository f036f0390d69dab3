// The analytics feature's table: what a campaign's scans and leads added up to per hour, written by its rollup job.
// Rules: docs/features/counting.md ("Rollups").
import { index, integer, jsonb, pgTable, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { campaign } from "./campaigns";

/**
 * What a campaign's scans, leads, confirmations, redemptions and uncounted loads added up to in one
 * UTC hour, per placement and location (null: none). Written only by the rollup job
 * (`features/analytics/rollups.server.ts`), which recomputes whole hours from the raw rows; readers
 * take the hours it covers from here and the rest from the raw rows ("Rollups"). No personal data.
 * `placement_id` and `location_id` carry no foreign key: a deleted placement's rows stay and are
 * read as "no placement", like its scans.
 */
export const campaignRollup = pgTable(
  "campaign_rollup",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaign.id, { onDelete: "cascade" }),
    placementId: uuid("placement_id"),
    locationId: uuid("location_id"),
    /** The UTC hour's first instant. */
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    scans: integer("scans").notNull().default(0),
    /** Unique scans (visitor-days, `scan.is_unique`): additive, so a range's unique visitors are a sum. */
    uniques: integer("uniques").notNull().default(0),
    qr: integer("qr").notNull().default(0),
    /** Unique scans whose visitor became a lead (`CONVERTED_VISITOR`). */
    converted: integer("converted").notNull().default(0),
    mobile: integer("mobile").notNull().default(0),
    desktop: integer("desktop").notNull().default(0),
    /** Scans per operating system (`scan.os`, "" when unknown). */
    systems: jsonb("systems").$type<Record<string, number>>().notNull().default({}),
    leads: integer("leads").notNull().default(0),
    /** Double opt-in confirmations made in the hour (by `lead_consent.confirmed_at`). */
    confirmed: integer("confirmed").notNull().default(0),
    /** Codes marked redeemed in the hour, under the placement of the lead that claimed them. */
    redemptions: integer("redemptions").notNull().default(0),
    /** `scan_exclusion` of the UTC day by reason, on the day's first hour with no placement (it is kept per day). */
    exclusions: jsonb("exclusions").$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [
    unique("campaign_rollup_key").on(t.campaignId, t.hour, t.placementId, t.locationId).nullsNotDistinct(),
    index("campaign_rollup_hour_idx").on(t.hour),
  ],
);
