// Rules: docs/features/domains.md ("Verified by TXT and CNAME", "HTTPS live means we reached ourselves").
import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * An owner's own domain: a subdomain that points at us by CNAME and proves its
 * owner by a TXT record carrying `verification_token`. Several accounts may claim a name while it
 * is pending; only one can hold it verified (the partial unique index), the one whose token is
 * published.
 */
export const customDomain = pgTable(
  "custom_domain",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Lower-case ASCII (punycode), no trailing dot. */
    hostname: text("hostname").notNull(),
    verificationToken: text("verification_token").notNull(),
    /** pending: records not seen yet; verified; broken: was verified, records gone; expired: pending for 72 hours. */
    state: text("state", { enum: ["pending", "verified", "broken", "expired"] })
      .notNull()
      .default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    /** When the background check looks next; null once it stopped looking (expired). */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }).defaultNow(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /** What the last check found wrong, in the owner's words; null when it found nothing wrong. */
    lastError: text("last_error"),
    /** When the app last reached itself over https on this name. */
    httpsLiveAt: timestamp("https_live_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("custom_domain_user_idx").on(t.userId),
    uniqueIndex("custom_domain_verified_hostname_idx")
      .on(t.hostname)
      .where(sql`${t.state} in ('verified', 'broken')`),
    index("custom_domain_hostname_idx").on(t.hostname),
    index("custom_domain_next_check_idx").on(t.nextCheckAt),
  ],
);
