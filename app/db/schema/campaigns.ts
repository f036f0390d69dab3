// Rules: docs/features/visitor-languages.md ("The owner's translations", "The switcher"); docs/features/emails.md
//   ("Free scan notices"); docs/features/consent-and-erasure.md ("What is recorded"); docs/features/domains.md ("The
//   address of new codes", "Removing a domain"); docs/features/capture-and-leads.md ("What counts as a scan", "One
//   email is one lead per campaign"); docs/features/counting.md ("Ranges", "Conversion").
import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { location } from "./team";

// The design's shape and default live in a module without drizzle, so the capture page's script
// can read the default without loading the table definitions (docs/performance.md, "First paint").
import type { CampaignDesign } from "./campaign-design";
export { backgroundGradient, DEFAULT_DESIGN, type CampaignDesign } from "./campaign-design";

/** The owner's own translation of a campaign's copy into one language; a field left out shows the original. */
export type CopyTranslation = { headline?: string; offer?: string; condition?: string; thankYou?: string };
/** Per language code (`es`, `de`…): "The owner's translations". */
export type CopyTranslations = Record<string, CopyTranslation>;

export const campaign = pgTable(
  "campaign",
  {
    id: uuid("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    businessType: text("business_type").notNull(),
    discount: text("discount").notNull(),
    minOrder: text("min_order").notNull(),
    aiHeadline: text("ai_headline").notNull(),
    aiThankyou: text("ai_thankyou").notNull(),
    status: text("status", { enum: ["active", "paused", "draft"] })
      .notNull()
      .default("active"),
    qrLogoUrl: text("qr_logo_url"),
    design: jsonb("design").$type<CampaignDesign>().notNull(),
    /** Scans recorded so far; the free limit is enforced by a conditional update of this column. */
    scanCount: integer("scan_count").notNull().default(0),
    /**
     * The free-plan scan notices already given to the owner: 0 none, 1 "80 % used",
     * 2 "limit reached". Raised only by a conditional UPDATE, so each notice is queued once per
     * campaign whatever the concurrency or the number of processes.
     */
    scanNoticeLevel: integer("scan_notice_level").notNull().default(0),
    /**
     * The campaign's leads, kept by statement triggers on `lead` (migration 0008) so that every
     * insert and delete, whatever its path, counts: the dashboard and leads cards read this
     * instead of counting the leads.
     */
    leadCount: integer("lead_count").notNull().default(0),
    /** How the capture page asks for marketing consent; `notice` shows the fixed notice sentence. */
    consentMode: text("consent_mode", { enum: ["notice", "checkbox", "double_opt_in"] })
      .notNull()
      .default("notice"),
    /** With a checkbox: the offer is only given to visitors who tick it. */
    offerRequiresConsent: boolean("offer_requires_consent").notNull().default(false),
    /** The capture page's language when the visitor's browser asks for none we have. */
    language: text("language").notNull().default("en"),
    /** The owner's translations of headline, offer, condition and thank-you, per language. */
    copyTranslations: jsonb("copy_translations").$type<CopyTranslations>().notNull().default({}),
    /** The address of new codes: the owner's verified domain, or always the main address. */
    codeAddress: text("code_address", { enum: ["domain", "main"] })
      .notNull()
      .default("domain"),
    /** The owner's domain this campaign's codes were last made with; the removal warning counts these. */
    codesMadeOn: text("codes_made_on"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("campaign_user_created_idx").on(t.userId, t.createdAt)],
);

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

export const upload = pgTable(
  "upload",
  {
    key: text("key").primaryKey(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("upload_user_idx").on(t.userId)],
);
