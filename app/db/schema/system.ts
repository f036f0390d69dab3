// Rules: docs/features/accounts-and-billing.md ("Recovery", "Verification and held notifications");
//   docs/features/emails.md ("Free scan notices", "One email per lead, folded under a surge"); docs/features/domains.md
//   ("Verified by TXT and CNAME"); docs/features/lead-sync.md ("The sync outbox"); docs/features/consent-and-erasure.md
//   ("Erasure removes every copy", "Double opt-in", "The confirmation email"); docs/features/offers-and-the-counter.md
//   ("Who is shown a code").
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, bigint, type AnyPgColumn } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { campaign } from "./campaigns";
import { lead } from "./leads";
import { SUMMARY_FREQUENCIES } from "./summary";

/** Shared rate-limit counters (rate-limiter-flexible's Drizzle store): hold across processes. */
export const rateLimit = pgTable("rate_limit", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: timestamp("expire", { withTimezone: true }),
});

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kind: text("kind", {
      enum: [
        "welcome",
        "new_lead",
        "lead_digest",
        "pro_welcome",
        // Account emails.
        "verify_email",
        "reset_password",
        "sign_in_link",
        "password_changed",
        "email_change_confirm",
        "email_change_notice",
        "signup_attempt",
        "lead_summary",
        "webhook_paused",
        "consent_confirmation",
        // The free plan's scan notices to the owner.
        "scan_limit_near",
        "scan_limit_reached",
        // The code sent to the address that claimed it, when that address is submitted again.
        "offer_code",
        // The owner's own domain became verified, or stopped pointing at us.
        "domain_verified",
        "domain_broken",
        // A lead sync connection stopped working: its leads wait for the owner.
        "sync_broken",
        // The owner's daily or weekly summary (docs/features/summary.md).
        "owner_summary",
        // A lead-alert channel refused for good (Slack no_service, Telegram blocked) and was switched off.
        "alert_channel_disabled",
        // An invitation to join a business's team (issue 55).
        "team_invite",
        // The owner offers the business to a member, who must accept (issue 55).
        "team_handover",
        // The member accepted or declined it: the owner who offered it is told.
        "team_handover_answered",
      ],
    }).notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    // "folded": a held lead notification replaced by the summary sent on verification.
    status: text("status", { enum: ["pending", "sending", "sent", "skipped", "failed", "folded"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    campaignId: uuid("campaign_id").references(() => campaign.id, { onDelete: "set null" }),
    /** The lead this email is about: erasing the lead removes it. */
    leadId: uuid("lead_id").references(() => lead.id, { onDelete: "cascade" }),
    /** Extra headers, e.g. List-Unsubscribe on every email to a visitor. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** The From display name of visitor mail (the business's name); the address is always ours. */
    senderName: text("sender_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** A new-lead email folded into this digest during a surge. */
    digestId: uuid("digest_id").references((): AnyPgColumn => emailOutbox.id, { onDelete: "set null" }),
  },
  (t) => [
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_campaign_idx").on(t.campaignId, t.createdAt),
    // "Has this address had its visitor email from this campaign today?": an
    // index probe, not a scan of the campaign's whole day of mail.
    index("email_outbox_campaign_address_idx").on(t.campaignId, sql`lower(${t.to})`, t.createdAt),
    index("email_outbox_lead_idx").on(t.leadId),
    index("email_outbox_digest_idx").on(t.digestId),
    // One open digest per campaign: every process folds into the same one.
    uniqueIndex("email_outbox_open_digest_idx")
      .on(t.campaignId)
      .where(sql`kind = 'lead_digest' and status = 'pending'`),
  ],
);

/** The owner's notification settings; no row means the defaults. */
export const notificationSetting = pgTable("notification_setting", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** New-lead emails per minute per campaign before the rest fold into a digest; null: the default. */
  leadEmailsPerMinute: integer("lead_emails_per_minute"),
  /** The morning summary by email (docs/features/summary.md); off unless the owner turns it on. */
  summaryFrequency: text("summary_frequency", { enum: SUMMARY_FREQUENCIES }).notNull().default("off"),
  /** Send the summary even for a period with nothing to say. */
  summaryOnQuietDays: boolean("summary_on_quiet_days").notNull().default(false),
  /** Post the summary to the owner's proven Slack and Telegram channels too (docs/features/summary.md). */
  summaryToChannels: boolean("summary_to_channels").notNull().default(false),
});

export const adminAudit = pgTable("admin_audit", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
  action: text("action").notNull(),
  target: text("target").notNull(),
  detail: jsonb("detail"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** When each periodic job last ran, shared by every process. */
export const jobRun = pgTable("job_run", {
  name: text("name").primaryKey(),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }).notNull(),
  result: jsonb("result"),
});
