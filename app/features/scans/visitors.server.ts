// Visitor hashes with a daily salt shared by every process, and aggregated exclusion counts
// buffered in memory.
// Rules: docs/features/capture-and-leads.md ("What counts as a scan", "Visitor ids", "Unlimited campaigns: group
//   commit, no hot row", "Token budgets"); docs/features/counting.md ("Conversion").
import crypto from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { visitorSalt, type LeadRefusalReason, type ScanExclusionReason } from "~/db/schema";
import { logger } from "~/utils/logger.server";
import { onShutdown } from "~/utils/services.server";
import { visitorIdFromCookie } from "./visitor-id.server";
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

/**
 * sha256(day's salt + the browser's visitor id) when there is one, else
 * sha256(day's salt + address + user agent): the same visitor on the same day, nothing stored
 * that outlives the salt.
 */
export async function visitorHashOf(db: Database, options: { clientAddress: string; userAgent: string; visitorId?: string | null; day?: string }) {
  const salt = await visitorSaltOf(db, options.day);
  if (options.visitorId) return crypto.createHash("sha256").update(salt).update("\nid\n").update(options.visitorId).digest("base64url");
  return crypto
    .createHash("sha256")
    .update(salt)
    .update("\n")
    .update(options.clientAddress)
    .update("\n")
    .update(options.userAgent)
    .digest("base64url");
}

// ---- Counts kept in memory and written every few seconds ----

export const FLUSH_EVERY_MS = 1_000;

type Counts = Map<string, number>;
let database: Database | undefined;
let exclusions: Counts = new Map();
let tally: Counts = new Map();
let refusals: Counts = new Map();
let idEvents: Counts = new Map();
/** Ids issued by counted scans and not seen back yet: id → `campaign|day` (bounded; oldest dropped). */
const awaitingReturn = new Map<string, string>();
const MAX_AWAITING_RETURN = 100_000;
let timer: NodeJS.Timeout | undefined;
// This process's row of each campaign's tally: processes never wait on each other's rows.
const TALLY_SHARD = Math.floor(Math.random() * 16);

function bump(counts: Counts, key: string, db: Database, n = 1) {
  database = db;
  counts.set(key, (counts.get(key) ?? 0) + n);
  if (!timer) {
    timer = setInterval(() => void flushCounts(), FLUSH_EVERY_MS);
    timer.unref();
    onShutdown(async () => {
      clearInterval(timer);
      timer = undefined;
      await flushCounts();
    });
  }
}

/**
 * Counts one load that was not a scan. No row per hit: a flood of bots costs one upsert per
 * campaign and reason every FLUSH_EVERY_MS. A crash loses at most that window of these counts.
 * `n` = -1 takes one back: a burst's load whose lead arrived is a scan after all.
 */
export function recordExclusion(db: Database, campaignId: string, reason: ScanExclusionReason, day: string = utcDay(), n: 1 | -1 = 1) {
  bump(exclusions, `${campaignId}|${day}|${reason}`, db, n);
}

/** Counts one refused lead submission for the owner's analytics, like exclusions. */
export function recordLeadRefusal(db: Database, campaignId: string, reason: LeadRefusalReason, day: string = utcDay()) {
  bump(refusals, `${campaignId}|${day}|${reason}`, db);
}

/** A counted scan gave its browser a new visitor id: counted, and watched for its return. */
export function recordIdIssued(db: Database, campaignId: string, id: string, day: string = utcDay()) {
  bump(idEvents, `${campaignId}|${day}|issued`, db);
  awaitingReturn.set(id, `${campaignId}|${day}`);
  if (awaitingReturn.size > MAX_AWAITING_RETURN) awaitingReturn.delete(awaitingReturn.keys().next().value!);
}

/** A visitor id came back (the page's assets, the form, a later load): its scan's browser keeps cookies. */
export function noteIdReturned(id: string) {
  const key = awaitingReturn.get(id);
  if (!key || !database) return;
  awaitingReturn.delete(id);
  bump(idEvents, `${key}|returned`, database);
}

/** Any request of the site that carries a visitor id (the page's assets, the form post): it came back. */
export function noteVisitorCookie(cookieHeader: string | undefined) {
  const id = cookieHeader ? visitorIdFromCookie(cookieHeader) : null;
  if (id) noteIdReturned(id);
}

/** Adds a counted scan of an unlimited campaign to the campaign's shown total (its row is already written). */
export function tallyScan(db: Database, campaignId: string) {
  bump(tally, campaignId, db);
}

let flushing: Promise<void> | undefined;

/** Writes the buffered counts (also on shutdown, and by tests). A failed write keeps them for the next round. */
export async function flushCounts(): Promise<void> {
  while (flushing) await flushing;
  if (!database || (exclusions.size === 0 && tally.size === 0 && refusals.size === 0 && idEvents.size === 0)) return;
  const db = database;
  const [pendingExclusions, pendingTally, pendingRefusals, pendingIdEvents] = [exclusions, tally, refusals, idEvents];
  exclusions = new Map();
  tally = new Map();
  refusals = new Map();
  idEvents = new Map();
  flushing = (async () => {
    await writeDailyCounts(db, "scan_exclusion", pendingExclusions, () => restore(exclusions, pendingExclusions));
    if (pendingTally.size > 0) {
      const rows = [...pendingTally].map(([campaignId, n]) => ({ campaign_id: campaignId, n }));
      try {
        await db.execute(sql`
          insert into campaign_scan_tally (campaign_id, shard, scans)
          select v.campaign_id, ${TALLY_SHARD}, v.n
          from json_to_recordset(${JSON.stringify(rows)}::json) as v(campaign_id uuid, n int)
          where exists (select 1 from campaign c where c.id = v.campaign_id)
          on conflict (campaign_id, shard) do update set scans = campaign_scan_tally.scans + excluded.scans`);
      } catch (error) {
        restore(tally, pendingTally);
        logger.warn({ err: error }, "scan totals not written yet");
      }
    }
    await writeDailyCounts(db, "lead_refusal", pendingRefusals, () => restore(refusals, pendingRefusals));
    await writeDailyCounts(db, "visitor_id_count", pendingIdEvents, () => restore(idEvents, pendingIdEvents));
  })();
  try {
    await flushing;
  } finally {
    flushing = undefined;
  }
}

/** Adds buffered counts keyed `campaign|day|reason` to a daily table; campaigns deleted since are skipped. */
async function writeDailyCounts(db: Database, table: "scan_exclusion" | "lead_refusal" | "visitor_id_count", pending: Counts, onFailure: () => void) {
  if (pending.size === 0) return;
  const rows = [...pending].map(([key, n]) => {
    const [campaignId, day, reason] = key.split("|");
    return { campaign_id: campaignId, day, reason, n };
  });
  const name = sql.identifier(table);
  try {
    await db.execute(sql`
      insert into ${name} (campaign_id, day, reason, count)
      select v.campaign_id, v.day, v.reason, v.n
      from json_to_recordset(${JSON.stringify(rows)}::json) as v(campaign_id uuid, day date, reason text, n int)
      where exists (select 1 from campaign c where c.id = v.campaign_id)
      on conflict (campaign_id, day, reason) do update set count = ${name}.count + excluded.count`);
  } catch (error) {
    onFailure();
    logger.warn({ err: error, table }, "daily counts not written yet");
  }
}

function restore(into: Counts, from: Counts) {
  for (const [key, n] of from) into.set(key, (into.get(key) ?? 0) + n);
}
