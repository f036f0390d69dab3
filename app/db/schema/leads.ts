// A visitor's lead: one per email and campaign.
// Rules: docs/features/capture-and-leads.md ("One email is one lead per campaign").
import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { campaign } from "./campaigns";
import { placement } from "./placements";

export const lead = pgTable(
  "lead",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaign.id, { onDelete: "cascade" }),
    /**
     * The counted scan this lead came from: one lead per scan (UNIQUE) makes a double submit harmless.
     * No foreign key: a partitioned `scan`'s keys include its timestamp, and a scan older than the
     * retention is dropped with its month while the lead keeps the id (counting.md, "Partitions and retention").
     */
    scanId: uuid("scan_id").unique(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    /** The placement whose QR code the visitor scanned, copied from the scan. */
    placementId: uuid("placement_id").references(() => placement.id, { onDelete: "set null" }),
    collectedAt: timestamp("collected_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The lead's claimant key (`claimantKeyOf` in features/redeem): set by a trigger on insert
     * (migration 0009), so leads join their offer code on stored values instead of hashing every
     * lead's email in each query. Never written by the app.
     */
    claimantKey: text("claimant_key"),
    /**
     * What a lead search matches: name, email and phone lowered, joined by a character no search
     * term holds (so a term never spans two of them). One trigram index serves `LIKE '%term%'`,
     * and a broad term's count compares one lowered string per lead instead of three `ILIKE`s.
     */
    searchText: text("search_text").generatedAlwaysAs(sql`lower(name || E'\\x01' || email || E'\\x01' || coalesce(phone, ''))`),
    /**
     * The claiming browser, keyed: HMAC of its visitor id, so the same browser sees
     * its code again. Never the id itself; null without a visitor id. Set only by the claim that
     * stored the lead, never by a later claim with the same email from another browser.
     */
    visitorKey: text("visitor_key"),
    /** When the same email last claimed again ("One email is one lead per campaign": no second lead), or null. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
  },
  // placement_id last: the placements table counts leads by placement from the index alone.
  (t) => [
    index("lead_campaign_collected_idx").on(t.campaignId, t.collectedAt, t.placementId),
    index("lead_campaign_claimant_idx").on(t.campaignId, t.claimantKey),
    index("lead_campaign_visitor_idx")
      .on(t.campaignId, t.visitorKey)
      .where(sql`visitor_key is not null`),
  ],
);
