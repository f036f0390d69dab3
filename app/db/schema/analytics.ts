// The analytics feature's table: what a campaign's scans and leads added up to per hour, written by its rollup job.
// Rules: docs/features/counting.md ("Rollups").
import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, pgTable, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { campaign } from "./campaigns";

/**
 * The key's campaign, placement and location, and the figures, as both levels hold them (a fresh
 * set of columns per table). `placement_id` and `location_id` carry no foreign key: a deleted
 * placement's rows stay and are read as "no placement", like its scans.
 */
const rolledUp = () => ({
  campaignId: uuid("campaign_id")
    .notNull()
    .references(() => campaign.id, { onDelete: "cascade" }),
  placementId: uuid("placement_id"),
  locationId: uuid("location_id"),
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
  /** Double opt-in confirmations made in the hour or day (by `lead_consent.confirmed_at`). */
  confirmed: integer("confirmed").notNull().default(0),
  /** Codes marked redeemed in the hour or day, under the placement of the lead that claimed them. */
  redemptions: integer("redemptions").notNull().default(0),
  /** `scan_exclusion` of the UTC day by reason, on the row with no placement (on the hourly level: the day's first hour). */
  exclusions: jsonb("exclusions").$type<Record<string, number>>().notNull().default({}),
});

/**
 * What a campaign's scans, leads, confirmations, redemptions and uncounted loads added up to in one
 * UTC hour, per placement and location (null: none). Written only by the rollup job
 * (`features/analytics/rollups.server.ts`), which recomputes whole hours from the raw rows; readers
 * take the hours it covers from here and the rest from the raw rows ("Rollups"). No personal data.
 */
export const campaignRollup = pgTable(
  "campaign_rollup",
  {
    ...rolledUp(),
    /** The UTC hour's first instant. */
    hour: timestamp("hour", { withTimezone: true }).notNull(),
  },
  (t) => [
    unique("campaign_rollup_key").on(t.campaignId, t.hour, t.placementId, t.locationId).nullsNotDistinct(),
    index("campaign_rollup_hour_idx").on(t.hour),
  ],
);

/**
 * The same figures per UTC day (`campaign_rollup` summed over the day's hours), plus `hours`: the
 * day's counted scans per UTC hour (24 entries, hour 0 first) for the weekday × hour heat map.
 * Written only by the rollup job from `campaign_rollup`; readers take whole UTC days of a range from
 * here and the hours at its edges from `campaign_rollup` ("Rollups", "The day level").
 */
export const campaignRollupDay = pgTable(
  "campaign_rollup_day",
  {
    ...rolledUp(),
    /** The UTC day. */
    day: date("day").notNull(),
    /** Counted scans per UTC hour of the day, hour 0 first. */
    hours: integer("hours")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
  },
  (t) => [unique("campaign_rollup_day_key").on(t.campaignId, t.day, t.placementId, t.locationId).nullsNotDistinct()],
);
