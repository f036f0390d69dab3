import { UAParser } from "ua-parser-js";
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

/**
 * Better Auth owns the sessions (and their cache): these functions ask it, with the browser's
 * request headers, rather than read the session table, so they take no `db`.
 */
export type ListAccountSessionsOptions = { headers: Headers; currentSessionId: string };

/** The account's active sessions, this one first; ids stay on the server side of the page. */
export async function listAccountSessions({ headers, currentSessionId }: ListAccountSessionsOptions): Promise<SessionRow[]> {
  const auth = await getAuth();
  const sessions = await auth.api.listSessions({ headers });
  return sessions
    .map((session) => ({
      id: session.id === currentSessionId ? "current" : String(sessions.indexOf(session)),
      device: describeDevice(session.userAgent),
      lastActive: new Date(session.updatedAt).toISOString(),
      current: session.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActive.localeCompare(a.lastActive));
}

export type SignOutOtherSessionsOptions = { headers: Headers };

export async function signOutOtherSessions({ headers }: SignOutOtherSessionsOptions) {
  const auth = await getAuth();
  await auth.api.revokeOtherSessions({ headers });
}
