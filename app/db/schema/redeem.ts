import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { campaign } from "./campaigns";
import { lead } from "./leads";
import { location } from "./team";

export const OFFER_EXPIRY_KINDS = ["none", "until", "days"] as const;
export type OfferExpiryKind = (typeof OFFER_EXPIRY_KINDS)[number];

/** How long a claimed offer stays valid, per campaign (no row: no expiry). */
export const offerRule = pgTable("offer_rule", {
  campaignId: uuid("campaign_id")
    .primaryKey()
    .references(() => campaign.id, { onDelete: "cascade" }),
  expiry: text("expiry", { enum: OFFER_EXPIRY_KINDS }).notNull().default("none"),
  /** The owner's calendar day, as chosen in the wizard (for `until`). */
  validUntil: date("valid_until"),
  /** The end of that day in the owner's time zone: the instant codes stop working. */
  validUntilAt: timestamp("valid_until_at", { withTimezone: true }),
  /** Days after the claim (for `days`). */
  validDays: integer("valid_days"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One offer code per claimant and campaign. The claimant is known by a hash of the campaign and
 * the normalised email (no second copy of the address); the code goes with the lead that claimed it.
 */
export const offerCode = pgTable(
  "offer_code",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    code: text("code").notNull(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaign.id, { onDelete: "cascade" }),
    /** The campaign's owner, copied so every staff lookup is scoped by one indexed column. */
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => lead.id, { onDelete: "cascade" }),
    claimantKey: text("claimant_key").notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    /** Who pressed "Mark redeemed": the owner or a staff access (its label at the time). */
    redeemedBy: text("redeemed_by"),
    /** The signed-in member who redeemed it (null: the owner or a shared device); their name stays in `redeemed_by`. */
    redeemedByUserId: text("redeemed_by_user_id").references(() => user.id, { onDelete: "set null" }),
    /** Where: the name of the code's placement's location when it was redeemed (kept as text). */
    redeemedLocation: text("redeemed_location"),
  },
  (t) => [
    uniqueIndex("offer_code_code_idx").on(t.code),
    uniqueIndex("offer_code_claimant_idx").on(t.campaignId, t.claimantKey),
    index("offer_code_lead_idx").on(t.leadId),
    index("offer_code_user_redeemed_idx").on(t.userId, t.redeemedAt),
  ],
);

/** A staff redeem link: opens /redeem for one owner's codes (one campaign's when set), nothing else. */
export const staffAccess = pgTable(
  "staff_access",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    campaignId: uuid("campaign_id").references(() => campaign.id, { onDelete: "cascade" }),
    /** The one location whose codes it finds (null: every location); a deleted location takes its links with it. */
    locationId: uuid("location_id").references(() => location.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    /** SHA-256 of the link's secret; the secret itself is shown once and never stored. */
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("staff_access_token_idx").on(t.tokenHash), index("staff_access_user_idx").on(t.userId, t.createdAt)],
);
