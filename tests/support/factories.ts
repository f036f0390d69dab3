// Test data builders for integration tests. Accounts go through the real sign-up action; other rows
// come from tests/row-factories.ts (the builders the seed uses too), written to the in-process database.
import { eq } from "drizzle-orm";
import * as schema from "~/db/schema";
import { onAddressVerified } from "~/features/auth/account-emails.server";
import * as signupRoute from "~/routes/signup";
import { leadRow, type CampaignRowOptions, type LeadRowOptions } from "~/db/sample-rows";
import { getServices } from "~/utils/services.server";
import { callRoute, makeRequest } from "./http";
import { DEFAULT_PASSWORD, insertCampaign, uniqueEmail } from "./row-factories";

/**
 * Signs a new account up through the real sign-up action; returns its id and session cookie.
 * The address counts as verified (through the same step a clicked link takes) unless `verified: false`.
 */
let counter = 0;

export async function createUser(options: { email?: string; password?: string; role?: "user" | "admin"; isPro?: boolean; verified?: boolean } = {}) {
  const email = options.email ?? uniqueEmail();
  counter += 1;
  const signedUp = await callRoute(
    signupRoute.action,
    makeRequest("/signup", {
      form: { email, password: options.password ?? DEFAULT_PASSWORD },
      // Each test account signs up from its own client (its own IPv6 /64), clear of the sign-up rate limit.
      headers: { "x-leadqr-client-ip": `2001:db8:${(counter >> 16).toString(16)}:${(counter & 0xffff).toString(16)}::1` },
    }),
  );
  if (signedUp.status !== 302) throw new Error(`sign-up failed for ${email}`);
  const { db } = await getServices();
  const [row] = await db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, email));
  if (options.verified !== false) await markVerified(row!.id);
  if (options.role || options.isPro) {
    await db
      .update(schema.user)
      .set({ ...(options.role ? { role: options.role } : {}), ...(options.isPro ? { isPro: true } : {}) })
      .where(eq(schema.user.id, row!.id));
  }
  return { id: row!.id, email, cookie: signedUp.cookies };
}

/** What opening the verification link does to the account (Better Auth's flag, then our follow-up). */
export async function markVerified(userId: string) {
  const { db, env } = await getServices();
  await db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.id, userId));
  await onAddressVerified(db, env, userId);
}

/**
 * A campaign row owned by `userId`, written directly (the wizard is the campaigns area's UI), with a
 * distinct title unless one is given; returns the row.
 */
export async function createCampaignRow(userId: string, overrides: Omit<CampaignRowOptions, "userId"> = {}) {
  return insertCampaign((await getServices()).db, { userId, ...overrides, title: overrides.title ?? `Campaign ${++counter}` });
}

export type LeadSpec = Partial<LeadRowOptions> & { placementId?: string | null; scanId?: string };

/**
 * A lead row (a visitor with a random address unless named), at a moment, a placement and from a
 * scan when told; returns its id.
 */
export async function createLeadRow(campaignId: string, lead: LeadSpec = {}) {
  const { placementId, scanId, ...fields } = lead;
  const { db } = await getServices();
  const [row] = await db
    .insert(schema.lead)
    .values({
      ...leadRow(campaignId, { ...fields, name: fields.name ?? "Visitor", email: fields.email ?? `visitor-${crypto.randomUUID()}@example.org` }),
      placementId: placementId ?? null,
      scanId: scanId ?? null,
    })
    .returning({ id: schema.lead.id });
  return row!;
}

export type ScanSpec = {
  at: Date;
  visitor?: string;
  isUnique?: boolean;
  source?: "qr" | "link";
  placementId?: string | null;
  deviceType?: "mobile" | "desktop";
  os?: string | null;
};

/**
 * Counted scans as the capture path records them, one per spec (a phone on iOS, a unique visitor,
 * by link, unless told); returns their ids in order. The campaign's counter is left as it is.
 */
export async function createScanRows(campaignId: string, scans: ScanSpec[]) {
  const { db } = await getServices();
  if (scans.length === 0) return [];
  const rows = await db
    .insert(schema.scan)
    .values(
      scans.map((scan) => ({
        campaignId,
        timestamp: scan.at,
        deviceType: scan.deviceType ?? "mobile",
        os: scan.os === undefined ? "iOS" : scan.os,
        visitorHash: scan.visitor ?? null,
        isUnique: scan.isUnique ?? true,
        source: scan.source ?? "link",
        placementId: scan.placementId ?? null,
      })),
    )
    .returning({ id: schema.scan.id });
  return rows.map((row) => row.id);
}

/**
 * An owner's two shops, "Harbour" and "Old Town" (docs/features/team.md), and placements at them:
 * each `{ campaignId, name, at }` with `at` a shop's name or null for none. Ids in the given order.
 */
export async function createShopsAndPlacements(
  ownerId: string,
  placements: Array<{ campaignId: string; name: string; at: "Harbour" | "Old Town" | null }>,
) {
  const { db } = await getServices();
  const [harbour, oldTown] = await db
    .insert(schema.location)
    .values([
      { userId: ownerId, name: "Harbour" },
      { userId: ownerId, name: "Old Town" },
    ])
    .returning({ id: schema.location.id });
  const shops = { Harbour: harbour!.id, "Old Town": oldTown!.id };
  const rows = await db
    .insert(schema.placement)
    .values(placements.map(({ campaignId, name, at }) => ({ campaignId, name, locationId: at ? shops[at] : null })))
    .returning({ id: schema.placement.id });
  return { harbour: harbour!.id, oldTown: oldTown!.id, placementIds: rows.map((row) => row.id) };
}
