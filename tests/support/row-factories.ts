// Rows written straight into a database, built by the app's own row builders (the ones the demo
// seed uses), for data no user action needs to create in the test at hand. Each takes the database
// to write to: integration tests pass the in-process one (tests/support/factories.ts), journeys the e2e
// server's (tests/e2e/support/database.ts). Also who a test is (a password, an address, a phone),
// shared by in-process tests and journeys. Imports nothing that starts the app.
import { businessProfile, campaign, passkey, user } from "~/db/schema";
import type { Database } from "~/db/client.server";
import { campaignRow, type CampaignRowOptions } from "~/db/sample-rows";

/** The password every test account signs up with, in-process and in journeys. */
export const DEFAULT_PASSWORD = "correct-horse-battery";

let emails = 0;

/** An address no other test (or process) uses: in-process tests and journeys alike. */
export function uniqueEmail(prefix = "owner", domain = "example.com") {
  emails += 1;
  return `${prefix}-${process.pid}-${emails}-${Date.now()}@${domain}`;
}

/**
 * A phone's user agent; `phone` tells simulated visitors apart. Journeys give each visitor its own
 * (every browser context of a run shares one address, and a visitor is address and browser: one
 * phone would be a repeat, not a new scan); in-process tests that set an address per visitor use one.
 */
export function phoneUserAgent(phone = 1) {
  return `Mozilla/5.0 (Linux; Android 14; Test Phone ${phone}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36`;
}

export type OwnerRowOptions = { email?: string; businessName?: string; isPro?: boolean; verified?: boolean };

/** An account row without a password (it owns campaigns; it never signs in); verified unless told. */
export async function insertOwner(db: Database, options: OwnerRowOptions = {}) {
  const id = crypto.randomUUID();
  const email = options.email ?? `owner-${id.slice(0, 8)}@e2e.test`;
  await db.insert(user).values({ id, name: "Owner", email, isPro: options.isPro ?? false, emailVerified: options.verified ?? true });
  if (options.businessName) await db.insert(businessProfile).values({ userId: id, name: options.businessName });
  return { id, email };
}

export async function insertCampaign(db: Database, options: CampaignRowOptions) {
  const [row] = await db.insert(campaign).values(campaignRow(options)).returning();
  return row!;
}

/** A passkey of `userId` named `name` (its key material a placeholder: no ceremony can use it), added at `createdAt`. */
export async function insertPasskey(db: Database, { userId, name, createdAt }: { userId: string; name: string; createdAt?: Date }) {
  const [row] = await db
    .insert(passkey)
    .values({
      id: crypto.randomUUID(),
      name,
      userId,
      publicKey: "cHVibGljLWtleQ",
      credentialID: crypto.randomUUID(),
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
      createdAt,
    })
    .returning();
  return row!;
}
