import { sql } from "drizzle-orm";
import { getServices } from "./services.server";

const UTC = "UTC";

// The names PostgreSQL accepts, read once per process: Node's Intl and the database ship different
// tz data (Intl still knows `US/Pacific-New`, PostgreSQL does not), and the zone is used by both.
let databaseZones: Promise<Set<string>> | undefined;

function loadDatabaseZones() {
  databaseZones ??= (async () => {
    const { db } = await getServices();
    const result = await db.execute(sql`select name from pg_timezone_names`);
    return new Set((result as unknown as { rows: Array<{ name: string }> }).rows.map((row) => row.name));
  })().catch((error) => {
    databaseZones = undefined;
    throw error;
  });
  return databaseZones;
}

/**
 * The visitor's IANA time zone from the `tz` cookie set by the root document; UTC when unknown,
 * or when either Node or PostgreSQL would refuse it.
 */
export function getTimeZone(request: Request): Promise<string> {
  return timeZoneOfCookie(request.headers.get("cookie"));
}

/** The same, from a Cookie header read without a Request (the lead post answered before Express). */
export async function timeZoneOfCookie(cookie: string | null | undefined): Promise<string> {
  const match = /(?:^|;\s*)tz=([^;]+)/.exec(cookie ?? "");
  if (!match) return UTC;
  let zone: string;
  try {
    zone = decodeURIComponent(match[1]!);
    if (zone.length > 64) return UTC;
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
  } catch {
    return UTC;
  }
  return (await loadDatabaseZones()).has(zone) ? zone : UTC;
}
