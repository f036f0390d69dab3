// Lead sync to owners' own tools: connections with encrypted tokens, the OAuth
// states in flight, per-campaign switches, the push outbox and what each destination holds.
// Rules: docs/features/lead-sync.md ("The sync outbox", "Connections and tokens", "Backfill on request").
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { campaign } from "./campaigns";
import { lead } from "./leads";

export const SYNC_PROVIDERS = ["mailchimp", "google_sheets"] as const;

/** One provider account connected by an owner: one per provider, tokens sealed. */
export const syncConnection = pgTable(
  "sync_connection",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: SYNC_PROVIDERS }).notNull(),
    /** `broken`: the provider refused our token or the destination is gone; the owner must act. */
    status: text("status", { enum: ["active", "broken"] })
      .notNull()
      .default("active"),
    brokenReason: text("broken_reason"),
    accountName: text("account_name").notNull().default(""),
    accessToken: text("access_token").notNull(),
    refreshToken: text("refresh_token"),
    /** Null: the token does not expire (Mailchimp). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Mailchimp's data-centre API address, from its metadata answer. */
    apiEndpoint: text("api_endpoint"),
    destinationId: text("destination_id"),
    destinationName: text("destination_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sync_connection_user_provider_idx").on(t.userId, t.provider)],
);

/** An authorization in flight: the `state` sent to the provider, bound to the session that asked. */
export const syncOauthState = pgTable("sync_oauth_state", {
  /** sha256 of the state value. */
  stateHash: text("state_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  sessionId: text("session_id").notNull(),
  provider: text("provider", { enum: SYNC_PROVIDERS }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** A campaign whose leads do not go to this connection (the owner switched it off). */
export const syncCampaignOff = pgTable(
  "sync_campaign_off",
  {
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => syncConnection.id, { onDelete: "cascade" }),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaign.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.campaignId] })],
);

/**
 * The sync outbox: one row per lead change and connection, claimed with FOR UPDATE SKIP LOCKED.
 * `push` sends the lead's current state; `erase` removes what a destination holds of an erased
 * lead, whose row is gone by then, so it carries the destination's own keys instead.
 */
export const syncJob = pgTable(
  "sync_job",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => syncConnection.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id").references(() => lead.id, { onDelete: "cascade" }),
    action: text("action", { enum: ["push", "erase"] }).notNull(),
    /** What the destination keys the erased lead by: Mailchimp's md5 of the address, a sheet's row range. */
    remoteKey: text("remote_key"),
    remoteRow: text("remote_row"),
    status: text("status", { enum: ["pending", "sending", "succeeded", "skipped", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** The last outcome in plain words (a failure, or why nothing was sent). */
    lastResult: text("last_result"),
    /** Queued by "Send my existing leads": the page counts these for its progress. */
    backfill: boolean("backfill").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [index("sync_job_due_idx").on(t.status, t.nextAttemptAt), index("sync_job_connection_idx").on(t.connectionId, t.createdAt)],
);

/** What a destination holds of a lead, so a change updates it and an erasure can remove it. */
export const syncRecord = pgTable(
  "sync_record",
  {
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => syncConnection.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => lead.id, { onDelete: "cascade" }),
    remoteKey: text("remote_key"),
    remoteRow: text("remote_row"),
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.leadId] }), index("sync_record_lead_idx").on(t.leadId)],
);
