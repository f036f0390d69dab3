// REST API keys: shown once, stored as a SHA-256 hash, named, revocable, with a last-used time.
import crypto from "node:crypto";
import { and, count, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { apiKey } from "~/db/schema";
import { refused } from "~/features/languages/owner/refusals";

export const API_KEY_PREFIX = "lqr_";
export const MAX_API_KEYS_PER_USER = 20;

export function hashApiKey(key: string) {
  return crypto.createHash("sha256").update(key).digest("hex");
}

/** Creates a key and returns it in full: the only time it is ever readable. */
export async function createApiKey(db: Database, options: { userId: string; name: string }) {
  const key = `${API_KEY_PREFIX}${crypto.randomBytes(24).toString("base64url")}`;
  return db.transaction(async (tx) => {
    const [{ active }] = (await tx
      .select({ active: sql<number>`count(*)::int` })
      .from(apiKey)
      .where(and(eq(apiKey.userId, options.userId), isNull(apiKey.revokedAt)))) as [{ active: number }];
    if (active >= MAX_API_KEYS_PER_USER) throw refused("api_key_limit", "integrations.apiKeyLimit", { max: MAX_API_KEYS_PER_USER });
    const [row] = await tx
      .insert(apiKey)
      .values({ userId: options.userId, name: options.name, prefix: key.slice(0, API_KEY_PREFIX.length + 6), keyHash: hashApiKey(key) })
      .returning({ id: apiKey.id });
    return { id: row!.id, key };
  });
}

export async function listApiKeys(db: Database, options: { userId: string }) {
  return db
    .select({
      id: apiKey.id,
      name: apiKey.name,
      prefix: apiKey.prefix,
      lastUsedAt: apiKey.lastUsedAt,
      revokedAt: apiKey.revokedAt,
      createdAt: apiKey.createdAt,
    })
    .from(apiKey)
    .where(eq(apiKey.userId, options.userId))
    .orderBy(desc(apiKey.createdAt));
}

export async function revokeApiKey(db: Database, options: { userId: string; keyId: string }) {
  if (!/^[0-9a-f-]{36}$/i.test(options.keyId)) return false;
  const rows = await db
    .update(apiKey)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKey.id, options.keyId), eq(apiKey.userId, options.userId), isNull(apiKey.revokedAt)))
    .returning({ id: apiKey.id });
  return rows.length > 0;
}

/** Revokes every live key of the owner (after a password reset, say); returns how many. */
export async function revokeAllApiKeys(db: Database, options: { userId: string }) {
  const rows = await db
    .update(apiKey)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKey.userId, options.userId), isNull(apiKey.revokedAt)))
    .returning({ id: apiKey.id });
  return rows.length;
}

export async function countActiveApiKeys(db: Database, options: { userId: string }) {
  const [{ active }] = (await db
    .select({ active: count() })
    .from(apiKey)
    .where(and(eq(apiKey.userId, options.userId), isNull(apiKey.revokedAt)))) as [{ active: number }];
  return active;
}

/** The owner of a live key, or null. Marks it used (at most once a minute, to spare writes). */
export async function authenticateApiKey(db: Database, key: string) {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return null;
  const [row] = await db
    .select({ id: apiKey.id, userId: apiKey.userId })
    .from(apiKey)
    .where(and(eq(apiKey.keyHash, hashApiKey(key)), isNull(apiKey.revokedAt)));
  if (!row) return null;
  await db
    .update(apiKey)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(apiKey.id, row.id), or(isNull(apiKey.lastUsedAt), lt(apiKey.lastUsedAt, sql`now() - interval '1 minute'`))));
  return row;
}
