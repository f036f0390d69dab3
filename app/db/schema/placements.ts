// Where a campaign's code is put up, and the short link each printed code encodes.
// Rules: docs/features/campaigns-and-print.md ("Short links").
import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { campaign } from "./campaigns";
import { lead } from "./leads";
import { location } from "./team";

/** A named printed copy of a campaign (window poster, table tent, flyer) with its own QR code. */
export const placement = pgTable(
  "placement",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaign.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Where this copy is put up; deleting the location detaches the placement, never deletes it. */
    locationId: uuid("location_id").references(() => location.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("placement_campaign_name_idx").on(t.campaignId, sql`lower(${t.name})`)],
);

/** The placements a lead's email claimed through again after its first: no second lead, the visit kept. */
export const leadPlacement = pgTable(
  "lead_placement",
  {
    leadId: uuid("lead_id")
      .notNull()
      .references(() => lead.id, { onDelete: "cascade" }),
    placementId: uuid("placement_id")
      .notNull()
      .references(() => placement.id, { onDelete: "cascade" }),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.placementId] }), index("lead_placement_placement_idx").on(t.placementId)],
);

/**
 * The short path a printed QR code encodes, `/q/{code}`: one for each campaign
 * (placement_id null) and one for each placement, created when the code is first drawn. The
 * primary key keeps codes unique across both kinds.
 */
export const shortLink = pgTable(
  "short_link",
  {
    code: text("code").primaryKey(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaign.id, { onDelete: "cascade" }),
    placementId: uuid("placement_id").references(() => placement.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("short_link_campaign_idx")
      .on(t.campaignId)
      .where(sql`${t.placementId} is null`),
    uniqueIndex("short_link_placement_idx").on(t.placementId),
  ],
);
