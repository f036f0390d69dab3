// Rows written straight into a database, built by the app's own row builders (the ones the demo
// seed uses), for data no user action needs to create in the test at hand. Each takes the database
// to write to: integration tests pass the in-process one (tests/factories.ts), journeys the e2e
// server's (tests/e2e/support/database.ts). Imports nothing that starts the app.
import { businessProfile, campaign, lead, scan, user } from "~/db/schema";
import type { Database } from "~/db/client.server";
import { campaignRow, leadRow, scanRow, type CampaignRowOptions, type LeadRowOptions } from "~/db/sample-rows";

let emails = 0;

/** An address no other test (or process) uses: in-process tests and journeys alike. */
export function uniqueEmail(prefix = "owner", domain = "example.com") {
  emails += 1;
  return `${prefix}-${process.pid}-${emails}-${Date.now()}@${domain}`;
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

export async function insertLead(db: Database, campaignId: string, options: LeadRowOptions) {
  const [row] = await db.insert(lead).values(leadRow(campaignId, options)).returning({ id: lead.id });
  return row!;
}

/** Scan rows at the given moments (the campaign's counter is left as it is). */
export async function insertScans(db: Database, campaignId: string, moments: Date[]) {
  if (moments.length === 0) return;
  await db.insert(scan).values(moments.map((timestamp) => scanRow(campaignId, timestamp)));
}
