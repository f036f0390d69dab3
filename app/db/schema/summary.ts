// The owner's morning summary (docs/features/summary.md): one row per owner and period, written in
// the transaction that queues the email, so every process may try and only the first one sends.
import { date, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const SUMMARY_FREQUENCIES = ["off", "daily", "weekly"] as const;
export type SummaryFrequencySetting = (typeof SUMMARY_FREQUENCIES)[number];

export const ownerSummary = pgTable(
  "owner_summary",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    frequency: text("frequency", { enum: ["daily", "weekly"] }).notNull(),
    /** The first day of the period, in the owner's calendar. */
    periodStart: date("period_start").notNull(),
    /** `quiet`: nothing to say and the owner did not ask for quiet days, so no email was queued. */
    outcome: text("outcome", { enum: ["sent", "quiet"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.frequency, t.periodStart] })],
);
