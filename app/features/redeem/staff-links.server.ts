// Shared counter links: a device at the till that redeems the owner's codes (one campaign's, one
// location's when set) under the link's name, without per-person attribution.
// Rules: docs/features/team.md ("At the counter"); docs/features/offers-and-the-counter.md.
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { SHARED_DEVICE_PREFIX } from "~/db/redeemed-by";
import { campaign, location, staffAccess } from "~/db/schema";
import type { RedeemActor } from "./counter.server";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export const STAFF_COOKIE = "leadqr_staff";

/**
 * Creates a staff link; the secret is returned once (only its hash is kept). Refused (with the
 * field to fix) when the campaign or the location is not the owner's.
 */
export async function createStaffAccess(
  db: Database,
  options: { userId: string; label: string; campaignId: string | null; locationId: string | null },
): Promise<{ id: string; token: string } | { refused: "campaignId" | "locationId" }> {
  if (options.campaignId) {
    const [owned] = await db
      .select({ id: campaign.id })
      .from(campaign)
      .where(and(eq(campaign.id, options.campaignId), eq(campaign.userId, options.userId)));
    if (!owned) return { refused: "campaignId" };
  }
  if (options.locationId) {
    const [owned] = await db
      .select({ id: location.id })
      .from(location)
      .where(and(eq(location.id, options.locationId), eq(location.userId, options.userId)));
    if (!owned) return { refused: "locationId" };
  }
  const token = randomBytes(24).toString("base64url");
  const [row] = await db
    .insert(staffAccess)
    .values({
      userId: options.userId,
      campaignId: options.campaignId,
      locationId: options.locationId,
      label: options.label,
      tokenHash: sha256(token),
    })
    .returning({ id: staffAccess.id });
  return { id: row!.id, token };
}

export async function listStaffAccess(db: Database, options: { userId: string }) {
  return db
    .select({
      id: staffAccess.id,
      label: staffAccess.label,
      campaignTitle: campaign.title,
      locationName: location.name,
      createdAt: staffAccess.createdAt,
      lastUsedAt: staffAccess.lastUsedAt,
    })
    .from(staffAccess)
    .leftJoin(campaign, eq(campaign.id, staffAccess.campaignId))
    .leftJoin(location, eq(location.id, staffAccess.locationId))
    .where(and(eq(staffAccess.userId, options.userId), isNull(staffAccess.revokedAt)))
    .orderBy(desc(staffAccess.createdAt));
}

export async function revokeStaffAccess(db: Database, options: { userId: string; staffAccessId: string }) {
  if (!/^[0-9a-f-]{36}$/i.test(options.staffAccessId)) return false;
  const rows = await db
    .update(staffAccess)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffAccess.id, options.staffAccessId), eq(staffAccess.userId, options.userId), isNull(staffAccess.revokedAt)))
    .returning({ id: staffAccess.id });
  return rows.length > 0;
}

/** The actor behind a staff link's secret; null when unknown or revoked. */
export async function getStaffActor(db: Database, options: { token: string }): Promise<RedeemActor | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(options.token)) return null;
  const [row] = await db
    .update(staffAccess)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(staffAccess.tokenHash, sha256(options.token)), isNull(staffAccess.revokedAt)))
    .returning({
      id: staffAccess.id,
      userId: staffAccess.userId,
      campaignId: staffAccess.campaignId,
      locationId: staffAccess.locationId,
      label: staffAccess.label,
    });
  if (!row) return null;
  return {
    userId: row.userId,
    campaignId: row.campaignId,
    staffAccessId: row.id,
    label: `${SHARED_DEVICE_PREFIX}${row.label}`,
    // A link for one shop finds that shop's codes only, as a member of that location would.
    locationIds: row.locationId ? [row.locationId] : null,
  };
}
