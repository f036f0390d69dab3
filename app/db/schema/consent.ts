// Lawful leads: consent records, the wording visitors saw, business identity,
// erasures and the retention job.
// Rules: docs/features/consent-and-erasure.md ("What is recorded", "Double opt-in", "The person's rights");
//   docs/features/visitor-languages.md ("One language per page").
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { campaign } from "./campaigns";
import { lead } from "./leads";

/** Each distinct consent text shown to visitors, stored once and referenced by its records. */
export const consentWording = pgTable("consent_wording", {
  id: uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  /** sha256 of the text: the same wording is one row however many leads saw it. */
  hash: text("hash").notNull().unique(),
  text: text("text").notNull(),
  /** The language the text is in, as shown to the visitor. */
  language: text("language").notNull().default("en"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const CONSENT_MODES = ["notice", "checkbox", "double_opt_in"] as const;

/** What one visitor agreed to, when and from where (GDPR Art. 7(1)). One per lead. */
export const leadConsent = pgTable(
  "lead_consent",
  {
    leadId: uuid("lead_id")
      .primaryKey()
      .references(() => lead.id, { onDelete: "cascade" }),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaign.id, { onDelete: "cascade" }),
    mode: text("mode", { enum: CONSENT_MODES }).notNull(),
    wordingId: uuid("wording_id")
      .notNull()
      .references(() => consentWording.id),
    ticked: boolean("ticked").notNull(),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull(),
    clientAddress: text("client_address"),
    userAgent: text("user_agent"),
    /** Double opt-in: sha256 of the single-use confirmation token, cleared once used. */
    confirmTokenHash: text("confirm_token_hash").unique(),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    confirmedAddress: text("confirmed_address"),
    /** sha256 of the withdraw token carried by every email to this visitor. */
    withdrawTokenHash: text("withdraw_token_hash").unique(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [
    index("lead_consent_campaign_idx").on(t.campaignId),
    // The rollup job counts each hour's confirmations (docs/features/counting.md, "Rollups").
    index("lead_consent_confirmed_idx")
      .on(t.campaignId, t.confirmedAt)
      .where(sql`confirmed_at is not null`),
  ],
);

/** The business as visitors see it: postal address, privacy policy, and the retention setting. */
export const businessIdentity = pgTable("business_identity", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  postalAddress: text("postal_address").notNull().default(""),
  privacyPolicyUrl: text("privacy_policy_url"),
  /** Delete leads older than this many months; null keeps them (the default). */
  leadRetentionMonths: integer("lead_retention_months"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** That an erasure happened and when: never whose data it was. */
export const dataErasure = pgTable(
  "data_erasure",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: ["owner_request", "retention"] }).notNull(),
    leads: integer("leads").notNull().default(1),
    erasedAt: timestamp("erased_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("data_erasure_user_idx").on(t.userId, t.erasedAt)],
);
