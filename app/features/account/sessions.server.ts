import { and, eq, gt } from "drizzle-orm";
import { UAParser } from "ua-parser-js";
import type { Database } from "~/db/client.server";
import { session } from "~/db/schema";
import { getAuth } from "~/features/auth/auth.server";

export type SessionRow = { id: string; device: string; lastActive: string; current: boolean };

/** A person-readable name for the device a session was made from ("Chrome on Android"). */
export function describeDevice(userAgent: string | null | undefined) {
  if (!userAgent) return "Unknown device";
  const { browser, os, device } = new UAParser(userAgent).getResult();
  const what = [browser.name ?? "Unknown browser", os.name ? `on ${os.name}` : null].filter(Boolean).join(" ");
  const handheld =
    (device.type === "mobile" || device.type === "tablet") && device.model ? [device.vendor, device.model].filter(Boolean).join(" ") : null;
  return handheld ? `${what} (${handheld})` : what;
}

export type ListAccountSessionsOptions = { userId: string; currentSessionId: string };

/**
 * The account's active sessions, this one first; ids stay on the server side of the page. Read
 * from the session table rather than Better Auth's `listSessions`, which refuses (as "not fresh")
 * any session made more than a day ago: Settings must open for an owner signed in last week.
 */
export async function listAccountSessions(db: Database, { userId, currentSessionId }: ListAccountSessionsOptions): Promise<SessionRow[]> {
  const sessions = await db
    .select({ id: session.id, userAgent: session.userAgent, updatedAt: session.updatedAt })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())));
  return sessions
    .map((row, index) => ({
      id: row.id === currentSessionId ? "current" : String(index),
      device: describeDevice(row.userAgent),
      lastActive: row.updatedAt.toISOString(),
      current: row.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActive.localeCompare(a.lastActive));
}

/** Better Auth ends the other sessions (and any cache of them), with the browser's request headers. */
export type SignOutOtherSessionsOptions = { headers: Headers };

export async function signOutOtherSessions({ headers }: SignOutOtherSessionsOptions) {
  const auth = await getAuth();
  await auth.api.revokeOtherSessions({ headers });
}
