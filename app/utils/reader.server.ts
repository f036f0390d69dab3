// Which database a read runs on when a streaming replica is configured: the replica (through
// `services.reader`) unless the reader's own write may not have reached it yet.
// Rules: docs/operations.md ("Read replica"); docs/decisions/530-readers-take-an-explicit-reader-handle.md.
import type { Database } from "~/db/client.server";
import { getServices } from "./services.server";

/** Set by the edge on a browser's write (any POST, PUT, PATCH or DELETE): when, in epoch ms. */
export const OWN_WRITE_COOKIE = "leadqr_wrote";
/** Longer than any lag a replica in use can have (30 s) plus a check; a write older than this is on it. */
export const OWN_WRITE_SECONDS = 60;

export function ownWriteCookie(options: { at: number; secure: boolean }) {
  const attributes = [`${OWN_WRITE_COOKIE}=${options.at}`, "Path=/", `Max-Age=${OWN_WRITE_SECONDS}`, "HttpOnly", "SameSite=Lax"];
  if (options.secure) attributes.push("Secure");
  return attributes.join("; ");
}

/** The moment of the browser's last write, if recent; a value from the future or the past is ignored. */
export function ownWriteAt(request: Request, now = Date.now()): number | undefined {
  const cookies = request.headers.get("cookie") ?? "";
  const raw = new RegExp(`(?:^|;\\s*)${OWN_WRITE_COOKIE}=(\\d{1,15})(?:;|$)`).exec(cookies)?.[1];
  if (!raw) return undefined;
  const at = Number(raw);
  return at <= now + 5_000 && at >= now - OWN_WRITE_SECONDS * 1000 ? at : undefined;
}

/**
 * The handle a dashboard, analytics, CSV export or API read takes: `services.reader` (the replica
 * while it is usable), or the primary when the caller wrote after the last moment the replica is
 * known to have caught up to, so a page after the user's own POST shows what they just wrote.
 * Give it the request (a browser: the edge's cookie) or the time of the caller's last write (an
 * API key). Without DATABASE_REPLICA_URL it is always the primary.
 */
export async function readerDb(options: { request?: Request; wroteAt?: number }): Promise<Database> {
  const { db, reader, database } = await getServices();
  if (!database.replica) return db;
  const wroteAt = options.wroteAt ?? (options.request ? ownWriteAt(options.request) : undefined);
  if (wroteAt !== undefined && wroteAt >= database.replica.status().caughtUpTo) return db;
  return reader;
}
