// Rules: docs/features/campaigns-and-print.md ("Short links").
import { sql } from "drizzle-orm";
import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { campaign, placement } from "./campaigns";

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
