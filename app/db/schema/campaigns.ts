import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

export type CampaignDesign = {
  primary_color: string;
  secondary_color: string;
  background_gradient?: string;
  text_color: string;
  button_style: "rounded" | "square" | "pill";
  font_style: "modern" | "classic" | "bold";
  layout: "centered" | "split" | "minimal";
};

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
    status: text("status", { enum: ["active", "paused", "draft"] }).notNull().default("active"),
    qrLogoUrl: text("qr_logo_url"),
    design: jsonb("design").$type<CampaignDesign>().notNull(),
    /** Scans recorded so far; the free limit is enforced by a conditional update of this column. */
    scanCount: integer("scan_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("campaign_user_created_idx").on(t.userId, t.createdAt)],
);

export const scan = pgTable(
  "scan",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaign.id, { onDelete: "cascade" }),
    timestamp: timestamp("timestamp", { withTimezone: true }).notNull().defaultNow(),
    deviceType: text("device_type", { enum: ["mobile", "desktop"] }).notNull(),
    location: text("location"),
  },
  (t) => [index("scan_campaign_timestamp_idx").on(t.campaignId, t.timestamp)],
);

export const lead = pgTable(
  "lead",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaign.id, { onDelete: "cascade" }),
    /** The counted scan this lead came from: one lead per scan makes a double submit harmless. */
    scanId: uuid("scan_id")
      .unique()
      .references(() => scan.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    collectedAt: timestamp("collected_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("lead_campaign_collected_idx").on(t.campaignId, t.collectedAt)],
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
