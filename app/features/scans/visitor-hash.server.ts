// Visitor hashes with a daily salt shared by every process. What is counted about visitors and
// scans lives in the counters named for it (scan-exclusions, lead-refusals, visitor-id-returns, scan-tally).
// Rules: docs/features/capture-and-leads.md ("What counts as a scan", "Visitor ids").
import crypto from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { visitorSalt } from "~/db/schema";
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
