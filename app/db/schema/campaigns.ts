// Rules: docs/features/visitor-languages.md ("The owner's translations", "The switcher"); docs/features/emails.md
//   ("Free scan notices"); docs/features/consent-and-erasure.md ("What is recorded"); docs/features/domains.md ("The
//   address of new codes", "Removing a domain"); docs/features/capture-and-leads.md ("What counts as a scan", "One
//   email is one lead per campaign"); docs/features/counting.md ("Ranges", "Conversion").
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

// The design's shape and default live in a module without drizzle, so the capture page's script
// can read the default without loading the table definitions (docs/performance.md, "First paint").
import type { CampaignDesign } from "../campaign-design";
export { backgroundGradient, DEFAULT_DESIGN, type CampaignDesign } from "../campaign-design";

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
    /**
     * Runs only at the locations in `campaign_location` (docs/features/team.md, "Campaigns limited
     * to locations"); false: at all locations. Stays true when its last location is deleted.
     */
    locationsLimited: boolean("locations_limited").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("campaign_user_created_idx").on(t.userId, t.createdAt)],
);
