// Visitor hashes with a daily salt shared by every process, and aggregated exclusion counts
// buffered in memory (decision 090).
import crypto from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { visitorSalt, type ScanExclusionReason } from "~/db/schema";
import { logger } from "~/utils/logger.server";
import { onShutdown } from "~/utils/services.server";
import { utcDay } from "./visitors";

const salts = new Map<string, Promise<string>>();

/** The salt of a UTC day: created by the first process that needs it, then cached. */
export function visitorSaltOf(db: Database, day: string = utcDay()): Promise<string> {
  let salt = salts.get(day);
  if (!salt) {
    salt = loadSalt(db, day);
    salts.set(day, salt);
    salt.catch(() => salts.delete(day));
  }
  return salt;
}

async function loadSalt(db: Database, day: string) {
  await db
    .insert(visitorSalt)
    .values({ day, salt: crypto.randomBytes(32).toString("base64url") })
    .onConflictDoNothing({ target: visitorSalt.day });
  const [row] = await db.select({ salt: visitorSalt.salt }).from(visitorSalt).where(eq(visitorSalt.day, day));
  // Yesterday's salt is thrown away: from now on no hash of that day can be recomputed.
  await db.delete(visitorSalt).where(lt(visitorSalt.day, day));
  for (const other of salts.keys()) if (other < day) salts.delete(other);
  return row!.salt;
}

/** sha256(day's salt + address + user agent): the same person on the same day, no address stored. */
export async function visitorHashOf(db: Database, options: { clientAddress: string; userAgent: string; day?: string }) {
  const salt = await visitorSaltOf(db, options.day);
  return crypto.createHash("sha256").update(salt).update("\n").update(options.clientAddress).update("\n").update(options.userAgent).digest("base64url");
}

// ---- Exclusions: counted in memory, written as one upsert every few seconds ----

export const EXCLUSION_FLUSH_MS = 2_000;

type Pending = { db: Database; counts: Map<string, number> };
const pending: Pending = { db: undefined as unknown as Database, counts: new Map() };
let timer: NodeJS.Timeout | undefined;

/**
 * Counts one load that was not a scan. No row per hit: a flood of bots costs one upsert per
 * campaign and reason every EXCLUSION_FLUSH_MS. A crash loses at most that window of these counts.
 */
export function recordExclusion(db: Database, campaignId: string, reason: ScanExclusionReason, day: string = utcDay()) {
  pending.db = db;
  const key = `${campaignId}|${day}|${reason}`;
  pending.counts.set(key, (pending.counts.get(key) ?? 0) + 1);
  if (!timer) {
    timer = setInterval(() => void flushExclusions(), EXCLUSION_FLUSH_MS);
    timer.unref();
    onShutdown(async () => {
      clearInterval(timer);
      timer = undefined;
      await flushExclusions();
    });
  }
}

let flushing: Promise<void> | undefined;

/** Writes the buffered counts (also called on shutdown and by tests). */
export async function flushExclusions(): Promise<void> {
  if (flushing) await flushing;
  if (pending.counts.size === 0) return;
  const counts = pending.counts;
  pending.counts = new Map();
  const rows = [...counts].map(([key, n]) => {
    const [campaignId, day, reason] = key.split("|");
    return { campaign_id: campaignId, day, reason, n };
  });
  flushing = (async () => {
    try {
      // Campaigns deleted since the load are skipped instead of failing the whole batch.
      await pending.db.execute(sql`
        insert into scan_exclusion (campaign_id, day, reason, count)
        select v.campaign_id, v.day, v.reason, v.n
        from json_to_recordset(${JSON.stringify(rows)}::json) as v(campaign_id uuid, day date, reason text, n int)
        where exists (select 1 from campaign c where c.id = v.campaign_id)
        on conflict (campaign_id, day, reason) do update set count = scan_exclusion.count + excluded.count`);
    } catch (error) {
      // Kept for the next round: a short outage delays these counts, it does not drop them.
      for (const [key, n] of counts) pending.counts.set(key, (pending.counts.get(key) ?? 0) + n);
      logger.warn({ err: error, keys: counts.size }, "scan exclusions not written yet");
    }
  })();
  await flushing;
  flushing = undefined;
}
