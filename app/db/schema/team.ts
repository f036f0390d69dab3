import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { campaign } from "./campaigns";

/**
 * One of a business's places ("Harbour", "Old Town"). The business is its owner's user id, as
 * everywhere else (docs/features/team.md, "Locations").
 */
export const location = pgTable(
  "location",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    address: text("address"),
    /** An IANA zone (`Europe/Lisbon`); null: the owner's own time zone. */
    timeZone: text("time_zone"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("location_user_name_idx").on(t.userId, sql`lower(${t.name})`)],
);

/** The locations a campaign is limited to, when `campaign.locations_limited` is set; a deleted location leaves the limits. */
export const campaignLocation = pgTable(
  "campaign_location",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaign.id, { onDelete: "cascade" }),
    locationId: uuid("location_id")
      .notNull()
      .references(() => location.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.locationId] }), index("campaign_location_location_idx").on(t.locationId)],
);

export const MEMBER_ROLES = ["owner", "manager", "staff", "viewer"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/**
 * A sign-in that acts for someone else's business (decision 520). The owner needs no row: a user
 * with no membership acts for their own business, as every owner did before teams.
 */
export const businessMember = pgTable(
  "business_member",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** The business: its owner's user id. */
    businessId: text("business_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role", { enum: MEMBER_ROLES }).notNull(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("business_member_business_user_idx").on(t.businessId, t.userId), index("business_member_user_idx").on(t.userId, t.createdAt)],
);

/** The locations a member works at; none means none (a manager or staff member sees no location's data). */
export const businessMemberLocation = pgTable(
  "business_member_location",
  {
    memberId: uuid("member_id")
      .notNull()
      .references(() => businessMember.id, { onDelete: "cascade" }),
    locationId: uuid("location_id")
      .notNull()
      .references(() => location.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.locationId] }), index("business_member_location_location_idx").on(t.locationId)],
);

/**
 * An invitation to join a business, sent by email with a link valid 7 days. The link's secret is
 * never stored: only its SHA-256.
 */
export const teamInvite = pgTable(
  "team_invite",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: text("business_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Normalised (trimmed, lower case). */
    email: text("email").notNull(),
    role: text("role", { enum: MEMBER_ROLES }).notNull(),
    /** The locations the member will work at (ids of `location`; a deleted one is ignored at acceptance). */
    locationIds: uuid("location_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("team_invite_token_idx").on(t.tokenHash), index("team_invite_business_idx").on(t.businessId, t.createdAt)],
);

/**
 * Who invited, changed or removed whom, and when (Settings → Team). Names are kept as text, so
 * the trail outlives a removed member's account.
 */
export const teamAudit = pgTable(
  "team_audit",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: text("business_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    actorEmail: text("actor_email").notNull(),
    subjectEmail: text("subject_email").notNull(),
    action: text("action", {
      enum: ["invited", "joined", "changed", "removed", "withdrew", "handover_offered", "handover_withdrawn", "handover_declined", "handed_over"],
    }).notNull(),
    /** What changed, in words ("Staff at Harbour"). */
    detail: text("detail").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("team_audit_business_idx").on(t.businessId, t.createdAt)],
);

/**
 * The owner's offer to hand the business over to one of its members, who must accept within 7
 * days (docs/features/team.md, "Handing the business over"). One open offer per business at a time.
 */
export const ownershipHandover = pgTable(
  "ownership_handover",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** The business: its owner's user id when the offer was made. */
    businessId: text("business_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The member it is offered to; removing them withdraws it. */
    memberId: uuid("member_id")
      .notNull()
      .references(() => businessMember.id, { onDelete: "cascade" }),
    toUserId: text("to_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [index("ownership_handover_business_idx").on(t.businessId, t.createdAt), index("ownership_handover_to_idx").on(t.toUserId)],
);
