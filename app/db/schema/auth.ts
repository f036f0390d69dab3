// Rules: docs/features/domains.md ("White label"); docs/features/accounts-and-billing.md ("Passkeys").
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

// Tables Better Auth expects (user, session, account, verification), plus our own user fields.
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  role: text("role", { enum: ["user", "admin"] })
    .notNull()
    .default("user"),
  /** Pro granted by an admin; kept apart from the Stripe subscription; Pro = either. */
  isPro: boolean("is_pro").notNull().default(false),
  /** Enterprise granted by an admin: everything Pro has, and visitors never see our name. */
  isEnterprise: boolean("is_enterprise").notNull().default(false),
  /**
   * The language of this sign-in's screens, chosen in Settings; null: the browser's
   * (docs/features/visitor-languages.md, "The owner's screens").
   */
  language: text("language"),
  /**
   * The owner's-screens language this member's browser last asked for (while `language` is null),
   * for what is sent with no browser there: their emails (docs/features/visitor-languages.md,
   * "The owner's screens").
   */
  browserLanguage: text("browser_language"),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /**
     * The business this session acts for, chosen in the header's switcher (its owner's user id);
     * null: the default. Checked against a current membership on every request
     * (docs/features/team.md, "Several businesses, one sign-in").
     */
    actingBusinessId: text("acting_business_id").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable("verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Better Auth's passkey plugin (@better-auth/passkey): one WebAuthn credential of a user. The
 * property names are the plugin's (`credentialID`); the adapter maps them to these columns.
 */
export const passkey = pgTable(
  "passkey",
  {
    id: text("id").primaryKey(),
    /** What the person called it (or the device it was added on). */
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
    aaguid: text("aaguid"),
  },
  // Sign-in finds the passkey by the credential the browser answers with.
  (t) => [index("passkey_user_id_idx").on(t.userId), uniqueIndex("passkey_credential_id_idx").on(t.credentialID)],
);

export const businessProfile = pgTable("business_profile", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  /** The owner's IANA zone, from their browser when they last saved the profile: times in their emails. */
  timeZone: text("time_zone"),
});
