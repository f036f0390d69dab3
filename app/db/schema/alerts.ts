// Lead alerts (docs/features/alerts.md): the owner's proven channels, the leads each channel still
// has to hear about, and every message sent to a channel with its outcome.
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { lead } from "./leads";
import { businessMember } from "./team";

export const ALERT_CHANNEL_KINDS = ["slack", "telegram", "push"] as const;

/**
 * One Slack webhook or Telegram chat per sign-in (the owner, or a member for the business they act for) and kind, and one row per browser subscribed to Web
 * Push (several allowed); the destination is sealed at rest.
 */
export const alertChannel = pgTable(
  "alert_channel",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ALERT_CHANNEL_KINDS }).notNull(),
    /**
     * A team member's own channel (a manager or viewer): it alerts only their business's leads and
     * redeems at their locations. Null: the owner's. Removing the member deletes it at once.
     */
    memberId: uuid("member_id").references(() => businessMember.id, { onDelete: "cascade" }),
    /** `proving`: waiting for the code (Slack) or the /start (Telegram); nothing but the proof goes to it. */
    // `removed`: a push subscription its push service answered 404/410 for; kept for the log, never shown.
    status: text("status", { enum: ["proving", "proven", "disabled", "removed"] })
      .notNull()
      .default("proving"),
    enabled: boolean("enabled").notNull().default(true),
    /** Sealed: Slack's webhook URL, Telegram's chat id or a push subscription (JSON); null while a Telegram link waits. */
    destination: text("destination"),
    /** What the owner sees of the destination ("hooks.slack.com/…/XXXX", the chat's title, "Chrome on Android"). */
    label: text("label").notNull().default(""),
    /** sha256 of the Slack code or of the Telegram /start token, while proving. */
    proofHash: text("proof_hash"),
    proofExpiresAt: timestamp("proof_expires_at", { withTimezone: true }),
    proofAttempts: integer("proof_attempts").notNull().default(0),
    disabledReason: text("disabled_reason"),
    /** Leads committed from this moment on alert the channel (it was proven or switched on). */
    alertsFrom: timestamp("alerts_from", { withTimezone: true }),
    /** Routing: only these campaigns' leads and events alert the channel; null: every campaign. */
    campaignIds: uuid("campaign_ids").array(),
    /** Routing: only leads and redeems through placements at these locations; null: every location (and none). */
    locationIds: uuid("location_ids").array(),
    /**
     * When the routing was last saved: leads it newly lets through are alerted from then on, as a
     * channel switched on is (the ones it held back before are not sent in a burst).
     */
    routedFrom: timestamp("routed_from", { withTimezone: true }),
    /** sha256 of a push subscription's endpoint: the same browser subscribing again replaces its row. */
    endpointHash: text("endpoint_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("alert_channel_user_kind_idx")
      .on(t.userId, t.kind)
      .where(sql`kind <> 'push'`),
    uniqueIndex("alert_channel_proof_idx").on(t.proofHash),
    uniqueIndex("alert_channel_push_endpoint_idx").on(t.userId, t.endpointHash),
  ],
);

/** A message to a channel: a proof, a test, one lead, or a crowd folded into one; logged with its outcome. */
export const alertDelivery = pgTable(
  "alert_delivery",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => alertChannel.id, { onDelete: "cascade" }),
    // `summary`: the morning summary, queued by its own feature through `queueOwnerMessage`.
    // `redeemed`, `scan_limit`: the owner's opt-in event alerts (alert_setting), queued where the event commits.
    kind: text("kind", { enum: ["proof", "test", "lead", "fold", "linked", "summary", "redeemed", "scan_limit"] }).notNull(),
    text: text("text").notNull(),
    /** The lead of a one-lead alert: erasing the lead removes the message that names it. */
    leadId: uuid("lead_id").references((): AnyPgColumn => lead.id, { onDelete: "cascade" }),
    leadCount: integer("lead_count").notNull().default(0),
    status: text("status", { enum: ["pending", "sending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    /** What the channel answered ("200 ok", "404 no_service", "429: retry after 3 s"). */
    outcome: text("outcome"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Messages queued in one pass share their time: this keeps them in the order they were queued. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
  },
  (t) => [index("alert_delivery_due_idx").on(t.status, t.nextAttemptAt), index("alert_delivery_channel_idx").on(t.channelId, t.createdAt)],
);

/** A lead a channel must hear about; `deliveryId` null: not yet in a message (waiting, folding or quiet). */
export const alertLead = pgTable(
  "alert_lead",
  {
    channelId: uuid("channel_id")
      .notNull()
      .references(() => alertChannel.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => lead.id, { onDelete: "cascade" }),
    deliveryId: uuid("delivery_id").references(() => alertDelivery.id, { onDelete: "set null" }),
    collectedAt: timestamp("collected_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.leadId] }),
    index("alert_lead_waiting_idx")
      .on(t.channelId)
      .where(sql`delivery_id is null`),
  ],
);

/** The owner's quiet hours (minutes after midnight in their zone) and event alerts; no row: none of either. */
export const alertSetting = pgTable("alert_setting", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  quietFrom: integer("quiet_from"),
  quietUntil: integer("quiet_until"),
  /** "Code redeemed" alerts, when the owner asks for them. */
  redeemAlerts: boolean("redeem_alerts").notNull().default(false),
  /** "Campaign reached its scan limit" alerts, when the owner asks for them. */
  scanLimitAlerts: boolean("scan_limit_alerts").notNull().default(false),
});

/** Telegram's getUpdates offset, one row: one process at a time polls it, under a lease. */
export const telegramPoll = pgTable("telegram_poll", {
  id: integer("id").primaryKey(),
  nextOffset: integer("next_offset").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/** The server's VAPID key pair when VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY are not set: made once, the private key sealed. */
export const vapidKey = pgTable("vapid_key", {
  id: integer("id").primaryKey(),
  publicKey: text("public_key").notNull(),
  privateKey: text("private_key").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
